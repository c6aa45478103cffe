import FoundationEssentials
import HTTPTypes
import Hummingbird
import ToasterCore

/// The routes of toaster-server, every answer read from one policy snapshot.
public enum ToasterRoutes {
    static let cmsKeyHeader = HTTPField.Name("X-MICROCMS-API-KEY")!
    /// Policies larger than this are refused by the admin API.
    static let maximumPolicyBytes = 1 << 20

    public static func router(store: PolicyStore, settings: ServerSettings) -> Router<BasicRequestContext> {
        let router = Router()
        let healthy = EncodedAnswer(ServiceAnswers.Message(message: "ok"))
        router.get("healthz") { request, _ in
            answer(request, .ok, healthy)
        }
        router.get("lookup") { request, _ in
            try await settings.delay()
            let query = request.uri.queryParameters
            let country = query.get("country").map { $0.lowercased() } ?? "us"
            // The real lookup is served as JavaScript, whatever it holds.
            return answer(request, .ok, store.served.lookup(id: query.get("id"), bundleID: query.get("bundleId"), country: country,
                                                            pathForm: false, now: Date()))
        }
        // The path form, `/{cc}/lookup?id=…`: served from its own cache, it can answer differently.
        router.get(":country/lookup") { request, context in
            try await settings.delay()
            let query = request.uri.queryParameters
            let country = context.parameters.get("country")?.lowercased() ?? "us"
            return answer(request, .ok, store.served.lookup(id: query.get("id"), bundleID: query.get("bundleId"), country: country,
                                                            pathForm: true, now: Date()))
        }
        router.post("v1/projects/:project/namespaces/{namespace}:fetch") { request, context in
            try await settings.delay()
            let project = context.parameters.get("project") ?? "", namespace = context.parameters.get("namespace") ?? ""
            return answer(request, .ok, store.served.remoteConfig(project: project, namespace: namespace))
        }
        router.get("api/v1/:endpoint") { request, context in
            try await settings.delay()
            if let key = settings.cmsAPIKey, !ConstantTime.equal(request.headers[cmsKeyHeader] ?? "", key) {
                return answer(request, .unauthorized, ServiceAnswers.Message(message: "X-MICROCMS-API-KEY header is invalid."))
            }
            guard let object = store.served.cms(endpoint: context.parameters.get("endpoint") ?? "") else {
                return answer(request, .notFound, ServiceAnswers.Message(message: "Content is not found."))
            }
            return answer(request, .ok, object)
        }
        AppStoreConnectRoutes.add(to: router, store: store, verifier: settings.appStoreConnect)
        router.put("admin/policy") { request, _ in
            guard let token = settings.adminToken else {
                return answer(request, .notFound, ServiceAnswers.Message(message: "the admin API is off (no --admin-token-file)"))
            }
            let bearer = request.headers[.authorization].flatMap { $0.hasPrefix("Bearer ") ? String($0.dropFirst(7)) : nil }
            guard let bearer, ConstantTime.equal(bearer, token) else {
                return answer(request, .unauthorized, ServiceAnswers.Message(message: "a valid bearer token is required"))
            }
            var request = request
            let body: ByteBuffer
            do {
                body = try await request.collectBody(upTo: maximumPolicyBytes)
            } catch {
                return answer(request, .contentTooLarge, ServiceAnswers.Message(message: "the policy is larger than \(maximumPolicyBytes) bytes"))
            }
            do {
                try store.replace(with: Data(body.readableBytesView))
            } catch {
                return answer(request, .badRequest, ServiceAnswers.Message(message: String(describing: error)))
            }
            return answer(request, .ok, ServiceAnswers.Message(message: "policy replaced"))
        }
        return router
    }

    /// A JSON answer with its ETag; 304 without a body when the client already has it.
    static func answer(_ request: Request, _ status: HTTPResponse.Status, _ encoded: EncodedAnswer) -> Response {
        if status == .ok, let match = request.headers[.ifNoneMatch],
           match == "*" || match.split(separator: ",").contains(where: { $0.trimmingWhitespace() == encoded.eTag }) {
            var headers = encoded.headers
            headers[.contentType] = nil
            return Response(status: .notModified, headers: headers)
        }
        return Response(status: status, headers: encoded.headers, body: .init(byteBuffer: encoded.body))
    }

    static func answer(_ request: Request, _ status: HTTPResponse.Status, _ body: some Encodable) -> Response {
        answer(request, status, EncodedAnswer(body))
    }
}
