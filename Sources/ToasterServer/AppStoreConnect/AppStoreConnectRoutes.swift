import FoundationEssentials
import HTTPTypes
import Hummingbird
import ToasterCore
import ToasterPolicy
import ToasterWire

/// toaster-server's App Store Connect: the reads `toastercli preflight --asc-…` makes, answered
/// from the policy's `appStoreConnect` objects as JSON:API documents, every request's token
/// verified. Lists come in pages of at most `pageSize`, smaller than Apple's 200, so that a
/// client's paging is exercised by the 175 territories.
enum AppStoreConnectRoutes {
    typealias API = AppStoreConnectAPI
    static let pageSize = 50

    /// Each route is its path as the client writes it, with the ids as captures.
    static func add(to router: Router<BasicRequestContext>, store: PolicyStore, verifier: AppStoreConnectVerifier?) {
        router.get(RouterPath(API.appsPath)) { request, _ in
            try await authorized(request, verifier) {
                // Clients percent-encode the brackets; Hummingbird leaves query keys as sent.
                let query = request.uri.queryParameters
                let filter = API.Query.bundleIDFilter
                let bundleID = query.get(filter) ?? query.get(filter.replacing("[", with: "%5B").replacing("]", with: "%5D"))
                let apps = store.policy.apps.filter { $0.bundleId == bundleID && $0.appStoreConnect != nil }
                return document(API.Page(data: apps.map { API.Identifier(type: API.Identifier.apps, id: String($0.trackId)) },
                                         links: API.Links(this: link(request))))
            }
        }
        router.get(RouterPath(API.AppAvailability.path(app: ":id"))) { request, context in
            try await authorized(request, verifier) {
                guard let app = connectApp(context.parameters.get("id"), in: store) else { return notFound(API.Identifier.apps, context.parameters.get("id")) }
                let related = origin(request) + API.TerritoryAvailability.path(availability: String(app.trackId))
                return document(API.One(data: API.AppAvailability(id: String(app.trackId), availableInNewTerritories: false,
                                                                  territoryAvailabilities: related)))
            }
        }
        router.get(RouterPath(API.TerritoryAvailability.path(availability: ":id"))) { request, context in
            try await authorized(request, verifier) {
                guard let app = connectApp(context.parameters.get("id"), in: store) else {
                    return notFound(API.AppAvailability.resourceType, context.parameters.get("id"))
                }
                let available = Set(app.availableStorefronts)
                let territories = AppStoreStorefronts.all.compactMap { code in AppStoreTerritories.territory(forStorefront: code).map { ($0, code) } }
                return paged(request, territories) { territory, code in
                    API.TerritoryAvailability(id: "\(app.trackId)-\(territory)", available: available.contains(code), territory: territory)
                }
            }
        }
        router.get(RouterPath(API.AppStoreVersion.path(app: ":id"))) { request, context in
            try await authorized(request, verifier) {
                guard let app = connectApp(context.parameters.get("id"), in: store), let connect = app.appStoreConnect else {
                    return notFound(API.Identifier.apps, context.parameters.get("id"))
                }
                return paged(request, Array(connect.versions.enumerated())) { index, release in
                    API.AppStoreVersion(id: "\(app.trackId)-\(index)", attributes: .init(
                        platform: API.iOS, versionString: release.versionString, appVersionState: release.appVersionState,
                        releaseType: release.releaseType, earliestReleaseDate: release.earliestReleaseDate))
                }
            }
        }
        // A version's to-one relationships: the resource, or "data": null when it has none.
        toOne(router, API.PhasedRelease.relationship, store: store, verifier: verifier) { id, release in
            release.phasedRelease.map {
                API.PhasedRelease(id: id, phasedReleaseState: $0.phasedReleaseState, currentDayNumber: $0.currentDayNumber, startDate: $0.startDate)
            }
        }
        toOne(router, API.Build.relationship, store: store, verifier: verifier) { id, release in
            release.minOsVersion.map { API.Build(id: id, minOsVersion: $0) }
        }
    }

    /// `GET /v1/appStoreVersions/{id}/{relationship}`: the related resource of a version, if any.
    private static func toOne<Resource: Codable & Sendable & Equatable>(
        _ router: Router<BasicRequestContext>, _ relationship: String, store: PolicyStore, verifier: AppStoreConnectVerifier?,
        _ resource: @escaping @Sendable (_ id: String, AppStoreConnectRelease) -> Resource?
    ) {
        router.get(RouterPath(API.versionPath(":id", relationship: relationship))) { request, context in
            try await authorized(request, verifier) {
                guard let found = storeVersion(context.parameters.get("id"), in: store) else {
                    return notFound(API.AppStoreVersion.resourceType, context.parameters.get("id"))
                }
                return document(API.One(data: resource(found.id, found.release)))
            }
        }
    }

    /// Runs `answer` for a request whose token verifies; 401 with App Store Connect's error
    /// document otherwise, and always when the server was started without a key.
    private static func authorized(_ request: Request, _ verifier: AppStoreConnectVerifier?, _ answer: () -> Response) async throws -> Response {
        let reason: String? = if let verifier {
            await verifier.refusal(authorization: request.headers[.authorization], now: Date())
        } else {
            "toaster-server simulates App Store Connect only when started with --asc-public-key"
        }
        guard let reason else { return answer() }
        return error(.unauthorized, code: API.Errors.Code.notAuthorized.rawValue,
                     title: "Authentication credentials are missing or invalid.", detail: reason)
    }

    private static func connectApp(_ id: String?, in store: PolicyStore) -> AppPolicy? {
        store.policy.apps.first { String($0.trackId) == id && $0.appStoreConnect != nil }
    }

    /// `{trackId}-{index}` → the version.
    private static func storeVersion(_ id: String?, in store: PolicyStore) -> (id: String, release: AppStoreConnectRelease)? {
        guard let id, let dash = id.lastIndex(of: "-"), let index = Int(id[id.index(after: dash)...]),
              let versions = connectApp(String(id[..<dash]), in: store)?.appStoreConnect?.versions, versions.indices.contains(index) else { return nil }
        return (id, versions[index])
    }

    /// One page of `items` from `cursor` (an offset), with `links.next` while more are left.
    private static func paged<Item, Resource: Codable & Sendable & Equatable>(_ request: Request, _ items: [Item], _ resource: (Item) -> Resource)
        -> Response {
        let query = request.uri.queryParameters
        let size = min(pageSize, max(1, query.get(API.Query.limit).flatMap { Int($0) } ?? pageSize))
        let start = min(items.count, max(0, query.get("cursor").flatMap { Int($0) } ?? 0))
        let end = min(items.count, start + size)
        var next: String?
        if end < items.count, var components = URLComponents(string: link(request)) {
            let kept = (components.queryItems ?? []).filter { $0.name != "cursor" }
            components.queryItems = kept + [URLQueryItem(name: "cursor", value: String(end))]
            next = components.string
        }
        return document(API.Page(data: items[start..<end].map(resource), links: API.Links(this: link(request), next: next)))
    }

    private static func origin(_ request: Request) -> String { "http://\(request.head.authority ?? "127.0.0.1")" }

    private static func link(_ request: Request) -> String { origin(request) + request.uri.description }

    private static func notFound(_ type: String, _ id: String?) -> Response {
        error(.notFound, code: API.Errors.Code.notFound.rawValue, title: "The specified resource does not exist",
              detail: "There is no resource of type '\(type)' with id '\(id ?? "")'")
    }

    private static func error(_ status: HTTPResponse.Status, code: String, title: String, detail: String) -> Response {
        let encoded = EncodedAnswer(API.Errors(status: status.code, code: code, title: title, detail: detail))
        return Response(status: status, headers: encoded.headers, body: .init(byteBuffer: encoded.body))
    }

    private static func document(_ value: some Encodable) -> Response {
        let encoded = EncodedAnswer(value)
        return Response(status: .ok, headers: encoded.headers, body: .init(byteBuffer: encoded.body))
    }
}
