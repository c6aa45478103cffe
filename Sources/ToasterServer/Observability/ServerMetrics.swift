import CoreMetrics
import Metrics
import NIOCore
import Prometheus
import Synchronization

/// The metrics, kept in a Prometheus registry of their own (not swift-metrics' global
/// bootstrap, so that every server in a test process has its own figures).
public final class ServerMetrics: Sendable {
    public let registry = PrometheusCollectorRegistry()
    private let factory: PrometheusMetricsFactory
    let openConnections: Meter
    private let loadedAt: CoreMetrics.Gauge
    private let openStreams: CoreMetrics.Gauge
    private let counters = Mutex<[String: CoreMetrics.Counter]>([:])
    private let requestFigures = Mutex<[RouteStatus: (requests: CoreMetrics.Counter, duration: CoreMetrics.Timer)]>([:])
    /// The `toaster_policy_info` series of the ETag last reported, replaced when it changes.
    private let policyInfo = Mutex<(eTag: String, gauge: CoreMetrics.Gauge)?>(nil)

    public init() {
        var factory = PrometheusMetricsFactory(registry: registry)
        factory.durationHistogramBuckets["toaster_http_request_duration_seconds"] =
            [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5].map { Duration.seconds($0) }
        self.factory = factory
        openConnections = Meter(label: "toaster_http_open_connections", factory: factory)
        loadedAt = CoreMetrics.Gauge(label: "toaster_policy_loaded_timestamp_seconds", factory: factory)
        openStreams = CoreMetrics.Gauge(label: "toaster_realtime_open_streams", factory: factory)
    }

    /// One answer: counted by route and status, its duration by route. One lock and one
    /// look-up by route and status, not by a key string built for every request.
    func answered(route: String, status: Int, nanoseconds: Int64) {
        let (requests, duration) = requestFigures.withLock { figures in
            let key = RouteStatus(route: route, status: status)
            if let found = figures[key] { return found }
            let duration = figures.first { $0.key.route == route }?.value.duration
                ?? CoreMetrics.Timer(label: "toaster_http_request_duration_seconds", dimensions: [("route", route)], factory: factory)
            let requests = CoreMetrics.Counter(label: "toaster_http_requests_total", dimensions: [("route", route), ("status", String(status))],
                                               factory: factory)
            figures[key] = (requests, duration)
            return (requests, duration)
        }
        requests.increment()
        duration.recordNanoseconds(nanoseconds)
    }

    private struct RouteStatus: Hashable {
        let route: String
        let status: Int
    }

    /// `result`: ok, invalid, stale, unwritable, unavailable, too_large, incomplete.
    func puts(_ result: String) -> CoreMetrics.Counter {
        counter("toaster_policy_puts_total", [("result", result)])
    }

    func reloads(_ result: String) -> CoreMetrics.Counter {
        counter("toaster_policy_reloads_total", [("result", result)])
    }

    /// The registry in Prometheus' text format, the served policy's figures and the count of
    /// real-time streams open brought up to date.
    func exposition(serving served: ServedPolicy, openStreams streams: Int) -> ByteBuffer {
        policyInfo.withLock { info in
            guard info?.eTag != served.eTag else { return }
            info?.gauge.destroy()
            // The tag without its quotes, which a label value would have to escape.
            let gauge = CoreMetrics.Gauge(label: "toaster_policy_info", dimensions: [("etag", served.opaqueETag)], factory: factory)
            gauge.record(1)
            info = (served.eTag, gauge)
        }
        loadedAt.record(served.loadedAt.timeIntervalSince1970)
        openStreams.record(streams)
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
