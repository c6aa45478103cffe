import FoundationEssentials
import HTTPTypes
import Hummingbird
import ToasterCore
import ToasterPolicy

/// toaster-server's App Store Connect: the reads `toastercli preflight --asc-…` makes, answered
/// from the policy's `appStoreConnect` objects as JSON:API documents, every request's token
/// verified. Lists come in pages of at most `pageSize`, smaller than Apple's 200, so that a
/// client's paging is exercised by the 175 territories.
enum AppStoreConnectRoutes {
    static let pageSize = 50

    static func add(to router: Router<BasicRequestContext>, store: PolicyStore, verifier: AppStoreConnectVerifier?) {
        router.get("v1/apps") { request, _ in
            try await authorized(request, verifier) {
                // Clients percent-encode the brackets; Hummingbird leaves query keys as sent.
                let query = request.uri.queryParameters
                let bundleID = query.get("filter[bundleId]") ?? query.get("filter%5BbundleId%5D")
                let apps = store.policy.apps.filter { $0.bundleId == bundleID && $0.appStoreConnect != nil }
                return document(Page(data: apps.map { Resource(type: "apps", id: String($0.trackId), attributes: nil, relationships: nil) },
                                     links: Links(this: link(request), next: nil)))
            }
        }
        router.get("v1/apps/:id/appAvailabilityV2") { request, context in
            try await authorized(request, verifier) {
                guard let app = connectApp(context.parameters.get("id"), in: store) else { return notFound("apps", context.parameters.get("id")) }
                let related = "\(origin(request))/v2/appAvailabilities/\(app.trackId)/territoryAvailabilities"
                return document(One(data: Resource(type: "appAvailabilities", id: String(app.trackId),
                                                   attributes: .availability(availableInNewTerritories: false),
                                                   relationships: ["territoryAvailabilities": Relationship(links: Links(this: nil, next: nil, related: related), data: nil)])))
            }
        }
        router.get("v2/appAvailabilities/:id/territoryAvailabilities") { request, context in
            try await authorized(request, verifier) {
                guard let app = connectApp(context.parameters.get("id"), in: store) else { return notFound("appAvailabilities", context.parameters.get("id")) }
                let available = Set(app.availableStorefronts)
                let territories = AppStoreStorefronts.all.compactMap { code in AppStoreTerritories.territory(forStorefront: code).map { ($0, code) } }
                return paged(request, territories) { territory, code in
                    Resource(type: "territoryAvailabilities", id: "\(app.trackId)-\(territory)",
                             attributes: .territory(available: available.contains(code)),
                             relationships: ["territory": Relationship(links: nil, data: Identifier(type: "territories", id: territory))])
                }
            }
        }
        router.get("v1/apps/:id/appStoreVersions") { request, context in
            try await authorized(request, verifier) {
                guard let app = connectApp(context.parameters.get("id"), in: store), let connect = app.appStoreConnect else {
                    return notFound("apps", context.parameters.get("id"))
                }
                return paged(request, Array(connect.versions.enumerated())) { index, release in
                    Resource(type: "appStoreVersions", id: "\(app.trackId)-\(index)",
                             attributes: .version(platform: "IOS", versionString: release.versionString, appVersionState: release.appVersionState,
                                                  releaseType: release.releaseType, earliestReleaseDate: release.earliestReleaseDate),
                             relationships: nil)
                }
            }
        }
        // A version's to-one relationships: the resource, or "data": null when it has none.
        let related: [(String, @Sendable (AppStoreConnectRelease) -> (type: String, attributes: Attributes)?)] = [
            ("appStoreVersionPhasedRelease", { release in
                release.phasedRelease.map { phased in
                    ("appStoreVersionPhasedReleases", .phasedRelease(phasedReleaseState: phased.phasedReleaseState,
                                                                     currentDayNumber: phased.currentDayNumber, startDate: phased.startDate))
                }
            }),
            ("build", { release in release.minOsVersion.map { ("builds", .build(minOsVersion: $0)) } }),
        ]
        for (name, resource) in related {
            router.get("v1/appStoreVersions/:id/\(name)") { request, context in
                try await authorized(request, verifier) {
                    guard let found = storeVersion(context.parameters.get("id"), in: store) else {
                        return notFound("appStoreVersions", context.parameters.get("id"))
                    }
                    return document(One(data: resource(found.release).map {
                        Resource(type: $0.type, id: found.id, attributes: $0.attributes, relationships: nil)
                    }))
                }
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
        return error(.unauthorized, code: "NOT_AUTHORIZED",
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
    private static func paged<Item>(_ request: Request, _ items: [Item], _ resource: (Item) -> Resource) -> Response {
        let query = request.uri.queryParameters
        let size = min(pageSize, max(1, query.get("limit").flatMap { Int($0) } ?? pageSize))
        let start = min(items.count, max(0, query.get("cursor").flatMap { Int($0) } ?? 0))
        let end = min(items.count, start + size)
        var next: String?
        if end < items.count, var components = URLComponents(string: link(request)) {
            let kept = (components.queryItems ?? []).filter { $0.name != "cursor" }
            components.queryItems = kept + [URLQueryItem(name: "cursor", value: String(end))]
            next = components.string
        }
        return document(Page(data: items[start..<end].map(resource), links: Links(this: link(request), next: next)))
    }

    private static func origin(_ request: Request) -> String { "http://\(request.head.authority ?? "127.0.0.1")" }

    private static func link(_ request: Request) -> String { origin(request) + request.uri.description }

    private static func notFound(_ type: String, _ id: String?) -> Response {
        error(.notFound, code: "NOT_FOUND", title: "The specified resource does not exist",
              detail: "There is no resource of type '\(type)' with id '\(id ?? "")'")
    }

    private static func error(_ status: HTTPResponse.Status, code: String, title: String, detail: String) -> Response {
        let body = Errors(errors: [.init(status: String(status.code), code: code, title: title, detail: detail)])
        let encoded = EncodedAnswer(body)
        return Response(status: status, headers: encoded.headers, body: .init(byteBuffer: encoded.body))
    }

    private static func document(_ value: some Encodable) -> Response {
        let encoded = EncodedAnswer(value)
        return Response(status: .ok, headers: encoded.headers, body: .init(byteBuffer: encoded.body))
    }
}
