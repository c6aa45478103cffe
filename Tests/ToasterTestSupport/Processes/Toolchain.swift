import Foundation

/// The binaries `swift test` built beside the test bundle, and programs run as child processes.
package enum Toolchain {
    package static let binaryDirectory: URL = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        .deletingLastPathComponent()

    package static var toastercli: String { binaryDirectory.appendingPathComponent("toastercli").path }
    package static var toasterServer: String { binaryDirectory.appendingPathComponent("toaster-server").path }

    /// Starts a program in the background, its output (both streams) appended to `output`.
    package static func spawn(_ arguments: [String], output: String) throws -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_APPEND, 0o600)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        closeInherited(&actions)
        let argv = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, arguments[0], &actions, nil, argv, environ)
        guard spawned == 0 else { throw TestFailure(description: "cannot start \(arguments[0]): error \(spawned)") }
        return pid
    }

    /// A child gets its three standard streams and nothing else: the test process holds other
    /// tests' sockets and files at any moment, and a child started with a descriptor limit
    /// (`prlimit --nofile=48`) would find its table taken by them. glibc skips a close action
    /// whose descriptor was closed meanwhile.
    private static func closeInherited(_ actions: inout posix_spawn_file_actions_t) {
        let open = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
        for descriptor in open.compactMap(Int32.init) where descriptor > 2 {
            posix_spawn_file_actions_addclose(&actions, descriptor)
        }
    }

    /// Polls the file a spawned program writes to until `pattern` matches a line of it, and
    /// returns the pattern's capture; nil when the deadline passes first.
    package static func awaitOutput(_ output: String, _ pattern: Regex<(Substring, Substring)>) -> String? {
        Polling.until {
            let text = (try? String(contentsOfFile: output, encoding: .utf8)) ?? ""
            return text.firstMatch(of: pattern).map { String($0.1) }
        }
    }

    /// The exit status of a spawned child (128 + the signal that ended it) once it has ended,
    /// the child reaped; nil when it is still running at the polling deadline (counted from
    /// `beyond`, a time the child cannot end before).
    package static func waitForExit(_ pid: pid_t, beyond bound: Duration = .zero) -> Int32? {
        Polling.until(beyond: bound) { () -> Int32? in
            var status: Int32 = 0
            guard waitpid(pid, &status, WNOHANG) == pid else { return nil }
            return (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
        }
    }

    /// Runs a program to completion and returns its status and output. posix_spawn and
    /// waitpid rather than Foundation's Process, whose wait can miss a child's exit when many
    /// tests spawn at once; output goes through files, since a tmux server started by the
    /// command keeps inherited pipes open. It gets the polling deadline to end (counted from
    /// `beyond`, for a program that waits that long by design), and is killed past it.
    /// `unblockingSignals` starts the program with no signal blocked, as a shell or a CI job
    /// would: the runner's threads block most signals, and a child inherits that mask.
    @discardableResult
    package static func run(_ arguments: [String], input: String = "/dev/null", beyond bound: Duration = .zero,
                            unblockingSignals: Bool = false) throws -> (status: Int32, stdout: String, stderr: String) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("toaster-run-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let outPath = folder.appendingPathComponent("out").path, errPath = folder.appendingPathComponent("err").path
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, input, O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, outPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, errPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        closeInherited(&actions)
        let argv = (["/usr/bin/env"] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        if unblockingSignals {
            var none = sigset_t()
            sigemptyset(&none)
            posix_spawnattr_setsigmask(&attributes, &none)
            posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK))
        }
        let spawned = posix_spawn(&pid, "/usr/bin/env", &actions, &attributes, argv, environ)
        guard spawned == 0 else { throw TestFailure(description: "cannot run \(arguments): error \(spawned)") }
        guard let exitStatus = waitForExit(pid, beyond: bound) else {
            kill(pid, SIGKILL)
            waitpid(pid, nil, 0)
            throw TestFailure(description: "\(arguments.joined(separator: " ")) was still running at the polling deadline; killed")
        }
        return (exitStatus,
                (try? String(contentsOfFile: outPath, encoding: .utf8)) ?? "",
                (try? String(contentsOfFile: errPath, encoding: .utf8)) ?? "")
    }
}
