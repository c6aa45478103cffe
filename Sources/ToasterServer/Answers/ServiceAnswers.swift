import FoundationEssentials
import ToasterCore
import ToasterPolicy

/// The JSON bodies of the three services, shaped as the real ones are.
enum ServiceAnswers {
    struct Lookup: Encodable {
        struct Result: Encodable {
            let kind = "software"
            let trackId: Int
            let bundleId: String
            let trackName: String
            let trackViewUrl: String
            let version: String
            let currentVersionReleaseDate: String?
            let releaseNotes: String?
            let minimumOsVersion: String?
            /// A string in the real answer.
            let fileSizeBytes = "52428800"
        }

        let resultCount: Int
        let results: [Result]
    }

    static func lookup(_ app: AppPolicy?, release: StoreRelease?, country: String) -> Lookup {
        guard let app, let release else { return Lookup(resultCount: 0, results: []) }
        return Lookup(resultCount: 1, results: [Lookup.Result(
            trackId: app.trackId, bundleId: app.bundleId, trackName: app.name,
            trackViewUrl: "https://apps.apple.com/\(country)/app/id\(app.trackId)", version: release.version,
            currentVersionReleaseDate: release.releaseDate, releaseNotes: app.releaseNotes, minimumOsVersion: release.minimumOsVersion)])
    }

    struct RemoteConfig: Encodable {
        let entries: [String: String]?
        let state: String
    }

    /// Firebase answers without `entries` when there is no template for the app.
    static func remoteConfig(_ app: AppPolicy?) -> RemoteConfig {
        guard let app else { return RemoteConfig(entries: nil, state: "NO_TEMPLATE") }
        let keys = RemoteConfigKeys.default
        var entries = [keys.latest: app.version, keys.storeURL: app.storeURL]
        entries[keys.minimumRequired] = app.minRequiredVersion
        return RemoteConfig(entries: entries, state: "UPDATE")
    }

    struct CMSObject: Encodable {
        let createdAt: String
        let updatedAt: String
        let publishedAt: String?
        let revisedAt: String
        let title: String
        let message: String
        let startDate: String
        let endDate: String
        let minAppVersion: String
        let maxAppVersion: String
        let buttonTitle: String
        let url: String
    }

    static func cms(_ forced: ForcedWindow) -> CMSObject {
        CMSObject(createdAt: forced.startDate, updatedAt: forced.startDate, publishedAt: forced.startDate,
                  revisedAt: forced.startDate, title: forced.title, message: forced.message,
                  startDate: forced.startDate, endDate: forced.endDate, minAppVersion: forced.minAppVersion,
                  maxAppVersion: forced.maxAppVersion, buttonTitle: forced.buttonTitle, url: forced.url)
    }

    struct Message: Encodable {
        let message: String
    }

    /// Google's error answer, which Firebase's clients read: `{"error": {"code", "message", "status"}}`.
    struct GoogleError: Encodable {
        let error: [String: GoogleErrorField]

        init(_ code: Int, _ status: String, _ message: String) {
            error = ["code": .number(code), "message": .text(message), "status": .text(status)]
        }
    }

    enum GoogleErrorField: Encodable {
        case number(Int), text(String)

        func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            switch self {
            case .number(let number): try container.encode(number)
            case .text(let text): try container.encode(text)
            }
        }
    }

    /// Firebase Installations' answer to a registration; a refresh answers its `authToken` alone.
    struct Installation: Encodable {
        let name: String, fid: String, refreshToken: String
        let authToken: InstallationToken
    }

    struct InstallationToken: Encodable {
        let token: String, expiresIn: String
    }
}
