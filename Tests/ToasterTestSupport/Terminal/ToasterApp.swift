import Foundation

/// `toastercli` running in its own pty, with a trace file to read the lifecycle from.
package final class ToasterApp {
    package let terminal: TmuxTerminal
    package let trace: TraceLog

    /// Starts the binary in the pane under `sh`, which writes its exit status to a file: tmux's
    /// own `pane_dead_status` is sometimes never set when the pty closes before the exit is seen.
    package init(_ arguments: [String] = [], width: Int = 80, height: Int = 24, launchScreenMilliseconds: Int = 0,
                 environment: [String: String] = [:]) throws {
        let traceName = "trace.jsonl"
        let command = (["env"] + environment.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" } + [Toolchain.toastercli, "--trace", traceName, "--launch-screen-ms", "\(launchScreenMilliseconds)"]
            + arguments).map(Self.quote).joined(separator: " ")
        terminal = try TmuxTerminal(width: width, height: height, command: command + "; echo $? > " + Self.exitStatusName)
        trace = TraceLog(path: terminal.file(traceName))
    }

    /// Starts an interactive bash in the pane, for job control and for the terminal state
    /// around the program; `commandLine` is typed at its prompt once `files` (name: contents)
    /// are in the terminal's folder.
    package init(shellRunning commandLine: (_ binary: String, _ trace: String) -> String, width: Int = 80, height: Int = 24,
                 files: [String: String] = [:]) throws {
        let traceName = "trace.jsonl"
        terminal = try TmuxTerminal(width: width, height: height, command: "PS1='$ ' exec bash --norc --noprofile -i")
        trace = TraceLog(path: terminal.file(traceName))
        for (name, contents) in files { try contents.write(toFile: terminal.file(name), atomically: true, encoding: .utf8) }
        try terminal.waitFor("$")
        try terminal.recordOutput(to: Self.outputName)
        try terminal.type(commandLine(Self.quote(Toolchain.toastercli), traceName))
        try terminal.press("Enter")
    }

    package static let exitStatusName = "exit-status"

    /// Waits for the program to end and returns its exit status.
    package func waitForExit() throws -> Int32 {
        let path = terminal.file(Self.exitStatusName)
        let status = Polling.until { () -> Int32? in
            guard let text = try? String(contentsOfFile: path, encoding: .utf8), text.hasSuffix("\n") else { return nil }
            return Int32(text.trimmingCharacters(in: .whitespacesAndNewlines))
        }
        guard let status else { throw TestFailure(description: "timed out waiting for the program to exit; the screen was:\n\(try terminal.screen())") }
        return status
    }

    /// Where a shell-run app's terminal output is recorded.
    package static let outputName = "output.bin"

    /// Everything written to the terminal so far, once `marker` is among it (the recording
    /// lags the screen a little). Only for `init(shellRunning:)`, which records.
    package func recording(through marker: String) throws -> Data {
        let path = terminal.file(Self.outputName), bytes = Data(marker.utf8)
        var last = Data()
        guard let written = Polling.until({ () -> Data? in
            last = FileManager.default.contents(atPath: path) ?? Data()
            return last.range(of: bytes) != nil ? last : nil
        }) else {
            throw TestFailure(description: "no \(marker.debugDescription) in the recording:\n\(String(decoding: last.suffix(2000), as: UTF8.self))")
        }
        return written
    }

    /// What the pane showed just before the program last left the alternate screen: the last
    /// frame of a full-screen view (the preflight board's stays up 1.5 s, no window to catch on
    /// a busy machine), replayed from the recording into a new terminal of the pane's size.
    /// Only for `init(shellRunning:)`, which records.
    package func lastFullScreenFrame() throws -> TmuxTerminal {
        let leave = "\u{1B}[?1049l"
        let recorded = try recording(through: leave)
        // Found: `recording` returned it.
        let end = recorded.range(of: Data(leave.utf8), options: .backwards)!.lowerBound
        let frame = terminal.file("last-frame.bin")
        try recorded[..<end].write(to: URL(fileURLWithPath: frame))
        let width = Int(try terminal.format("#{pane_width}")) ?? 80, height = Int(try terminal.format("#{pane_height}")) ?? 24
        return try TmuxTerminal(width: width, height: height, command: "cat \(Self.quote(frame)); exec sleep 3600")
    }

    package static func quote(_ word: String) -> String {
        "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    package static let forcedTitle = "신규 기능 업데이트 알림"
    package static let optionalTitle = "기능 업데이트 알림"
    package static let updateFocused = "[ 업데이트 ]"
    package static let homeHeading = "저장한 링크"

    /// An optional update: 1.9.0 installed, 1.10.0 in the store.
    package static let optionalUpdate = ["--app-version", "1.9.0", "--store-version", "1.10.0"]
    /// The same under the relaxed rules, whose alert also offers to skip the version.
    package static let skippableUpdate = ["--rules", "relaxed"] + optionalUpdate

    /// Waits for the forced alert and checks it offers exactly one button.
    @discardableResult
    package func waitForForcedAlert() throws -> String {
        let screen = try terminal.waitForScreen("the forced alert") {
            $0.contains(Self.forcedTitle) && $0.contains(Self.updateFocused) && $0.contains("└")
        }
        guard screen.contains(Self.updateFocused), !screen.contains("다음에") else {
            throw TestFailure(description: "the forced alert does not offer exactly 업데이트:\n\(screen)")
        }
        return screen
    }

    /// From the forced alert: `업데이트`, to the App Store's page.
    package func openStorePage() throws {
        try waitForForcedAlert()
        try terminal.press("Enter")
        try terminal.waitFor("새로운 기능")
    }

    /// From the forced alert: `업데이트`, then the App Store's install button. The install's
    /// progress is on screen for under a second: its start is read from the trace.
    package func startInstall() throws {
        try openStorePage()
        try terminal.press("Enter")
        try trace.waitFor("the install's start") { $0.contains("installStarted") }
    }

    /// The program's process id: the child of the pane's shell, found once.
    package func programPID() throws -> pid_t {
        if let pid { return pid }
        guard let found = Polling.until({ try? terminal.childProcesses().first }) else {
            throw TestFailure(description: "no program runs in the pane; the screen was:\n\(try terminal.screen())")
        }
        pid = found
        return found
    }

    private var pid: pid_t?

    /// Stops the program (SIGSTOP) as soon as its trace has `event`, which `action` (a key)
    /// leads to, until `step(until:)` or `thaw()`: its timers stand still, so a screen that
    /// lasts a moment (an install's progress) lasts as long as the test needs, and what the
    /// test does meanwhile (a resize) waits for it. A thread of its own reads the trace every
    /// millisecond meanwhile: waiting for `action`'s tmux to end and then polling could take
    /// longer than the moment on a busy machine. Only for an event after which the program
    /// ignores SIGCONT, as during an install: elsewhere SIGCONT is its `fg`.
    package func freeze(at event: String, after action: () throws -> Void) throws {
        let pid = try programPID()
        let marker = Data(#""event":"\#(event)""#.utf8), path = trace.path
        let watching = Shared<Bool?>(nil)
        Thread {
            while watching.current == nil {
                if FileManager.default.contents(atPath: path)?.range(of: marker) != nil {
                    kill(pid, SIGSTOP)
                    watching.update { $0 = true }
                }
                usleep(1000)
            }
        }.start()
        defer { watching.update { $0 = $0 ?? false } }
        try action()
        guard Polling.until({ watching.current }) != nil else {
            throw TestFailure(description: "no \(event) in the trace:\n\(try trace.summary().joined(separator: "\n"))")
        }
        try stop(pid)
    }

    /// Lets a frozen program run for a moment at a time, stopping it again and reading the
    /// screen after each, until `predicate` holds for the screen; frozen when it returns. A
    /// moment is a few milliseconds, so its timers advance a step or so each time.
    @discardableResult
    package func step(until what: String, _ predicate: (String) -> Bool) throws -> String {
        let pid = try programPID()
        var last = ""
        let found = try Polling.until { () throws -> String? in
            kill(pid, SIGCONT)
            Thread.sleep(forTimeInterval: 0.002)
            try stop(pid)
            last = try terminal.screen()
            return predicate(last) ? last : nil
        }
        guard let found else { throw TestFailure(description: "stepped the program without \(what); the screen was:\n\(last)") }
        return found
    }

    /// Lets a frozen program run on.
    package func thaw() throws {
        kill(try programPID(), SIGCONT)
    }

    private func stop(_ pid: pid_t) throws {
        kill(pid, SIGSTOP)
        let stopped = Polling.until { () -> Bool? in
            let stat = (try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)) ?? ""
            // The state follows the command name, which is in parentheses.
            return stat.split(separator: ")").last?.split(separator: " ").first == "T" ? true : nil
        }
        guard stopped != nil else { throw TestFailure(description: "the program (\(pid)) did not stop") }
    }

    /// Focus-out is visible on the status line, so waiting for it proves every earlier key was read.
    package func focusOutAndWait() throws {
        try terminal.focusOut()
        try terminal.waitFor("scene: inactive")
    }
}
