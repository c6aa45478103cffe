import ServiceLifecycle

/// The listeners as one service. ServiceGroup shuts its services down one after another, each
/// after the previous one has ended: as services of their own, one listener would keep
/// accepting connections while the other drained. Here the shutdown reaches both at once,
/// `draining` runs as they stop accepting (the answers that never end on their own, real-time
/// streams, end then), and `deadline` after it the connections still open are closed.
public struct Listeners: Service {
    let listeners: [any Service]
    let connections: OpenConnections
    let deadline: Duration
    let draining: @Sendable () -> Void

    public init(_ listeners: [any Service], connections: OpenConnections, deadline: Duration, draining: @escaping @Sendable () -> Void = {}) {
        self.listeners = listeners
        self.connections = connections
        self.deadline = deadline
        self.draining = draining
    }

    public func run() async throws {
        try await withThrowingTaskGroup(of: Bool.self) { group in
            for listener in listeners {
                group.addTask {
                    try await listener.run()
                    return true
                }
            }
            group.addTask { [connections, deadline, draining] in
                try? await gracefulShutdown()
                draining()
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
