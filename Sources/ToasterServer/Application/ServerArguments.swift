/// What toaster-server starts with, its flags read: the command conforms, as the command of
/// Hummingbird's template conforms to its `AppArguments`.
public protocol ServerArguments {
    var policyPlace: PolicyPlace { get }
    /// Where Firebase Installations' signing secret and deletions are kept without a
    /// database: made on the first start. `given`: named by `--state-dir`, rather than the
    /// default, so that a folder that cannot be made stops the start instead of being passed over.
    var stateFolder: (path: String, given: Bool) { get }
    /// The public listener's address.
    var host: String { get }
    var port: Int { get }
    /// The admin listener's address.
    var adminHost: String { get }
    var adminPort: Int { get }
    var connectionLimits: ConnectionLimits { get }
    /// How long a graceful shutdown lets open requests finish before their connections are closed.
    var shutdownDeadline: Duration { get }
    /// How the routes answer, the secrets read from the files the flags name; asked for once
    /// the policy is open.
    func settings() async throws(StartupError) -> ServerSettings
}

/// Where the served policy is kept.
public enum PolicyPlace: Sendable {
    /// A file (`--policy`), reloaded on SIGHUP.
    case file(String)
    /// A PostgreSQL table shared by every instance (`--database-url`); `seed` (`--policy`) is
    /// stored when the table holds no policy yet; `timeout` (`--database-timeout`) bounds each
    /// round with the database, its connection included.
    case database(url: String, seed: String?, timeout: Duration)
}
