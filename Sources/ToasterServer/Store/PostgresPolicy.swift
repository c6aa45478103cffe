import FoundationEssentials
import Logging
import NIOCore
import PostgresNIO
import ToasterPolicy
import ToasterWire

/// The policy in PostgreSQL (`--database-url`), shared by every instance: one row of
/// `toaster_policy`, replaced in a transaction that checks `If-Match`, announced on the
/// `toaster_policy` channel so that every instance reloads it within a second. The templates'
/// versions are rows of `toaster_template_versions`, written in the same transaction: every
/// writer locks the policy's row first, so two instances never give one number twice.
public final class PostgresPolicy: PolicyBackend {
    static let channel = "toaster_policy"

    let database: PostgresDatabase
    public var place: String { database.place }
    public var isEditedOutsideTheServer: Bool { false }

    public init(database: PostgresDatabase) {
        self.database = database
    }

    /// Creates the table when missing and, when it holds no policy yet, stores `seed` (the
    /// `--policy` file).
    public func prepare(seed: Data?) async throws(StoreError) {
        try await database.starting("prepare the policy table") { connection, logger in
            try await connection.query("""
                CREATE TABLE IF NOT EXISTS toaster_policy (
                    id smallint PRIMARY KEY CHECK (id = 1),
                    document bytea NOT NULL,
                    revision bigint NOT NULL,
                    updated_at timestamptz NOT NULL DEFAULT now())
                """, logger: logger)
            try await connection.query("""
                CREATE TABLE IF NOT EXISTS toaster_template_versions (
                    project text NOT NULL,
                    number bigint NOT NULL,
                    update_time timestamptz NOT NULL,
                    document bytea NOT NULL,
                    PRIMARY KEY (project, number))
                """, logger: logger)
            if let seed {
                try await connection.query("""
                    INSERT INTO toaster_policy (id, document, revision) VALUES (1, \(ByteBuffer(bytes: seed)), 1)
                    ON CONFLICT (id) DO NOTHING
                    """, logger: logger)
            }
        }
    }

    public func read() async throws(StoreError) -> StoredPolicy {
        let found = try await database.round("read the policy") { connection, logger in try await Self.read(on: connection, logger: logger) }
        guard let found else {
            throw StoreError.unavailable("\(place) holds no policy yet: start an instance with --policy FILE to store one")
        }
        return found
    }

    public func write<T: Sendable>(_ change: @escaping @Sendable (Data, NewestVersions) throws(StoreError) -> (PolicyChange, T))
        async throws(StoreError) -> (StoredPolicy, T) {
        let outcome: Result<(StoredPolicy, T), StoreError> = try await database.round("store the policy") { connection, logger in
            try await connection.withTransaction(logger: logger) { connection -> Result<(StoredPolicy, T), StoreError> in
                let rows = try await connection.query("SELECT document FROM toaster_policy WHERE id = 1 FOR UPDATE", logger: logger)
                var stored = ByteBuffer()
                for try await document in rows.decode(ByteBuffer.self) { stored = document }
                var newest: NewestVersions = [:]
                let numbers = try await connection.query("SELECT project, max(number) FROM toaster_template_versions GROUP BY project", logger: logger)
                for try await (project, number) in numbers.decode((String, Int64).self) { newest[project] = number }
                let made: (PolicyChange, T)
                do throws(StoreError) {
                    // Up to a megabyte hashed and validated: off the cooperative pool, as the rest of a write's work.
                    made = try await Offload.run(else: StoreError.shuttingDown) { [stored, newest] () throws(StoreError) in try change(Data(stored.readableBytesView), newest) }
                } catch {
                    return .failure(error)
                }
                let (document, versions) = (made.0.document, made.0.versions)
                for version in versions {
                    try await connection.query("""
                        INSERT INTO toaster_template_versions (project, number, update_time, document)
                        VALUES (\(version.project), \(version.number), \(version.updateTime), \(ByteBuffer(bytes: version.document)))
                        """, logger: logger)
                }
                for project in Set(versions.map(\.project)) {
                    try await connection.query("""
                        DELETE FROM toaster_template_versions WHERE project = \(project) AND number <= (
                            SELECT number FROM toaster_template_versions WHERE project = \(project)
                            ORDER BY number DESC OFFSET \(RemoteConfigAPI.keptVersions) LIMIT 1)
                        """, logger: logger)
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
                return .success((StoredPolicy(document: document, revision: revision), made.1))
            }
        }
        return try outcome.get()
    }

    public func versions(of project: String) async throws(StoreError) -> [TemplateVersionRecord] {
        try await database.round("read the template's versions") { connection, logger in
            let rows = try await connection.query("""
                SELECT number, update_time, document FROM toaster_template_versions WHERE project = \(project) ORDER BY number DESC
                """, logger: logger)
            var found: [TemplateVersionRecord] = []
            for try await (number, time, document) in rows.decode((Int64, Date, ByteBuffer).self) {
                found.append(TemplateVersionRecord(project: project, number: number, updateTime: time, document: Data(document.readableBytesView)))
            }
            return found
        }
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
