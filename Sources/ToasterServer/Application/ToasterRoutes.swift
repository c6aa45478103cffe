import FoundationEssentials
import HTTPTypes
import Hummingbird
import Logging
import ToasterCore
import ToasterWire

/// The routes of toaster-server, every answer read from one policy snapshot.
public enum ToasterRoutes {
    static let cmsKeyHeader = HTTPField.Name(CMSAPI.apiKeyHeader)!
    private typealias Lookup = AppStoreLookupAPI.Query

    /// The public routes; the admin API is `AdminRoutes`, on a listener of its own. Without
    /// `observability`, quiet: no access log, figures no one reads (tests). `tokens`: Firebase
    /// Installations' tokens, signed with the secret every instance shares (`ServerApplication`
    /// opens it); without it, the router's own. `realtime`: the real-time streams, which the
    /// admin API's faults reach; without it, the router's own.
    public static func router(store: PolicyStore, settings: ServerSettings, observability: Observability = Observability(),
                              tokens: InstallationTokens = InstallationTokens(), realtime: RealtimeStreams = RealtimeStreams()) -> ObservedRouter {
        // HEAD answers as GET without the body, for every GET route (RFC 9110, 9.3.2).
        let router = Router(options: .autoGenerateHeadEndpoints)
        let healthy = EncodedAnswer(ServiceAnswers.Message(message: "ok"))
        // Alive: the process answers.
        router.get("healthz") { request, _ in
            answer(request, .ok, healthy)
        }
        // Ready: a valid policy is served (a store exists only with one) and no shutdown has
        // begun, so a load balancer sends traffic here.
        router.get("readyz") { request, _ in
            if observability.draining.load(ordering: .relaxed) {
                return answer(request, .serviceUnavailable, ServiceAnswers.Message(message: "shutting down"))
            }
            return answer(request, .ok, ServiceAnswers.Message(message: "ready"))
        }
        router.get(RouterPath(AppStoreLookupAPI.path)) { request, _ in
            try await settings.delay()
            let query = request.uri.queryParameters
            let country = query.get(Lookup.country).map { $0.lowercased() } ?? "us"
            // The real lookup is served as JavaScript, whatever it holds.
            return answer(request, .ok, store.served.lookup(id: query.get(Lookup.id), bundleID: query.get(Lookup.bundleID),
                                                            country: country, pathForm: false, now: Date()))
        }
        // The path form, `/{cc}/lookup?id=…`: served from its own cache, it can answer differently.
        router.get(RouterPath(AppStoreLookupAPI.path(country: ":country"))) { request, context in
            try await settings.delay()
            let query = request.uri.queryParameters
            let country = context.parameters.get("country")?.lowercased() ?? "us"
            return answer(request, .ok, store.served.lookup(id: query.get(Lookup.id), bundleID: query.get(Lookup.bundleID),
                                                            country: country, pathForm: true, now: Date()))
        }
        FirebaseRoutes.add(to: router, store: store, settings: settings, tokens: tokens, realtime: realtime,
                           draining: { observability.draining.load(ordering: .relaxed) })
        router.get(RouterPath(CMSAPI.path(endpoint: ":endpoint"))) { request, context in
            try await settings.delay()
            if let key = settings.cmsAPIKey, !ConstantTime.equal(request.headers[cmsKeyHeader] ?? "", key) {
                return answer(request, .unauthorized, ServiceAnswers.Message(message: "\(CMSAPI.apiKeyHeader) header is invalid."))
            }
            guard let object = store.served.cms(endpoint: context.parameters.get("endpoint") ?? "") else {
                return answer(request, .notFound, ServiceAnswers.Message(message: "Content is not found."))
            }
            return answer(request, .ok, object)
        }
        AppStoreConnectRoutes.add(to: router, store: store, verifier: settings.appStoreConnect)
        return ObservedRouter(router: router, observer: RequestObserver(observability: observability))
    }

    /// The server's log, its lines marked with the request's id.
    static func logger(_ observability: Observability, _ context: some RequestContext) -> Logger {
        var logger = observability.logger
        logger[metadataKey: "request_id"] = .string(context.id)
        return logger
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
