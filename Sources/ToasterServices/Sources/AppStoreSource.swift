import FoundationEssentials
import ToasterCore

/// `--source appstore`: the App Store lookup (`GET {url}?id=…&country=…`, or a file).
public struct AppStoreSource: ServiceSource {
    /// Which app to look up: by App Store id or by bundle id.
    public enum AppKey: Sendable, Equatable {
        case id(String)
        case bundleID(String)
    }

    public let location: SourceLocation
    public let app: AppKey
    public let country: String
    public let timeout: Duration
    /// A value that changes per request, so that a stale CDN copy is not served (the lookup's
    /// CDN can lag a day behind a release).
    public let cacheBuster: @Sendable () -> String

    public init(location: SourceLocation, app: AppKey, country: String, timeout: Duration = .seconds(5),
                cacheBuster: @escaping @Sendable () -> String) {
        self.location = location
        self.app = app
        self.country = country
        self.timeout = timeout
        self.cacheBuster = cacheBuster
    }

    public var name: String { "appstore" }

    public func fetchPolicy() throws(SourceError) -> UpdatePolicy {
        let key: (String, String) = switch app {
        case .id(let id): ("id", id)
        case .bundleID(let bundleID): ("bundleId", bundleID)
        }
        let data = try location.read(timeout: timeout, query: [key, ("country", country), ("_", cacheBuster())])
        let lookup = try JSONPayload.decode(AppStoreLookup.self, from: data, what: "App Store lookup").value
        guard let entry = lookup.results.first, lookup.resultCount != 0 else {
            throw SourceError(.notListed, "app not found in store \(country)")
        }
        return Self.policy(from: entry)
    }

    static func policy(from entry: AppStoreLookup.Entry) -> UpdatePolicy {
        UpdatePolicy(
            latestVersion: entry.version,
            // The reference app opens the store app directly rather than the web page in trackViewUrl.
            updateURL: entry.trackId.map { AppStoreURL.forApp(id: String($0)) },
            listing: StoreListing(appName: entry.trackName ?? "Toaster", version: entry.version,
                                  releaseNotes: entry.releaseNotes,
                                  releaseDate: entry.currentVersionReleaseDate,
                                  minimumOSVersion: entry.minimumOsVersion)
        )
    }
}

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
