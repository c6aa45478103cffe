/// The App Store lookup answer (`https://itunes.apple.com/lookup?id=…`), keeping the fields
/// the decision and the simulated App Store use. Other fields, such as `fileSizeBytes` (a
/// string in the real answer), are ignored.
struct AppStoreLookup: Decodable, Sendable {
    struct Entry: Decodable, Sendable {
        let version: String
        let trackId: Int?
        let trackName: String?
        let trackViewUrl: String?
        let bundleId: String?
        let currentVersionReleaseDate: String?
        let minimumOsVersion: String?
        let releaseNotes: String?
    }

    let resultCount: Int?
    let results: [Entry]
}
