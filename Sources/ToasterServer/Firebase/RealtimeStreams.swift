import FoundationEssentials
import Synchronization
import ToasterWire

/// The real-time streams open on this instance and what each is told: at once the template's
/// version when it is newer than the client's, then every newer version the policy brings
/// (`PolicyStore` calls `policyChanged` on every install, a `PUT` here or a change another
/// instance stored in PostgreSQL). Each stream holds a signal queue of its own, so that nothing
/// waits on a slow client, and it holds one signal at most: a newer version replaces one its
/// client has not taken, and nothing replaces the end. The faults the admin API asks for are
/// kept here too.
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
        /// Google's error answer with this status: those the SDKs retry (429, 503, 504) and
        /// those they do not.
        case status(GoogleAPI.Status)
        /// 200 with `{"retryIntervalSeconds": S}`, then the end.
        case retryInterval(seconds: Int)
    }

    private struct Stream {
        let project: String
        let namespace: String
        /// The newest version the client knows or was told.
        var told: Int64
        let signals: AsyncStream<Signal>.Continuation
        /// Told to end or drop: told nothing more.
        var over = false
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
        let (signals, continuation) = AsyncStream.makeStream(of: Signal.self, bufferingPolicy: .bufferingNewest(1))
        let current = Self.version(served, project, namespace)
        let id: Int? = state.withLock { state in
            guard !state.closed else { return nil }
            state.serial += 1
            state.streams[state.serial] = Stream(project: project, namespace: namespace, told: max(known, current ?? 0), signals: continuation)
            if let current, current > known { continuation.yield(Self.announcement(current)) }
            return state.serial
        }
        return id.map { ($0, signals) }
    }

    /// The stream's writer has ended.
    func close(_ id: Int) {
        state.withLock { $0.streams.removeValue(forKey: id) }?.signals.finish()
    }

    /// Ends stream `id` cleanly: its lifetime is over, or its client left.
    func end(_ id: Int) {
        state.withLock { state in state.streams[id].map { Self.finish(&state, id, $0, .end) } }
    }

    /// Tells every stream whose template now has a newer version than it was told; a stream
    /// whose project no longer has a template is ended (its client, reopening, is answered 404).
    func policyChanged(_ served: ServedPolicy) {
        state.withLock { state in
            for (id, stream) in state.streams where !stream.over {
                guard let version = Self.version(served, stream.project, stream.namespace) else {
                    if served.template(project: stream.project, namespace: stream.namespace) == nil { Self.finish(&state, id, stream, .end) }
                    continue
                }
                guard version > stream.told else { continue }
                state.streams[id]?.told = version
                stream.signals.yield(Self.announcement(version))
            }
        }
    }

    /// `POST /admin/realtime/drop`: every open stream's connection is closed; how many.
    func dropAll() -> Int {
        state.withLock { state in
            for (id, stream) in state.streams { Self.finish(&state, id, stream, .drop) }
            return state.streams.count
        }
    }

    /// A graceful shutdown: every stream ends cleanly now (its client reopens at once, on
    /// another instance), and none opens from now on.
    func endAll() {
        state.withLock { state in
            state.closed = true
            for (id, stream) in state.streams { Self.finish(&state, id, stream, .end) }
        }
    }

    /// Tells a stream its last signal, `.end` or `.drop`, unless it was told one already. Under
    /// the lock, as every signal is: a version announced meanwhile cannot take the end's place.
    private static func finish(_ state: inout State, _ id: Int, _ stream: Stream, _ signal: Signal) {
        guard !stream.over else { return }
        state.streams[id]?.over = true
        stream.signals.yield(signal)
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
