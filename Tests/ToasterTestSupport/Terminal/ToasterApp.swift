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

    /// From the forced alert: `업데이트`, then the App Store's install button.
    package func startInstall() throws {
        try waitForForcedAlert()
        try terminal.press("Enter")
        try terminal.waitFor("새로운 기능")
        try terminal.press("Enter")
        try terminal.waitFor("설치 중")
    }

    /// Focus-out is visible on the status line, so waiting for it proves every earlier key was read.
    package func focusOutAndWait() throws {
        try terminal.focusOut()
        try terminal.waitFor("scene: inactive")
    }
}
