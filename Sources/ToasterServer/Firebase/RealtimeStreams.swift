import FoundationEssentials
import Synchronization
import ToasterWire

/// The real-time streams open on this instance and what each is told: at once the template's
/// version when it is newer than the client's, then every newer version the policy brings
/// (`PolicyStore` calls `policyChanged` on every install, a `PUT` here or a change another
/// instance stored in PostgreSQL). Each stream holds a signal queue of its own, so that nothing
/// waits on a slow client; the faults the admin API asks for are kept here too.
public final class RealtimeStreams: Sendable {
    /// A stream ends cleanly this long after it opened: before the iOS SDK's own request
    /// timeout (330 s), which it counts as a failure and backs off from, while it reopens a
    /// stream the server ended at once.
    static let lifetime = Duration.seconds(300)

    /// What a stream's writer is told.
    enum Signal: Sendable, Equatable {
        /// Write this message.
        case message(RemoteConfigRealtimeAPI.Message)
        /// End the answer cleanly.
        case end
        /// Close the connection without ending the answer: a network drop, as the client sees it.
        case drop
    }

    /// What the next stream requests get instead of a stream (`POST /admin/realtime/fail`).
    enum Fault: Sendable, Equatable {
        /// An error answer with this status, one of `statuses`.
        case status(Int)
        /// 200 with `{"retryIntervalSeconds": S}`, then the end.
        case retryInterval(seconds: Int)

        /// The statuses a fault may answer: those the SDKs retry (429, 502, 503, 504) and some
        /// they do not, each with the canonical code Google's error answer names it by.
        static let statuses = [400: "INVALID_ARGUMENT", 401: "UNAUTHENTICATED", 403: "PERMISSION_DENIED", 404: "NOT_FOUND",
                               429: "RESOURCE_EXHAUSTED", 500: "INTERNAL", 502: "UNAVAILABLE", 503: "UNAVAILABLE", 504: "DEADLINE_EXCEEDED"]

        static func statusName(_ status: Int) -> String { statuses[status] ?? "UNKNOWN" }
    }

    private struct Stream {
        let project: String
        let namespace: String
        /// The newest version the client knows or was told.
        var told: Int64
        let signals: AsyncStream<Signal>.Continuation
    }

    private struct State {
        var streams: [Int: Stream] = [:]
        var serial = 0
        /// A graceful shutdown began: every stream was ended, and none opens.
        var closed = false
        var fault: (Fault, left: Int)?
    }

    let lifetime: Duration
    private let state = Mutex(State())

    init(lifetime: Duration = RealtimeStreams.lifetime) {
        self.lifetime = lifetime
    }

    public convenience init() { self.init(lifetime: Self.lifetime) }

    /// A stream of `project`'s `namespace` for a client that knows template version `known`,
    /// its first message already queued when `served` holds a newer one; nil once a shutdown began.
    func open(project: String, namespace: String, known: Int64, served: ServedPolicy) -> (id: Int, signals: AsyncStream<Signal>)? {
        let (signals, continuation) = AsyncStream.makeStream(of: Signal.self, bufferingPolicy: .unbounded)
        let current = Self.version(served, project, namespace)
        let id: Int? = state.withLock { state in
            guard !state.closed else { return nil }
            state.serial += 1
            state.streams[state.serial] = Stream(project: project, namespace: namespace, told: max(known, current ?? 0), signals: continuation)
            return state.serial
        }
        guard let id else { return nil }
        if let current, current > known { continuation.yield(Self.announcement(current)) }
        return (id, signals)
    }

    /// The stream's writer has ended.
    func close(_ id: Int) {
        state.withLock { $0.streams.removeValue(forKey: id) }?.signals.finish()
    }

    /// Ends stream `id` cleanly: its lifetime is over, or its client left.
    func end(_ id: Int) {
        state.withLock { $0.streams[id] }?.signals.yield(.end)
    }

    /// Tells every stream whose template now has a newer version than it was told; a stream
    /// whose project no longer has a template is ended (its client, reopening, is answered 404).
    func policyChanged(_ served: ServedPolicy) {
        let signals: [(AsyncStream<Signal>.Continuation, Signal)] = state.withLock { state in
            var signals: [(AsyncStream<Signal>.Continuation, Signal)] = []
            for (id, stream) in state.streams {
                guard let version = Self.version(served, stream.project, stream.namespace) else {
                    if served.template(project: stream.project, namespace: stream.namespace) == nil { signals.append((stream.signals, .end)) }
                    continue
                }
                guard version > stream.told else { continue }
                state.streams[id]?.told = version
                signals.append((stream.signals, Self.announcement(version)))
            }
            return signals
        }
        for (continuation, signal) in signals { continuation.yield(signal) }
    }

    /// `POST /admin/realtime/drop`: every open stream's connection is closed; how many.
    func dropAll() -> Int {
        let streams = state.withLock { Array($0.streams.values) }
        for stream in streams { stream.signals.yield(.drop) }
        return streams.count
    }

    /// A graceful shutdown: every stream ends cleanly now (its client reopens at once, on
    /// another instance), and none opens from now on.
    func endAll() {
        let streams = state.withLock { state in
            state.closed = true
            return Array(state.streams.values)
        }
        for stream in streams { stream.signals.yield(.end) }
    }

    /// `POST /admin/realtime/fail`: the next `count` stream requests get `fault` (0: none).
    func fail(_ fault: Fault, count: Int) {
        state.withLock { $0.fault = count > 0 ? (fault, count) : nil }
    }

    /// The fault this stream request gets, if one is still asked for.
    func takeFault() -> Fault? {
        state.withLock { state in
            guard let (fault, left) = state.fault else { return nil }
            state.fault = left > 1 ? (fault, left - 1) : nil
            return fault
        }
    }

    var count: Int { state.withLock { $0.streams.count } }

    /// The template's version number; nil without a template or a version that is a number.
    static func version(_ served: ServedPolicy, _ project: String, _ namespace: String) -> Int64? {
        served.template(project: project, namespace: namespace)?.version.flatMap { Int64($0) }
    }

    static func announcement(_ version: Int64) -> Signal {
        .message(RemoteConfigRealtimeAPI.Message(latestTemplateVersionNumber: String(version)))
    }
}
