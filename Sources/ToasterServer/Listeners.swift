import NIOCore
import ServiceLifecycle
import Synchronization

/// The connections both listeners hold, so that a graceful shutdown can close those still open
/// at its deadline itself. Left to ServiceGroup's own deadline, the listeners would be
/// cancelled instead, and Hummingbird logs a cancelled listener as two errors ("Waiting on
/// child channel: CancellationError()", "Server shutdown error: Already closed").
public final class OpenConnections: Sendable {
    private let channels = Mutex<[ObjectIdentifier: any Channel]>([:])

    public init() {}

    func add(_ channel: any Channel) {
        let key = ObjectIdentifier(channel)
        channels.withLock { $0[key] = channel }
        channel.closeFuture.whenComplete { _ in self.channels.withLock { $0[key] = nil } }
    }

    func closeAll() {
        for channel in channels.withLock({ Array($0.values) }) { channel.close(promise: nil) }
    }
}

/// The listeners as one service. ServiceGroup shuts its services down one after another, each
/// after the previous one has ended: as services of their own, one listener would keep
/// accepting connections while the other drained. Here the shutdown reaches both at once, and
/// `deadline` after it the connections still open are closed.
public struct Listeners: Service {
    let listeners: [any Service]
    let connections: OpenConnections
    let deadline: Duration

    public init(_ listeners: [any Service], connections: OpenConnections, deadline: Duration) {
        self.listeners = listeners
        self.connections = connections
        self.deadline = deadline
    }

    public func run() async throws {
        try await withThrowingTaskGroup(of: Bool.self) { group in
            for listener in listeners {
                group.addTask {
                    try await listener.run()
                    return true
                }
            }
            group.addTask { [connections, deadline] in
                try? await gracefulShutdown()
                try? await Task.sleep(for: deadline)
                if !Task.isCancelled { connections.closeAll() }
                return false
            }
            // The deadline's task only waits; once every listener has ended it has nothing to do.
            var running = listeners.count
            while let ended = try await group.next() {
                guard ended else { continue }
                running -= 1
                if running == 0 { group.cancelAll() }
            }
        }
    }
}
