import FoundationEssentials
import HTTPTypes
import Hummingbird
import Logging
import NIOCore

/// The admin API, served by its own listener (`--admin-host`, `--admin-port`) and never by the
/// public one: a client that can reach the service answers cannot even try a token.
public enum AdminRoutes {
    /// Without `observability`, quiet, as `ToasterRoutes.router`; `realtime`: the streams the
    /// public listener serves, whose faults are asked for here.
    public static func router(store: PolicyStore, settings: ServerSettings, observability: Observability = Observability(),
                              attempts: TokenAttempts = TokenAttempts(), realtime: RealtimeStreams = RealtimeStreams()) -> Router<AdminRequestContext> {
        let router = Router(context: AdminRequestContext.self, options: .autoGenerateHeadEndpoints)
        router.add(middleware: RequestObserver(observability: observability))
        router.get("admin/policy") { request, context in
            let log = ToasterRoutes.logger(observability, context)
            if let refused = authorize(request, context, settings: settings, attempts: attempts, logger: log) { return refused }
            return PolicyAdmin.current(request, store: store)
        }
        router.put("admin/policy") { request, context in
            let log = ToasterRoutes.logger(observability, context)
            if let refused = authorize(request, context, settings: settings, attempts: attempts, logger: log) { return refused }
            return await PolicyAdmin.replace(request, logger: log, store: store, metrics: observability.metrics)
        }
        router.post("admin/realtime/drop") { request, context in
            let log = ToasterRoutes.logger(observability, context)
            if let refused = authorize(request, context, settings: settings, attempts: attempts, logger: log) { return refused }
            return RealtimeAdmin.drop(request, streams: realtime, logger: log)
        }
        router.post("admin/realtime/fail") { request, context in
            let log = ToasterRoutes.logger(observability, context)
            if let refused = authorize(request, context, settings: settings, attempts: attempts, logger: log) { return refused }
            return await RealtimeAdmin.fail(request, streams: realtime, logger: log)
        }
        router.get("metrics") { _, _ in
            PolicyAdmin.metrics(observability.metrics, serving: store, openStreams: realtime.count)
        }
        return router
    }

    /// nil when the request carries the token; else the answer: 404 when the admin API is off,
    /// 401 for a wrong or missing token, 429 with `Retry-After` once its address has tried too
    /// many.
    private static func authorize(_ request: Request, _ context: AdminRequestContext, settings: ServerSettings,
                                  attempts: TokenAttempts, logger: Logger) -> Response? {
        guard let token = settings.adminToken else {
            return ToasterRoutes.answer(request, .notFound, ServiceAnswers.Message(message: "the admin API is off (no --admin-token-file)"))
        }
        let address = context.clientAddress
        if let wait = attempts.lockout(of: address) {
            logger.warning("\(request.method) \(request.uri.path) refused (429): \(address) is locked out after too many wrong bearer tokens, for \(wait) s more")
            return tooMany(request, wait)
        }
        if let bearer = BearerToken.parse(request.headers[.authorization]), ConstantTime.equal(bearer, token) { return nil }
        let left = attempts.failed(by: address)
        if left > 0 {
            logger.warning("\(request.method) \(request.uri.path) refused: a wrong or missing bearer token from \(address) (\(left) more before a lockout)")
        } else {
            logger.warning("\(request.method) \(request.uri.path) refused: a wrong or missing bearer token from \(address) (none more: its address is locked out); further tries are refused (429) for \(attempts.lockout(of: address) ?? 0) s")
        }
        return ToasterRoutes.answer(request, .unauthorized, ServiceAnswers.Message(message: "a valid bearer token is required"))
    }

    private static func tooMany(_ request: Request, _ wait: Int) -> Response {
        var response = ToasterRoutes.answer(request, .tooManyRequests,
                                            ServiceAnswers.Message(message: "too many wrong bearer tokens from this address; retry in \(wait) s"))
        response.headers[.retryAfter] = String(wait)
        return response
    }
}
