import FoundationEssentials
import ToasterCore
import ToasterWire

/// Reads what App Store Connect knows about an app (docs/10-preflight.md): its availability by
/// territory, its iOS versions, and for the newest its phased release and its build's minimum
/// iOS. Every request goes through the HTTP client (proxies, `--ca-file`), carries the bearer
/// token, is retried with backoff when it failed for a reason that passes (429, 5xx, a timeout),
/// and follows `links.next` through every page, on the same origin only: the token never goes
/// to another host.
public struct AppStoreConnectClient: Sendable {
    typealias API = AppStoreConnectAPI

    public static let defaultURL = "https://api.appstoreconnect.apple.com"
    /// More pages than any list preflight reads has (175 territories at 200 a page); a server
    /// that keeps linking on is refused rather than followed forever.
    static let maximumPages = 50
    /// Apple's largest page.
    static let pageSize = 200

    public let baseURL: String
    let token: AppStoreConnectToken
    let timeout: Duration
    let retry: RetryStrategy
    let pace: any Pace
    /// Fetches one URL with headers; the HTTP client unless a test injects another.
    let fetch: @Sendable (_ url: String, _ headers: [(String, String)], _ timeout: Duration) throws(SourceError) -> Data

    public init(baseURL: String, token: AppStoreConnectToken, timeout: Duration, trust: CertificateTrust = .system,
                retry: RetryStrategy = RetryStrategy(), pace: any Pace = MonotonicPace()) throws(SourceError) {
        try self.init(baseURL: baseURL, token: token, timeout: timeout, retry: retry, pace: pace) {
            (url: String, headers: [(String, String)], timeout: Duration) throws(SourceError) -> Data in
            try HTTPFetcher(timeout: timeout, trust: trust).fetch(url, headers: headers)
        }
    }

    init(baseURL: String, token: AppStoreConnectToken, timeout: Duration, retry: RetryStrategy, pace: any Pace,
         fetch: @escaping @Sendable (_ url: String, _ headers: [(String, String)], _ timeout: Duration) throws(SourceError) -> Data)
        throws(SourceError) {
        guard case .web = try? SourceLocation(parsing: baseURL), let components = URLComponents(string: baseURL),
              components.query == nil else {
            throw SourceError(.misconfigured, "--asc-url \"\(baseURL)\" is not an http:// or https:// URL without a query")
        }
        self.baseURL = baseURL.hasSuffix("/") ? String(baseURL.dropLast()) : baseURL
        self.token = token
        self.timeout = timeout
        self.retry = retry
        self.pace = pace
        self.fetch = fetch
    }

    /// Everything preflight uses, for the app with this App Store id (or, without one, this bundle id).
    public func facts(appID: String?, bundleID: String?) throws(SourceError) -> AppStoreConnectFacts {
        let id: String
        if let appID { id = appID } else { id = try resolveID(bundleID: bundleID ?? "") }
        let (available, unavailable) = try territories(appID: id)
        let path = API.AppStoreVersion.path(app: try Self.segment(id))
        let versions = try list(path, query: [(API.Query.platformFilter, API.iOS), (API.Query.limit, String(Self.pageSize))], as: API.AppStoreVersion.self)
        guard !versions.isEmpty else {
            throw SourceError(.unusableAnswer, "App Store Connect lists no iOS version of app \(id) (GET \(path))")
        }
        let readable = versions.map { version in
            AppStoreConnectVersion(versionString: version.attributes.versionString, state: version.attributes.appVersionState,
                                   releaseType: version.attributes.releaseType, earliestReleaseDate: version.attributes.earliestReleaseDate)
        }
        var facts = AppStoreConnectFacts(availableStorefronts: available, unavailableStorefronts: unavailable, versions: readable)
        if let newest = facts.newest, let resource = versions.first(where: { $0.attributes.versionString == newest.versionString }) {
            let version = try Self.segment(resource.id)
            facts.phasedRelease = try one(API.versionPath(version, relationship: API.PhasedRelease.relationship), as: API.PhasedRelease.self).map {
                PhasedRelease(state: $0.attributes.phasedReleaseState, currentDayNumber: $0.attributes.currentDayNumber,
                              startDate: $0.attributes.startDate)
            }
            facts.buildMinimumOSVersion = try one(API.versionPath(version, relationship: API.Build.relationship), as: API.Build.self)?
                .attributes.minOsVersion
        }
        return facts
    }

    private func resolveID(bundleID: String) throws(SourceError) -> String {
        let apps = try page(url: url(API.appsPath, query: [(API.Query.bundleIDFilter, bundleID)]),
                            endpoint: "GET \(API.appsPath)?\(API.Query.bundleIDFilter)=\(bundleID)", as: API.Identifier.self).data
        guard let app = apps.first else {
            throw SourceError(.misconfigured, "App Store Connect has no app with bundle id \(bundleID) that key \(token.keyID) can see")
        }
        return app.id
    }

    /// Storefronts where the app is available and where it is not; territories no storefront
    /// stands for are left out.
    private func territories(appID: String) throws(SourceError) -> (available: [String], unavailable: [String]) {
        let path = API.AppAvailability.path(app: try Self.segment(appID))
        guard let availability = try one(path, as: API.AppAvailability.self) else {
            throw SourceError(.unusableAnswer, "App Store Connect has no availability for app \(appID) (GET \(path))")
        }
        let fallback = baseURL + API.TerritoryAvailability.path(availability: try Self.segment(availability.id))
        let related = availability.relationships?.territoryAvailabilities?.links?.related ?? fallback
        let first = related + (related.contains("?") ? "&" : "?")
            + "\(API.Query.include)=\(API.TerritoryAvailability.Relationships.CodingKeys.territory.stringValue)&\(API.Query.limit)=\(Self.pageSize)"
        let items = try pages(from: first, endpoint: "GET " + endpointName(related), as: API.TerritoryAvailability.self)
        guard !items.isEmpty else {
            throw SourceError(.unusableAnswer, "App Store Connect lists no territory for app \(appID) (GET \(endpointName(related)))")
        }
        var available: [String] = [], unavailable: [String] = []
        for item in items {
            guard let code = AppStoreTerritories.storefrontByTerritory[item.relationships.territory.data.id] else { continue }
            if item.attributes.available { available.append(code) } else { unavailable.append(code) }
        }
        return (available, unavailable)
    }

    private func one<Resource: Codable & Sendable & Equatable>(_ path: String, as type: Resource.Type) throws(SourceError) -> Resource? {
        let data = try get(url(path, query: []), endpoint: "GET \(path)")
        return try JSONPayload.decode(API.One<Resource>.self, from: data, what: "App Store Connect GET \(path) answer").value.data
    }

    private func list<Resource: Codable & Sendable & Equatable>(_ path: String, query: [(String, String)], as type: Resource.Type) throws(SourceError) -> [Resource] {
        try pages(from: url(path, query: query), endpoint: "GET \(path)", as: type)
    }

    /// Every page from `first` on, following `links.next`.
    private func pages<Resource: Codable & Sendable & Equatable>(from first: String, endpoint: String, as type: Resource.Type) throws(SourceError) -> [Resource] {
        var items: [Resource] = [], next: String? = first, seen: Set<String> = []
        while let url = next {
            guard seen.count < Self.maximumPages, seen.insert(url).inserted else {
                throw SourceError(.unusableAnswer, "App Store Connect \(endpoint) keeps linking to more pages (\(seen.count) read): its paging is broken")
            }
            guard sameOrigin(url) else {
                throw SourceError(.unusableAnswer, "App Store Connect \(endpoint) links its next page to another host (\(HTTPFetcher.host(url))), which is not followed")
            }
            let page = try page(url: url, endpoint: endpoint, as: type)
            items += page.data
            next = page.links?.next
        }
        return items
    }

    private func page<Resource: Codable & Sendable & Equatable>(url: String, endpoint: String, as type: Resource.Type)
        throws(SourceError) -> API.Page<Resource> {
        try JSONPayload.decode(API.Page<Resource>.self, from: try get(url, endpoint: endpoint),
                               what: "App Store Connect \(endpoint)").value
    }

    /// One authorised GET, retried when the failure passes; 401, 403 and 404 are final and said
    /// in one sentence. Every other failure names App Store Connect and the endpoint, as the
    /// transport's own words (`HTTP 429 … from 127.0.0.1:8080`) name neither.
    private func get(_ url: String, endpoint: String) throws(SourceError) -> Data {
        try retry.run(pace: pace) { () throws(SourceError) -> Data in
            let headers = [("Authorization", "Bearer " + (try token.bearer())), ("Accept", "application/json")]
            do throws(SourceError) { return try fetch(url, headers, timeout) } catch {
                // The status and Retry-After stay: the retry decides and paces by them.
                throw refusal(error, endpoint: endpoint)
                    ?? SourceError(error.kind, "App Store Connect \(endpoint) failed: \(error.message)", httpStatus: error.httpStatus,
                                   retryAfter: error.retryAfter)
            }
        }
    }

    /// The sentence for an answer that retrying cannot change (and so carries no status to retry on).
    private func refusal(_ error: SourceError, endpoint: String) -> SourceError? {
        let key = token.keyID
        switch error.httpStatus {
        case 401:
            return SourceError(.misconfigured, "App Store Connect refused key \(key) (HTTP 401 at \(endpoint)): check that the key is not revoked, that --asc-issuer-id is its issuer id, and that this machine's clock is right (the token is valid 20 minutes from its issue time)")
        case 403:
            return SourceError(.misconfigured, "App Store Connect key \(key) may not read this (HTTP 403 at \(endpoint)): check the key's role (App Manager, Developer or Admin can read apps and versions), that it is not revoked, and that this machine's clock is right")
        case 404:
            return SourceError(.misconfigured, "App Store Connect answered 404 at \(endpoint): no such app, or key \(key) cannot see it")
        default:
            return nil
        }
    }

    private func url(_ path: String, query: [(String, String)]) -> String {
        guard !query.isEmpty, var components = URLComponents(string: baseURL + path) else { return baseURL + path }
        components.queryItems = query.map { URLQueryItem(name: $0.0, value: $0.1) }
        return components.string ?? baseURL + path
    }

    /// `https://host/v2/x?cursor=…` → `/v2/x`, for messages.
    private func endpointName(_ url: String) -> String {
        URLComponents(string: url)?.path ?? url
    }

    private func sameOrigin(_ url: String) -> Bool {
        guard let link = URLComponents(string: url), let base = URLComponents(string: baseURL) else { return false }
        return link.scheme?.lowercased() == base.scheme?.lowercased() && link.host?.lowercased() == base.host?.lowercased()
            && link.port == base.port
    }

    /// An id as one path segment: App Store Connect's ids are letters, digits and dashes, and
    /// anything else would change the path.
    static func segment(_ id: String) throws(SourceError) -> String {
        guard AppStoreConnectToken.isPlainID(id) else {
            throw SourceError(.unusableAnswer, "App Store Connect id \(JSONValue.string(TextSanitizer.cleanLine(id)).serialized()) is not letters, digits and dashes")
        }
        return id
    }
}
