import FoundationEssentials
import ToasterCore
import ToasterWire

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
        case .id(let id): (AppStoreLookupAPI.Query.id, id)
        case .bundleID(let bundleID): (AppStoreLookupAPI.Query.bundleID, bundleID)
        }
        let data = try location.read(timeout: timeout, query: [key, (AppStoreLookupAPI.Query.country, country), ("_", cacheBuster())])
        let what = "App Store lookup answer from \(location)"
        guard let entry = try AppStoreLookupAPI.Answer.entry(from: data, what: what) else {
            throw SourceError(.notListed, "app not found in store \(country)")
        }
        let version = JSONPlace.root.key(AppStoreLookupAPI.Answer.CodingKeys.results.stringValue).index(0)
            .key(AppStoreLookupAPI.Result.CodingKeys.version.stringValue)
        try JSONPayload.checkVersion(entry.version, at: version, what: what)
        return Self.answer(from: entry)
    }

    static func answer(from entry: AppStoreLookupAPI.Result) -> SourceAnswer {
        var answer = SourceAnswer(
            latestVersion: entry.version,
            // The reference app opens the store app directly rather than the web page in trackViewUrl.
            updateURL: entry.trackId.map { AppStoreURL.forApp(id: String($0)) },
            listing: entry.listing
        )
        answer.latestName = "the App Store lookup"
        answer.storeVersion = entry.version
        return answer
    }
}

extension AppStoreLookupAPI.Answer {
    /// The app's entry, nil for `resultCount: 0` (not listed in that storefront). Fields the
    /// decision does not use, such as `fileSizeBytes`, are read but not used.
    static func entry(from data: Data, what: String) throws(SourceError) -> AppStoreLookupAPI.Result? {
        let lookup = try JSONPayload.decode(Self.self, from: data, what: what).value
        return lookup.resultCount == 0 ? nil : lookup.results.first
    }
}

extension AppStoreLookupAPI.Result {
    var listing: StoreListing {
        StoreListing(appName: trackName, version: version, releaseNotes: releaseNotes,
                     releaseDate: currentVersionReleaseDate, minimumOSVersion: minimumOsVersion)
    }

    var lookupEntry: LookupEntry { LookupEntry(listing: listing, trackID: trackId, bundleID: bundleId) }
}
