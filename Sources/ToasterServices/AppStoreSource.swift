import FoundationEssentials
import ToasterCore

/// `--source appstore`: an App Store lookup answer, read from `--url` (file: for now).
public struct AppStoreSource: VersionSource {
    public let location: SourceLocation
    public let country: String

    public init(location: SourceLocation, country: String) {
        self.location = location
        self.country = country
    }

    public var name: String { "appstore" }

    public func fetchPolicy() async throws(SourceError) -> UpdatePolicy {
        let data = try await location.read()
        let lookup = try JSONPayload.decode(AppStoreLookup.self, from: data, what: "App Store lookup")
        guard let entry = lookup.results.first, lookup.resultCount != 0 else {
            throw SourceError("app not found in store \(country)")
        }
        return Self.policy(from: entry)
    }

    static func policy(from entry: AppStoreLookup.Entry) -> UpdatePolicy {
        UpdatePolicy(
            latestVersion: entry.version,
            // The seed opens the store app directly rather than the web page in trackViewUrl.
            updateURL: entry.trackId.map { "itms-apps://itunes.apple.com/app/id\($0)" },
            listing: StoreListing(appName: entry.trackName ?? "Toaster", version: entry.version,
                                  releaseNotes: entry.releaseNotes,
                                  releaseDate: entry.currentVersionReleaseDate.map { String($0.prefix(10)) },
                                  minimumOSVersion: entry.minimumOsVersion)
        )
    }
}
