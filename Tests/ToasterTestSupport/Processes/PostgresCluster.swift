import Foundation

/// A throwaway PostgreSQL cluster from Debian's packages: made with initdb in a temporary
/// folder, on a free loopback port, run as the `postgres` user when the tests run as root
/// (initdb refuses root), and removed at the end.
package final class PostgresCluster {
    /// The folder of `initdb` and `pg_ctl`: the newest version Debian installed.
    static let binaries: String? = {
        let root = "/usr/lib/postgresql"
        let versions = ((try? FileManager.default.contentsOfDirectory(atPath: root)) ?? []).compactMap { Int($0) }.sorted()
        guard let newest = versions.last else { return nil }
        let folder = "\(root)/\(newest)/bin"
        return FileManager.default.isExecutableFile(atPath: folder + "/initdb") ? folder : nil
    }()

    /// Tests skip without PostgreSQL on a developer's machine; under CI they run (and fail).
    package static let runs = binaries != nil || ProcessInfo.processInfo.environment["CI"] == "true"

    package let folder: URL
    package let port: Int
    package var url: String { "postgres://postgres@127.0.0.1:\(port)/postgres?sslmode=disable" }

    private var data: String { folder.appendingPathComponent("data").path }

    package init() throws {
        guard let binaries = Self.binaries else {
            throw TestFailure(description: "PostgreSQL is not installed (no /usr/lib/postgresql/*/bin/initdb): scripts/test installs it")
        }
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("toaster-pg-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        if getuid() == 0, let owner = getpwnam("postgres") {
            chown(folder.path, owner.pointee.pw_uid, owner.pointee.pw_gid)
        }
        port = try ClosedPort().port
        try run(["\(binaries)/initdb", "-D", data, "-A", "trust", "-U", "postgres", "--no-sync", "-E", "UTF8"])
        try start()
    }

    deinit {
        try? stop()
        try? FileManager.default.removeItem(at: folder)
    }

    package func start() throws {
        try run([Self.binaries! + "/pg_ctl", "-D", data, "-l", folder.appendingPathComponent("log").path, "-w", "-t", "30",
                 "-o", "-p \(port) -k \(folder.path) -c listen_addresses=127.0.0.1 -c fsync=off", "start"])
    }

    /// A fast shutdown: clients are disconnected at once.
    package func stop() throws {
        try run([Self.binaries! + "/pg_ctl", "-D", data, "-m", "fast", "-w", "-t", "30", "stop"])
    }

    private func run(_ command: [String]) throws {
        let user = getuid() == 0 ? ["runuser", "-u", "postgres", "--"] : []
        // No signal blocked, or the server would not hear pg_ctl's stop.
        let result = try Toolchain.run(user + command, unblockingSignals: true)
        guard result.status == 0 else {
            let log = (try? String(contentsOf: folder.appendingPathComponent("log"), encoding: .utf8)) ?? ""
            throw TestFailure(description: "\(command.joined(separator: " ")) failed (\(result.status)): \(result.stderr)\(result.stdout)\n\(log)")
        }
    }
}
