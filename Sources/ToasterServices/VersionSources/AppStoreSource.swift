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

    public func fetchAnswer() throws(SourceError) -> SourceAnswer {
        let key: (String, String) = switch app {
        case .id(let id): ("id", id)
        case .bundleID(let bundleID): ("bundleId", bundleID)
        }
        let data = try location.read(timeout: timeout, query: [key, ("country", country), ("_", cacheBuster())])
        let what = "App Store lookup answer from \(location)"
        guard let entry = try AppStoreLookup.entry(from: data, what: what) else {
            throw SourceError(.notListed, "app not found in store \(country)")
        }
        try JSONPayload.checkVersion(entry.version, at: JSONPlace.root.key("results").index(0).key("version"), what: what)
        return Self.answer(from: entry)
    }

    static func answer(from entry: AppStoreLookup.Entry) -> SourceAnswer {
        SourceAnswer(
            latestVersion: entry.version,
            // The reference app opens the store app directly rather than the web page in trackViewUrl.
            updateURL: entry.trackId.map { AppStoreURL.forApp(id: String($0)) },
            listing: entry.listing
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

    /// The app's entry, nil for `resultCount: 0` (not listed in that storefront).
    static func entry(from data: Data, what: String) throws(SourceError) -> Entry? {
        let lookup = try JSONPayload.decode(AppStoreLookup.self, from: data, what: what).value
        return lookup.resultCount == 0 ? nil : lookup.results.first
    }
}

extension AppStoreLookup.Entry {
    var listing: StoreListing {
        StoreListing(appName: trackName, version: version, releaseNotes: releaseNotes,
                     releaseDate: currentVersionReleaseDate, minimumOSVersion: minimumOsVersion)
    }

    var lookupEntry: LookupEntry { LookupEntry(listing: listing, trackID: trackId, bundleID: bundleId) }
}
