import ServiceLifecycle

/// Keeps an instance in step with the database of `--database-url`: serves every policy
/// another instance stored, and refuses every installation another instance deleted, each
/// announced on its channel; after every (re)connection, which may have missed some, both are
/// read afresh. The application's, as it joins two rooms (the store's policy, Firebase's
/// installations) on the database's one listening connection.
public struct DatabaseWatcher: Service {
    let policy: PostgresPolicy
    let store: PolicyStore
    let installations: PostgresInstallations
    let tokens: InstallationTokens

    public init(policy: PostgresPolicy, store: PolicyStore, installations: PostgresInstallations, tokens: InstallationTokens) {
        (self.policy, self.store, self.installations, self.tokens) = (policy, store, installations, tokens)
    }

    public func run() async throws {
        let (store, tokens) = (store, tokens)
        await cancelWhenGracefulShutdown {
            await policy.database.watch([PostgresPolicy.channel, PostgresInstallations.channel]) { connection, logger in
                for deletion in try await PostgresInstallations.deletions(on: connection, logger: logger) { tokens.heard(deletion) }
                if let stored = try await PostgresPolicy.read(on: connection, logger: logger) {
                    await store.adopt(stored, because: "a change in the database")
                }
            } heard: { channel, payload, connection, logger in
                if channel == PostgresInstallations.channel {
                    if let deletion = PostgresInstallations.deletion(payload: payload) { tokens.heard(deletion) }
                } else if let stored = try await PostgresPolicy.read(on: connection, logger: logger) {
                    await store.adopt(stored, because: "a change in the database")
                }
            }
        }
    }
}
