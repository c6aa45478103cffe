import Foundation

/// A real pseudo-terminal: one tmux server on a private socket, one window of a fixed size,
/// `TERM=xterm-256color`, `LANG=C.UTF-8`. Every wait polls the screen with a deadline.
package final class TmuxTerminal {
    package let directory: URL
    private let socket: String
    private var serverPID: pid_t = 0

    /// Starts `command` (a shell command line) in a new window of `width`×`height`.
    package init(width: Int = 80, height: Int = 24, command: String) throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("toaster-pty-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        socket = directory.appendingPathComponent("tmux.sock").path
        let config = directory.appendingPathComponent("tmux.conf")
        try """
            set -g default-terminal xterm-256color
            set -g status off
            set -g remain-on-exit on
            set -g escape-time 0
            set -g history-limit 0
            """.write(to: config, atomically: true, encoding: .utf8)
        try tmux(["-f", config.path, "new-session", "-d", "-x", "\(width)", "-y", "\(height)",
                  "-e", "LANG=C.UTF-8", "-e", "LC_ALL=C.UTF-8", "-e", "TERM=xterm-256color",
                  "-c", directory.path, command])
        serverPID = pid_t(try format("#{pid}")) ?? 0
    }

    /// The server starts from an empty environment: the test runner's own variables (such as
    /// the NO_COLOR that `swift test` sets) must not reach the program under test. Remembered
    /// answers go to this terminal's own folder, so that tests running side by side, and the
    /// user's own state, never meet.
    private var cleanEnvironment: [String] {
        ["-i", "PATH=" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"),
         "HOME=" + NSHomeDirectory(), "LANG=C.UTF-8", "XDG_STATE_HOME=" + file("state")]
    }

    /// The server goes by its socket and, should that fail, by its process id: a server left
    /// behind keeps its pane's program running.
    deinit {
        _ = try? tmux(["kill-server"])
        if serverPID > 0 { kill(serverPID, SIGKILL) }
        try? FileManager.default.removeItem(at: directory)
    }

    /// A path inside this terminal's private folder.
    package func file(_ name: String) -> String { directory.appendingPathComponent(name).path }

    @discardableResult
    package func tmux(_ arguments: [String]) throws -> String {
        let result = try Toolchain.run(cleanEnvironment + ["tmux", "-S", socket] + arguments)
        guard result.status == 0 else {
            throw TestFailure(description: "tmux \(arguments.joined(separator: " ")) failed: \(result.stderr)")
        }
        return result.stdout
    }

    /// The screen as the user reads it.
    package func screen() throws -> String {
        try tmux(["capture-pane", "-p", "-t", "0"])
    }

    package func lines() throws -> [String] {
        try screen().components(separatedBy: "\n")
    }

    /// Keys by tmux name (`Enter`, `Escape`, `Left`, `C-z`, `q`, …).
    package func press(_ keys: String...) throws {
        for key in keys { try tmux(["send-keys", "-t", "0", key]) }
    }

    /// Text typed literally.
    package func type(_ text: String) throws {
        try tmux(["send-keys", "-t", "0", "-l", text])
    }

    /// Raw bytes, for what a detached tmux does not send itself (focus events).
    package func sendBytes(_ hex: String...) throws {
        try tmux(["send-keys", "-t", "0", "-H"] + hex)
    }

    /// A left click (press, then release) at a 0-based cell, in xterm's SGR mouse encoding.
    package func click(column: Int, row: Int) throws {
        for final in ["M", "m"] {
            try sendBytes(contentsOf: "\u{1b}[<0;\(column + 1);\(row + 1)\(final)")
        }
    }

    private func sendBytes(contentsOf text: String) throws {
        try tmux(["send-keys", "-t", "0", "-H"] + text.utf8.map { String(format: "%02x", $0) })
    }

    package func focusOut() throws { try sendBytes("1b", "5b", "4f") }
    package func focusIn() throws { try sendBytes("1b", "5b", "49") }

    /// From now on, everything the pane's programs write is appended to `file(name)`.
    func recordOutput(to name: String) throws {
        let path = file(name)
        try tmux(["pipe-pane", "-O", "-t", "0", "cat >> " + ToasterApp.quote(path)])
        // tmux starts the pipe's command in the background: until its shell has opened the
        // file, what the pane prints is not recorded (and a loaded machine once took longer
        // than a whole test). The file's existence says it is open.
        guard Polling.until({ FileManager.default.fileExists(atPath: path) ? true : nil }) != nil else {
            throw TestFailure(description: "tmux never started recording the pane into \(path)")
        }
    }

    /// The process ids of the pane's shell's children.
    package func childProcesses() throws -> [Int32] {
        let shell = try format("#{pane_pid}")
        let entries = try FileManager.default.contentsOfDirectory(atPath: "/proc").compactMap(Int32.init)
        return entries.filter { pid in
            guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
                  let close = stat.range(of: ")", options: .backwards) else { return false }
            let fields = stat[close.upperBound...].split(separator: " ")
            return fields.count > 2 && String(fields[1]) == shell
        }
    }

    package func resize(width: Int, height: Int) throws {
        try tmux(["resize-window", "-t", "0", "-x", "\(width)", "-y", "\(height)"])
    }

    /// A tmux format of the pane, such as `#{cursor_flag}` or `#{pane_dead_status}`.
    package func format(_ format: String) throws -> String {
        try tmux(["display-message", "-p", "-t", "0", format]).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Polls until `predicate` holds for the screen; throws with the last screen when it never does.
    @discardableResult
    package func waitForScreen(_ what: String, _ predicate: (String) -> Bool) throws -> String {
        var last = ""
        let found = try Polling.until { () throws -> String? in
            last = try screen()
            return predicate(last) ? last : nil
        }
        guard let found else { throw TestFailure(description: "timed out waiting for \(what); the screen was:\n\(last)") }
        return found
    }

    @discardableResult
    package func waitFor(_ text: String) throws -> String {
        try waitForScreen("\"\(text)\"") { $0.contains(text) }
    }

    package func waitForGone(_ text: String) throws {
        try waitForScreen("\"\(text)\" to go") { !$0.contains(text) }
    }
}
