import FoundationEssentials
import HTTPTypes
import Hummingbird
import Logging
import CoreMetrics
import Metrics
import NIOCore
import Prometheus
import ServiceLifecycle
import Synchronization

/// What toaster-server tells its operator: the server's log (every PUT, refused token and
/// reload), the access log, and the metrics `/metrics` serves.
public final class Observability: Sendable {
    public let logger: Logger
    /// One line per request; nil when `--access-log off`.
    public let accessLog: Logger?
    public let metrics: ServerMetrics
    /// Set when a graceful shutdown begins: `/readyz` then answers 503, so a load balancer stops
    /// sending requests while the open ones finish.
    public let draining = Atomic<Bool>(false)

    /// Without arguments: only critical messages, no access log (tests, `--check-policy`).
    public init(logger: Logger = Logger(label: "toaster-server", factory: { _ in SwiftLogNoOpLogHandler() }),
                accessLog: Logger? = nil, metrics: ServerMetrics = ServerMetrics()) {
        self.logger = logger
        self.accessLog = accessLog
        self.metrics = metrics
    }

    /// One request answered: its count and duration by route, and its access log line.
    /// `path` is read only when there is an access log to write it to.
    func answered(_ method: String, _ path: @autoclosure () -> String, route: String, status: Int, bytes: Int, id: String,
                  since start: ContinuousClock.Instant) {
        let elapsed = ContinuousClock.now - start
        metrics.requests(route: route, status: status).increment()
        metrics.duration(route: route).recordNanoseconds(elapsed.nanoseconds)
        guard let accessLog else { return }
        let path = path()
        accessLog.info("request", metadata: [
            "method": .string(method), "path": .string(path), "status": .stringConvertible(status), "bytes": .stringConvertible(bytes),
            "duration_ms": .stringConvertible(Double(elapsed.nanoseconds / 1000) / 1000), "request_id": .string(id),
        ])
    }

    enum ReloadResult: String { case ok, refused }

    func reloaded(_ result: ReloadResult) {
        metrics.reloads(result.rawValue).increment()
    }
}

/// The metrics, kept in a Prometheus registry of their own (not swift-metrics' global
/// bootstrap, so that every server in a test process has its own figures).
public final class ServerMetrics: Sendable {
    public let registry = PrometheusCollectorRegistry()
    private let factory: PrometheusMetricsFactory
    let openConnections: Meter
    private let loadedAt: CoreMetrics.Gauge
    private let counters = Mutex<[String: CoreMetrics.Counter]>([:])
    private let requestCounters = Mutex<[RouteStatus: CoreMetrics.Counter]>([:])
    private let timers = Mutex<[String: CoreMetrics.Timer]>([:])
    /// The `toaster_policy_info` series of the ETag last reported, replaced when it changes.
    private let policyInfo = Mutex<(eTag: String, gauge: CoreMetrics.Gauge)?>(nil)

    public init() {
        var factory = PrometheusMetricsFactory(registry: registry)
        factory.durationHistogramBuckets["toaster_http_request_duration_seconds"] =
            [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5].map { Duration.seconds($0) }
        self.factory = factory
        openConnections = Meter(label: "toaster_http_open_connections", factory: factory)
        loadedAt = CoreMetrics.Gauge(label: "toaster_policy_loaded_timestamp_seconds", factory: factory)
    }

    func requests(route: String, status: Int) -> CoreMetrics.Counter {
        // Looked up by route and status, not by a key string built for every request.
        requestCounters.withLock { counters in
            let key = RouteStatus(route: route, status: status)
            if let counter = counters[key] { return counter }
            let counter = CoreMetrics.Counter(label: "toaster_http_requests_total", dimensions: [("route", route), ("status", String(status))],
                                              factory: factory)
            counters[key] = counter
            return counter
        }
    }

    private struct RouteStatus: Hashable {
        let route: String
        let status: Int
    }

    func duration(route: String) -> CoreMetrics.Timer {
        timers.withLock { timers in
            if let timer = timers[route] { return timer }
            let timer = CoreMetrics.Timer(label: "toaster_http_request_duration_seconds", dimensions: [("route", route)], factory: factory)
            timers[route] = timer
            return timer
        }
    }

    /// `result`: ok, invalid, stale, unwritable, unavailable, too_large, incomplete.
    func puts(_ result: String) -> CoreMetrics.Counter {
        counter("toaster_policy_puts_total", [("result", result)])
    }

    func reloads(_ result: String) -> CoreMetrics.Counter {
        counter("toaster_policy_reloads_total", [("result", result)])
    }

    /// The registry in Prometheus' text format, the served policy's figures brought up to date.
    func exposition(serving served: ServedPolicy) -> ByteBuffer {
        policyInfo.withLock { info in
            guard info?.eTag != served.eTag else { return }
            info?.gauge.destroy()
            // The tag without its quotes, which a label value would have to escape.
            let gauge = CoreMetrics.Gauge(label: "toaster_policy_info", dimensions: [("etag", served.eTag.filter { $0 != "\"" })], factory: factory)
            gauge.record(1)
            info = (served.eTag, gauge)
        }
        loadedAt.record(served.loadedAt.timeIntervalSince1970)
        return ByteBuffer(bytes: registry.emitToBuffer())
    }

    private func counter(_ label: String, _ dimensions: [(String, String)]) -> CoreMetrics.Counter {
        let key = label + dimensions.map { "|\($0.0)=\($0.1)" }.joined()
        return counters.withLock { counters in
            if let counter = counters[key] { return counter }
            let counter = CoreMetrics.Counter(label: label, dimensions: dimensions, factory: factory)
            counters[key] = counter
            return counter
        }
    }
}

/// Marks the start of a graceful shutdown: `/readyz` turns 503 and a line is logged. Placed
/// last in the service group, so that it hears the shutdown first.
public struct DrainNotice: Service {
    let observability: Observability

    public init(observability: Observability) {
        self.observability = observability
    }

    public func run() async throws {
        try? await gracefulShutdown()
        observability.draining.store(true, ordering: .relaxed)
        observability.logger.notice("shutting down: no new connections; open requests may finish")
    }
}

extension HTTPField.Name {
    static let requestID = HTTPField.Name("X-Request-Id")!
}

/// For every request: its id (`X-Request-Id`, kept when the client sent a sensible one, made
/// otherwise, and echoed), one access log line, and its count and duration.
struct RequestObserver<Context: RequestContext>: RouterMiddleware {
    let observability: Observability

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let start = ContinuousClock.now
        var context = context
        // The client's id when it is a sensible one, else Hummingbird's own for the request
        // (`context.id`, a random per-process half and a counter: no system call per request);
        // either way every log line of the request carries the one id.
        let id: String
        if let given = request.headers[.requestID].flatMap(ClientRequestID.acceptable) {
            id = given
            context.logger[metadataKey: "hb.request.id"] = .string(given)
        } else {
            id = context.id
        }
        var response: Response
        do {
            response = try await next(request, context)
        } catch let error as any HTTPResponseError {
            response = try error.response(from: request, context: context)
        }
        response.headers[.requestID] = id
        let status = response.status.code
        // Hummingbird names the not-found responder's path "NotFound"; one label for every unmatched path.
        let route = context.endpointPath.flatMap { $0 == "NotFound" ? nil : $0 } ?? "unmatched"
        // Recorded as the answer leaves the router, not once its body is written: wrapping the
        // body in a writer of our own to hear the end cost a fifth of the server's throughput
        // (benchmarks/service), and these answers are a few hundred bytes written at once.
        let bytes = request.method == .head ? 0 : response.body.contentLength ?? 0
        observability.answered(request.method.rawValue, request.uri.description, route: route, status: status, bytes: bytes, id: id, since: start)
        return response
    }
}

/// A client's `X-Request-Id` is kept when it is 1–128 characters of letters, digits and
/// `-_.:/+=`; anything else could forge log lines or smuggle markup into a log viewer.
enum ClientRequestID {
    static func acceptable(_ id: String) -> String? {
        guard (1...128).contains(id.utf8.count),
              id.utf8.allSatisfy({ ($0 >= 0x30 && $0 <= 0x39) || ($0 | 0x20 >= 0x61 && $0 | 0x20 <= 0x7a) || "-_.:/+=".utf8.contains($0) })
        else { return nil }
        return id
    }
}

extension Duration {
    var nanoseconds: Int64 {
        let (seconds, attoseconds) = components
        return seconds * 1_000_000_000 + attoseconds / 1_000_000_000
    }
}
