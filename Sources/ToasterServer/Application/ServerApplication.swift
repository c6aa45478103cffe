import Dispatch
import Glibc
import Hummingbird
import Logging
import ServiceLifecycle
import ToasterPolicy

/// toaster-server assembled from its arguments, as Hummingbird's template builds its
/// application: the policy store, the SIGHUP reload, Firebase Installations' tokens (their
/// secret and deletions in the database, or in the state folder), both listeners with their
/// limits, the database watcher and the drain notice, as one service group. The executable
/// only turns flags into `ServerArguments`.
public struct ServerApplication {
    /// How long after the shutdown timeout whatever has not ended is cancelled.
    static let shutdownBackstop = Duration.seconds(5)

    private let group: ServiceGroup
    private let reloads: any DispatchSourceSignal
    private let logger: Logger

    /// Opens the policy (a start-up error when it is not a valid one) and sets everything up;
    /// `announce` writes the lines scripts wait for (`listening on …`) at once.
    public init(_ arguments: some ServerArguments, observability: Observability,
                announce: @escaping @Sendable (String) -> Void) async throws(StartupError) {
        let logger = observability.logger
        let store: PolicyStore, tokens: InstallationTokens
        var services: [ServiceGroupConfiguration.ServiceConfiguration] = []
        switch arguments.policyPlace {
        case .database(let url, let seed, let timeout):
            let database: PostgresDatabase, policy: PostgresPolicy
            do {
                database = try PostgresDatabase(url: url, deadline: timeout, logger: logger)
                policy = PostgresPolicy(database: database)
                try await policy.prepare(seed: try seed.map { path throws(StoreError) in try PolicyStore.document(at: path) })
                store = try await PolicyStore.open(policy, observability: observability)
            } catch {
                throw StartupError("policy \(error)")
            }
            // Installations' secret and deletions are the database's too: every instance verifies every token.
            let installations = PostgresInstallations(database: database)
            tokens = try await InstallationTokens.open(installations)
            services.append(.init(service: DatabaseWatcher(policy: policy, store: store, installations: installations, tokens: tokens),
                                  successTerminationBehavior: .ignore))
        case .file(let path):
            do { store = try PolicyStore(path: path, observability: observability) } catch { throw StartupError("policy \(error)") }
            let folder = arguments.stateFolder
            do {
                tokens = try await InstallationTokens.open(InstallationFolder(path: folder.path))
            } catch where !folder.given {
                // A server that may never serve a template does not fail for a default folder
                // it cannot write (a read-only root, a unit without StateDirectory=).
                announce("toaster-server: \(error.description); Firebase installations will last only as long as this process (give --state-dir)")
                tokens = InstallationTokens()
            }
        }
        for removed in store.removedTemporaries {
            announce("toaster-server: removed \(removed), left by a policy write that never finished")
        }
        let settings = try await arguments.settings()
        reloads = Self.reloadOnHangup(store)
        let limits = arguments.connectionLimits
        if let warning = limits.raiseDescriptorLimit(listeners: 2) { announce("toaster-server: \(warning)") }
        let connections = OpenConnections()
        // Every policy installed, here or by another instance, reaches the open streams.
        let realtime = RealtimeStreams()
        store.observe(realtime.policyChanged)
        let routes = ToasterRoutes.router(store: store, settings: settings, observability: observability, tokens: tokens, realtime: realtime)
        let service = Self.listener(routes, name: nil,
                                    host: arguments.host, port: arguments.port, limits: limits, observability: observability,
                                    connections: connections, countingConnections: true, announce: announce)
        let admin = Self.listener(AdminRoutes.router(store: store, settings: settings, observability: observability, realtime: realtime), name: "admin",
                                  host: arguments.adminHost, port: arguments.adminPort, limits: limits, observability: observability,
                                  connections: connections, announce: announce)
        let deadline = arguments.shutdownDeadline
        // ServiceGroup shuts down in the reverse order, each service once the one after it has
        // ended: the notice first (readiness off), then both listeners at once (no new
        // connections, open requests finish until the deadline, real-time streams end at once:
        // their clients reopen them elsewhere), then the database watcher,
        // which keeps the policy current for the requests still being answered.
        services.append(.init(service: Listeners([service, admin], connections: connections, deadline: deadline, draining: realtime.endAll)))
        services.append(.init(service: DrainNotice(observability: observability), successTerminationBehavior: .ignore))
        var group = ServiceGroupConfiguration(services: services, gracefulShutdownSignals: [.sigterm, .sigint],
                                              logger: Logger(label: "toaster-server.lifecycle") { _ in SwiftLogNoOpLogHandler() })
        // `Listeners` closes the connections at the deadline; past this backstop, what still
        // runs (a handler sleeping out --latency-ms) is cancelled.
        group.maximumGracefulShutdownDuration = deadline + Self.shutdownBackstop
        self.group = ServiceGroup(configuration: group)
        self.logger = logger
    }

    /// Serves until SIGTERM or SIGINT, and a graceful shutdown, end it.
    public func run() async throws {
        try await group.run()
        reloads.cancel()
        logger.notice("stopped")
    }

    /// SIGHUP reloads the policy, one reload at a time on the signal's own queue: signals that
    /// arrive meanwhile are merged into the next one. Ignored from now on, before anything
    /// listens, so that no SIGHUP ends the process.
    private static func reloadOnHangup(_ store: PolicyStore) -> any DispatchSourceSignal {
        signal(SIGHUP, SIG_IGN)
        let reloads = DispatchSource.makeSignalSource(signal: SIGHUP, queue: DispatchQueue(label: "toaster-server.sighup"))
        reloads.setEventHandler {
            let done = DispatchSemaphore(value: 0)
            Task {
                await store.reload(because: "SIGHUP")
                done.signal()
            }
            done.wait()
        }
        reloads.resume()
        return reloads
    }

    /// One of the server's two listeners, `name` nil for the public one: Hummingbird with the
    /// connection limits, its banner line once it listens, and a bind failure as one sentence.
    private static func listener<Router: HTTPResponderBuilder>(
        _ router: Router, name: String?, host: String, port: Int, limits: ConnectionLimits, observability: Observability,
        connections: OpenConnections, countingConnections: Bool = false, announce: @escaping @Sendable (String) -> Void
    ) -> Listener<Application<Router.Responder>> where Router.Responder.Context.Source == ApplicationRequestContextSource {
        let label = name.map { "\($0) " } ?? "", logger = observability.logger
        let listener = "\(name ?? "public") listener"
        let application = Application(
            router: router,
            server: limits.server(observability: observability, connections: connections, countingConnections: countingConnections),
            configuration: .init(address: .hostname(host, port: port), serverName: "toaster-server",
                                 availableConnectionsDelegate: limits.availableConnections(logger: logger, listener: listener)),
            onServerRunning: { channel in
                try? await ConnectionLimits.guardAccepting(of: channel, name: listener, logger: logger)
                announce("toaster-server: \(label)listening on \(url(host: host, port: channel.localAddress?.port ?? port))")
            },
            logger: logger
        )
        return Listener(application: application, host: host, port: port)
    }

    /// `http://HOST:PORT`, an IPv6 address in brackets (RFC 3986): `http://[::1]:8080`.
    private static func url(host: String, port: Int) -> String {
        host.contains(":") && !host.hasPrefix("[") ? "http://[\(host)]:\(port)" : "http://\(host):\(port)"
    }
}
