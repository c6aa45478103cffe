import ServiceLifecycle

/// Keeps an instance's policy in step with the database: serves every change announced.
public struct PolicyWatcher: Service {
    let backend: PostgresPolicy
    let store: PolicyStore

    public init(backend: PostgresPolicy, store: PolicyStore) {
        self.backend = backend
        self.store = store
    }

    public func run() async throws {
        await cancelWhenGracefulShutdown {
            await backend.watch { stored in await store.adopt(stored, because: "a change in the database") }
        }
    }
}
