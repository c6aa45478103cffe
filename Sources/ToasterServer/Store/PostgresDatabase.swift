import FoundationEssentials
import Logging
import NIOCore
import NIOSSL
import PostgresNIO
import Synchronization

/// The PostgreSQL database of `--database-url`, shared by every instance: what the policy
/// (`PostgresPolicy`) and Firebase's installations keep there goes
/// through it, one connection per round, and one connection listens for what other instances
/// announce.
///
/// Each round opens its own connection rather than leasing one from a pool: the database is
/// written rarely, and a pool's reconnection backoff grows to a minute, while an instance must
/// pick changes up again within a second of the database's return.
public final class PostgresDatabase: Sendable {
    /// How long one database round, its connection included, may take before the caller is
    /// told the database is unavailable (`--database-timeout`).
    let deadline: Duration
    /// Two instances starting at once would both create the tables: the lock every start holds.
    private static let startLock = 7_401_101

    public let place: String
    private let configuration: PostgresConnection.Configuration
    let logger: Logger
    /// For postgres-nio, which would log every failed connection that a round reports once.
    let driverLogger: Logger
    private let connections = Atomic<Int>(0)

    /// `url`: `postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE[?sslmode=disable|prefer|require]`.
    public init(url: String, deadline: Duration, logger: Logger) throws(StartupError) {
        self.deadline = deadline
        guard let parts = URLComponents(string: url), parts.scheme == "postgres" || parts.scheme == "postgresql",
              let host = parts.host, !host.isEmpty
        else {
            throw StartupError("the database URL must look like postgres://USER:PASSWORD@HOST:PORT/DATABASE")
        }
        let database = parts.path.hasPrefix("/") ? String(parts.path.dropFirst()) : parts.path
        let tls: PostgresConnection.Configuration.TLS
        do {
            switch parts.queryItems?.first(where: { $0.name == "sslmode" })?.value ?? "prefer" {
            case "disable": tls = .disable
            case "prefer": tls = .prefer(try NIOSSLContext(configuration: .makeClientConfiguration()))
            case "require": tls = .require(try NIOSSLContext(configuration: .makeClientConfiguration()))
            case let other: throw StartupError("the database URL's sslmode must be disable, prefer or require, not \(other)")
            }
        } catch let error as StartupError {
            throw error
        } catch {
            throw StartupError("cannot set up TLS for the database: \(error)")
        }
        let port = parts.port ?? 5432
        var configuration = PostgresConnection.Configuration(
            host: host, port: port, username: parts.user ?? "postgres",
            password: parts.password, database: database.isEmpty ? nil : database, tls: tls)
        configuration.options.connectTimeout = TimeAmount(deadline)
        self.configuration = configuration
        place = "postgres://\(host):\(port)/\(database)"
        self.logger = logger
        var quiet = logger
        quiet.logLevel = .critical
        driverLogger = quiet
    }

    /// Runs `body` on a new connection and waits for that connection to close, whatever
    /// `body` does: postgres-nio traps (in debug builds) on a connection released while open.
    private func withConnection<T: Sendable>(_ body: (PostgresConnection) async throws -> T) async throws -> T {
        let connection = try await PostgresConnection.connect(
            configuration: configuration, id: connections.add(1, ordering: .relaxed).newValue, logger: driverLogger)
        do {
            let value = try await body(connection)
            try? await connection.close()
            return value
        } catch {
            try? await connection.close()
            throw error
        }
    }

    /// One round on a connection of its own within `deadline`; any failure is `.unavailable`
    /// with the reason.
    func round<T: Sendable>(_ what: String,
                            _ body: @escaping @Sendable (PostgresConnection, Logger) async throws -> T) async throws(StoreError) -> T {
        let logger = driverLogger
        do {
            return try await withThrowingTaskGroup(of: T?.self) { group in
                group.addTask {
                    try await self.withConnection { connection in try await body(connection, logger) }
                }
                group.addTask {
                    try await Task.sleep(for: self.deadline)
                    return nil
                }
                defer { group.cancelAll() }
                guard let first = try await group.next(), let value = first else {
                    throw StoreError.unavailable("no answer within \(self.deadline)")
                }
                return value
            }
        } catch let error as StoreError {
            throw StoreError.unavailable("cannot \(what) in \(place): \(error.description)")
        } catch {
            throw StoreError.unavailable("cannot \(what) in \(place): \(Self.describe(error))")
        }
    }

    /// A start's round: one transaction holding the start lock, so that instances starting
    /// together do not race to create and fill the tables `body` makes.
    func starting<T: Sendable>(_ what: String,
                               _ body: @escaping @Sendable (PostgresConnection, Logger) async throws -> T) async throws(StoreError) -> T {
        try await round(what) { connection, logger in
            try await connection.withTransaction(logger: logger) { connection in
                try await connection.query("SELECT pg_advisory_xact_lock(\(Self.startLock))", logger: logger)
                return try await body(connection, logger)
            }
        }
    }

    /// Listens on `channels` with one connection: `caughtUp` after every (re)connection, which
    /// may have missed some announcements, then `heard` with each announcement's channel and
    /// payload. While the database is away, tries again every quarter second, logging one line
    /// when it goes and one when it is back. Returns when the task is cancelled.
    func watch(_ channels: [String], caughtUp: @escaping @Sendable (PostgresConnection, Logger) async throws -> Void,
               heard: @escaping @Sendable (String, String, PostgresConnection, Logger) async throws -> Void) async {
        let away = Mutex(false), logger = logger, driverLogger = driverLogger, place = place
        while !Task.isCancelled {
            do {
                try await withConnection { connection in
                    try await withTaskCancellationHandler {
                        try await Self.listening(on: connection, to: channels[...], heard: []) { sequences in
                            if away.withLock({ $0 }) {
                                logger.notice("the policy database is reachable again", metadata: ["database": "\(place)"])
                                away.withLock { $0 = false }
                            }
                            try await caughtUp(connection, driverLogger)
                            try await withThrowingTaskGroup(of: Void.self) { group in
                                for (channel, sequence) in sequences {
                                    group.addTask {
                                        for try await notification in sequence {
                                            try await heard(channel, notification.payload, connection, driverLogger)
                                        }
                                    }
                                }
                                // The first to end (the connection lost) ends them all.
                                defer { group.cancelAll() }
                                try await group.next()
                            }
                        }
                    } onCancel: {
                        // Ends the listen; withConnection then waits for the close.
                        connection.close().whenComplete { _ in }
                    }
                }
            } catch {
                if Task.isCancelled { return }
                if !away.withLock({ $0 }) {
                    // The one line of an outage; the next says it is over.
                    logger.error("the policy database is unreachable, serving the last policy read: \(Self.describe(error))",
                                 metadata: ["database": "\(place)"])
                    away.withLock { $0 = true }
                }
            }
            try? await Task.sleep(for: .milliseconds(250))
        }
    }

    /// `body` with a notification sequence for each channel, all listened to on `connection`.
    private static func listening(on connection: PostgresConnection, to channels: ArraySlice<String>,
                                  heard sequences: [(String, PostgresNotificationSequence)],
                                  _ body: @Sendable ([(String, PostgresNotificationSequence)]) async throws -> Void) async throws {
        guard let channel = channels.first else { return try await body(sequences) }
        try await connection.listen(on: channel) { sequence in
            try await listening(on: connection, to: channels.dropFirst(), heard: sequences + [(channel, sequence)], body)
        }
    }

    /// postgres-nio keeps an error's details out of `description` lest they reach a client;
    /// they go to the operator's log.
    static func describe(_ error: any Error) -> String {
        guard let error = error as? PSQLError else { return String(describing: error) }
        if let message = error.serverInfo?[.message] { return message }
        return error.underlying.map { "\(error.code): \($0)" } ?? "\(error.code)"
    }
}
