import FoundationEssentials
import Logging
import NIOCore
import NIOSSL
import PostgresNIO
import Synchronization
import ToasterPolicy

/// The policy in PostgreSQL (`--database-url`), shared by every instance: one row of
/// `toaster_policy`, replaced in a transaction that checks `If-Match`, announced on the
/// `toaster_policy` channel so that every instance reloads it within a second.
///
/// Each round opens its own connection rather than leasing one from a pool: a policy changes
/// rarely, and a pool's reconnection backoff grows to a minute, while an instance must pick
/// changes up again within a second of the database's return.
public final class PostgresPolicy: PolicyBackend {
    static let channel = "toaster_policy"
    /// How long one database round, its connection included, may take before the caller is
    /// told the database is unavailable (`--database-timeout`).
    let deadline: Duration

    public let place: String
    private let configuration: PostgresConnection.Configuration
    private let logger: Logger
    /// For postgres-nio, which would log every failed connection that a round reports once.
    private let driverLogger: Logger
    private let connections = Atomic<Int>(0)

    /// `url`: `postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE[?sslmode=disable|prefer|require]`.
    public init(url: String, deadline: Duration, logger: Logger) throws(PolicyError) {
        self.deadline = deadline
        guard let parts = URLComponents(string: url), parts.scheme == "postgres" || parts.scheme == "postgresql",
              let host = parts.host, !host.isEmpty
        else {
            throw PolicyError("the database URL must look like postgres://USER:PASSWORD@HOST:PORT/DATABASE")
        }
        let database = parts.path.hasPrefix("/") ? String(parts.path.dropFirst()) : parts.path
        let tls: PostgresConnection.Configuration.TLS
        do {
            switch parts.queryItems?.first(where: { $0.name == "sslmode" })?.value ?? "prefer" {
            case "disable": tls = .disable
            case "prefer": tls = .prefer(try NIOSSLContext(configuration: .makeClientConfiguration()))
            case "require": tls = .require(try NIOSSLContext(configuration: .makeClientConfiguration()))
            case let other: throw PolicyError("the database URL's sslmode must be disable, prefer or require, not \(other)")
            }
        } catch let error as PolicyError {
            throw error
        } catch {
            throw PolicyError("cannot set up TLS for the database: \(error)")
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

    /// Creates the table when missing and, when it holds no policy yet, stores `seed` (the
    /// `--policy` file).
    public func prepare(seed: Data?) async throws(PolicyError) {
        try await round("prepare the policy table") { connection, logger in
            try await connection.withTransaction(logger: logger) { connection in
                // Two instances starting at once would both try to create the table.
                try await connection.query("SELECT pg_advisory_xact_lock(7401101)", logger: logger)
                try await connection.query("""
                    CREATE TABLE IF NOT EXISTS toaster_policy (
                        id smallint PRIMARY KEY CHECK (id = 1),
                        document bytea NOT NULL,
                        revision bigint NOT NULL,
                        updated_at timestamptz NOT NULL DEFAULT now())
                    """, logger: logger)
                if let seed {
                    try await connection.query("""
                        INSERT INTO toaster_policy (id, document, revision) VALUES (1, \(ByteBuffer(bytes: seed)), 1)
                        ON CONFLICT (id) DO NOTHING
                        """, logger: logger)
                }
            }
        }
    }

    public func read() async throws(PolicyError) -> StoredPolicy {
        let found = try await round("read the policy") { connection, logger in try await Self.read(on: connection, logger: logger) }
        guard let found else {
            throw PolicyError("\(place) holds no policy yet: start an instance with --policy FILE to store one")
        }
        return found
    }

    public func write(_ document: Data, ifMatch expected: [String]?) async throws(PolicyError) -> StoredPolicy {
        let outcome: Result<StoredPolicy, PolicyError> = try await round("store the policy") { connection, logger in
            try await connection.withTransaction(logger: logger) { connection -> Result<StoredPolicy, PolicyError> in
                let rows = try await connection.query("SELECT document FROM toaster_policy WHERE id = 1 FOR UPDATE", logger: logger)
                var stored = ByteBuffer()
                for try await document in rows.decode(ByteBuffer.self) { stored = document }
                if let expected {
                    // Up to a megabyte hashed: off the cooperative pool, as the rest of a write's work.
                    let eTag = try await Offload.run { [stored] in ETag.of(stored.readableBytesView) }
                    guard expected.contains(eTag) else { return .failure(.stale(expected)) }
                }
                let updated = try await connection.query("""
                    INSERT INTO toaster_policy (id, document, revision) VALUES (1, \(ByteBuffer(bytes: document)), 1)
                    ON CONFLICT (id) DO UPDATE SET document = excluded.document, revision = toaster_policy.revision + 1, updated_at = now()
                    RETURNING revision
                    """, logger: logger)
                var revision: Int64 = 0
                for try await value in updated.decode(Int64.self) { revision = value }
                // Delivered to every listener when the transaction commits, and only then.
                try await connection.query("SELECT pg_notify(\(Self.channel), \(String(revision)))", logger: logger)
                return .success(StoredPolicy(document: document, revision: revision))
            }
        }
        return try outcome.get()
    }

    /// Hands `changed` the stored policy after every change announced, and after every
    /// (re)connection, which may have missed some; while the database is away, tries again
    /// every quarter second. Returns when the task is cancelled.
    func watch(_ changed: @escaping @Sendable (StoredPolicy) async -> Void) async {
        var away = false
        while !Task.isCancelled {
            do {
                try await withConnection { connection in
                    try await withTaskCancellationHandler {
                        try await connection.listen(on: Self.channel) { notifications in
                            if away {
                                logger.notice("the policy database is reachable again", metadata: ["database": "\(place)"])
                                away = false
                            }
                            if let stored = try await Self.read(on: connection, logger: driverLogger) { await changed(stored) }
                            for try await _ in notifications {
                                if let stored = try await Self.read(on: connection, logger: driverLogger) { await changed(stored) }
                            }
                        }
                    } onCancel: {
                        // Ends the listen; withConnection then waits for the close.
                        connection.close().whenComplete { _ in }
                    }
                }
            } catch {
                if Task.isCancelled { return }
                if !away {
                    // The one line of an outage; the next says it is over.
                    logger.error("the policy database is unreachable, serving the last policy read: \(Self.describe(error))",
                                 metadata: ["database": "\(place)"])
                    away = true
                }
            }
            try? await Task.sleep(for: .milliseconds(250))
        }
    }

    private static func read(on connection: PostgresConnection, logger: Logger) async throws -> StoredPolicy? {
        let rows = try await connection.query("SELECT document, revision FROM toaster_policy WHERE id = 1", logger: logger)
        var found: StoredPolicy?
        for try await (document, revision) in rows.decode((ByteBuffer, Int64).self) {
            found = StoredPolicy(document: Data(document.readableBytesView), revision: revision)
        }
        return found
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
    private func round<T: Sendable>(_ what: String,
                                    _ body: @escaping @Sendable (PostgresConnection, Logger) async throws -> T) async throws(PolicyError) -> T {
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
                    throw PolicyError("no answer within \(self.deadline)")
                }
                return value
            }
        } catch let error as PolicyError {
            throw PolicyError("cannot \(what) in \(place): \(error.description)", kind: .unavailable)
        } catch {
            throw PolicyError("cannot \(what) in \(place): \(Self.describe(error))", kind: .unavailable)
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
