/// Everything toaster-server starts with, its flags and files read: where the policy is kept,
/// the two listeners, their limits, and how the routes answer.
public struct ServerConfiguration: Sendable {
    /// Where the served policy is kept.
    public enum PolicyPlace: Sendable {
        /// A file (`--policy`), reloaded on SIGHUP.
        case file(String)
        /// A PostgreSQL table shared by every instance (`--database-url`); `seed` (`--policy`)
        /// is stored when the table holds no policy yet.
        case database(url: String, seed: String?)
    }

    public var policy: PolicyPlace
    public var host: String
    public var port: Int
    public var adminHost: String
    public var adminPort: Int
    public var limits: ConnectionLimits
    public var settings: ServerSettings
    /// How long a graceful shutdown lets open requests finish before their connections are closed.
    public var shutdownTimeout: Duration

    public init(policy: PolicyPlace, host: String, port: Int, adminHost: String, adminPort: Int, limits: ConnectionLimits,
                settings: ServerSettings, shutdownTimeout: Duration) {
        self.policy = policy
        self.host = host
        self.port = port
        self.adminHost = adminHost
        self.adminPort = adminPort
        self.limits = limits
        self.settings = settings
        self.shutdownTimeout = shutdownTimeout
    }
}
