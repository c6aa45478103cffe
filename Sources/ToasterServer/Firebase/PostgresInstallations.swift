import FoundationEssentials
import Logging
import NIOCore
import PostgresNIO

/// Installations' secret and deletions in the PostgreSQL of `--database-url`, shared by every
/// instance: the secret in the one row of `toaster_installation_key`, made by the first start
/// under the start lock; each deletion a row of `toaster_deleted_installations`, announced on
/// the `toaster_installations` channel so that every instance refuses it within a second.
public final class PostgresInstallations: InstallationStorage {
    static let channel = "toaster_installations"

    let database: PostgresDatabase

    public init(database: PostgresDatabase) {
        self.database = database
    }

    public func open() async throws(StartupError) -> (secret: [UInt8], deletions: [InstallationDeletion]) {
        var generator = SystemRandomNumberGenerator()
        let fresh = ByteBuffer(bytes: (0..<32).map { _ in UInt8.random(in: .min ... .max, using: &generator) })
        do {
            return try await database.starting("prepare the installations tables") { connection, logger in
                try await connection.query("""
                    CREATE TABLE IF NOT EXISTS toaster_installation_key (
                        id smallint PRIMARY KEY CHECK (id = 1),
                        secret bytea NOT NULL,
                        created_at timestamptz NOT NULL DEFAULT now())
                    """, logger: logger)
                try await connection.query("""
                    CREATE TABLE IF NOT EXISTS toaster_deleted_installations (
                        project text NOT NULL,
                        fid text NOT NULL,
                        deleted_at double precision NOT NULL,
                        PRIMARY KEY (project, fid))
                    """, logger: logger)
                try await connection.query("INSERT INTO toaster_installation_key (id, secret) VALUES (1, \(fresh)) ON CONFLICT (id) DO NOTHING",
                                           logger: logger)
                var secret: [UInt8] = []
                for try await stored in try await connection.query("SELECT secret FROM toaster_installation_key WHERE id = 1", logger: logger)
                    .decode(ByteBuffer.self) {
                    secret = Array(stored.readableBytesView)
                }
                return (secret, try await Self.deletions(on: connection, logger: logger))
            }
        } catch {
            throw StartupError(error.description)
        }
    }

    public func record(_ deletion: InstallationDeletion) async throws(InstallationStorageError) {
        let stored = StoredDeletion(deletion)
        let payload = String(decoding: (try? JSONEncoder().encode(stored)) ?? Data(), as: UTF8.self)
        do {
            try await database.round("store a deleted installation") { connection, logger in
                try await connection.withTransaction(logger: logger) { connection in
                    try await connection.query("""
                        INSERT INTO toaster_deleted_installations (project, fid, deleted_at) VALUES (\(stored.project), \(stored.fid), \(stored.at))
                        ON CONFLICT (project, fid) DO NOTHING
                        """, logger: logger)
                    // As many as an instance keeps: the oldest beyond go.
                    try await connection.query("""
                        DELETE FROM toaster_deleted_installations WHERE deleted_at < (
                            SELECT deleted_at FROM toaster_deleted_installations ORDER BY deleted_at DESC
                            OFFSET \(InstallationTokens.maximumDeletions) LIMIT 1)
                        """, logger: logger)
                    // Delivered to every listener when the transaction commits, and only then.
                    try await connection.query("SELECT pg_notify(\(Self.channel), \(payload))", logger: logger)
                }
            }
        } catch {
            throw InstallationStorageError(description: error.description)
        }
    }

    /// Every deletion stored, oldest first: what an instance reads on every (re)connection.
    static func deletions(on connection: PostgresConnection, logger: Logger) async throws -> [InstallationDeletion] {
        let rows = try await connection.query("""
            SELECT project, fid, deleted_at FROM toaster_deleted_installations ORDER BY deleted_at DESC LIMIT \(InstallationTokens.maximumDeletions)
            """, logger: logger)
        var found: [InstallationDeletion] = []
        for try await (project, fid, at) in rows.decode((String, String, Double).self) {
            found.append(InstallationDeletion(project: project, fid: fid, at: Date(timeIntervalSince1970: at)))
        }
        return found.reversed()
    }

    /// A notification's deletion; nil for a payload that is none.
    static func deletion(payload: String) -> InstallationDeletion? {
        StoredDeletion(line: Array(payload.utf8))?.deletion
    }
}
