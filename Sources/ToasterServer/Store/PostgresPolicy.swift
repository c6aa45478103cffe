import FoundationEssentials
import Logging
import NIOCore
import PostgresNIO
import ToasterPolicy

/// The policy in PostgreSQL (`--database-url`), shared by every instance: one row of
/// `toaster_policy`, replaced in a transaction that checks `If-Match`, announced on the
/// `toaster_policy` channel so that every instance reloads it within a second.
public final class PostgresPolicy: PolicyBackend {
    static let channel = "toaster_policy"

    let database: PostgresDatabase
    public var place: String { database.place }

    public init(database: PostgresDatabase) {
        self.database = database
    }

    /// Creates the table when missing and, when it holds no policy yet, stores `seed` (the
    /// `--policy` file).
    public func prepare(seed: Data?) async throws(PolicyError) {
        try await database.starting("prepare the policy table") { connection, logger in
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

    public func read() async throws(PolicyError) -> StoredPolicy {
        let found = try await database.round("read the policy") { connection, logger in try await Self.read(on: connection, logger: logger) }
        guard let found else {
            throw PolicyError("\(place) holds no policy yet: start an instance with --policy FILE to store one")
        }
        return found
    }

    public func write(_ document: Data, ifMatch expected: [String]?) async throws(PolicyError) -> StoredPolicy {
        let outcome: Result<StoredPolicy, PolicyError> = try await database.round("store the policy") { connection, logger in
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

    static func read(on connection: PostgresConnection, logger: Logger) async throws -> StoredPolicy? {
        let rows = try await connection.query("SELECT document, revision FROM toaster_policy WHERE id = 1", logger: logger)
        var found: StoredPolicy?
        for try await (document, revision) in rows.decode((ByteBuffer, Int64).self) {
            found = StoredPolicy(document: Data(document.readableBytesView), revision: revision)
        }
        return found
    }
}
