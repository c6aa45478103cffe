import ServiceLifecycle

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
