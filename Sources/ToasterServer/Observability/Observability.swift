import ToasterCore
import Logging
import Synchronization

/// What toaster-server tells its operator: the server's log (every PUT, refused token and
/// reload), the access log, and the metrics `/metrics` serves.
public final class Observability: Sendable {
    public let logger: Logger
    /// One line per request; nil when `--access-log off`.
    public let accessLog: AccessLog?
    public let metrics: ServerMetrics
    /// Set when a graceful shutdown begins: `/readyz` then answers 503, so a load balancer stops
    /// sending requests while the open ones finish.
    public let draining = Atomic<Bool>(false)

    /// Without arguments: only critical messages, no access log (tests, `--check-policy`).
    public init(logger: Logger = Logger(label: "toaster-server", factory: { _ in SwiftLogNoOpLogHandler() }),
                accessLog: AccessLog? = nil, metrics: ServerMetrics = ServerMetrics()) {
        self.logger = logger
        self.accessLog = accessLog
        self.metrics = metrics
    }

    /// One request answered: its count and duration by route, and its access log line.
    /// `path` is read only when there is an access log to write it to.
    func answered(_ method: String, _ path: @autoclosure () -> String, route: String, status: Int, bytes: Int, id: String,
                  since start: ContinuousClock.Instant) {
        let elapsed = ContinuousClock.now - start
        metrics.answered(route: route, status: status, nanoseconds: elapsed.wholeNanoseconds)
        accessLog?.record(method: method, path: path(), status: status, bytes: bytes, microseconds: elapsed.wholeNanoseconds / 1000, id: id)
    }

    enum ReloadResult: String { case ok, refused }

    func reloaded(_ result: ReloadResult) {
        metrics.reloads(result.rawValue).increment()
    }
}
