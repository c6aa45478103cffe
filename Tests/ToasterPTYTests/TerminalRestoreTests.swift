import Foundation
import Testing
import ToasterTestSupport

/// Every way out gives the terminal back: line discipline as before, focus reporting off,
/// cursor visible, main screen.
@Suite(.offThePool) struct TerminalRestoreTests {
    private static func start(_ arguments: String = "", environment: String = "") throws -> ToasterApp {
        try ToasterApp(shellRunning: { binary, trace in
            "stty -g > before.txt; \(environment) \(binary) --trace \(trace) --launch-screen-ms 0 \(arguments); echo \"exit=$?\"; stty -g > after.txt; echo restored-$((40+2))"
        })
    }

    private static func expectRestored(_ app: ToasterApp, status: Int) throws {
        let screen = try app.terminal.waitFor("restored-42")
        #expect(screen.contains("exit=\(status)"))
        let before = try String(contentsOfFile: app.terminal.file("before.txt"), encoding: .utf8)
        let after = try String(contentsOfFile: app.terminal.file("after.txt"), encoding: .utf8)
        #expect(!before.isEmpty && before == after, "stty -g differs after the run")
        #expect(try app.terminal.format("#{cursor_flag}") == "1", "the cursor is hidden")
        #expect(try app.terminal.format("#{alternate_on}") == "0", "the alternate screen is still on")
        let output = try Data(contentsOf: URL(fileURLWithPath: app.terminal.file(ToasterApp.outputName)))
        let on = Data("\u{1b}[?1004h".utf8), off = Data("\u{1b}[?1004l".utf8)
        let lastOn = try #require(output.lastRange(of: on), "focus reporting was never switched on")
        let lastOff = try #require(output.lastRange(of: off), "focus reporting was never switched off")
        #expect(lastOff.lowerBound > lastOn.lowerBound, "focus reporting is left on")
        let mouseOn = try #require(output.lastRange(of: Data("\u{1b}[?1006;1000h".utf8)), "mouse reporting was never switched on")
        #expect(output.lastRange(of: Data("\u{1b}[?1006;1000l".utf8)).map { $0.lowerBound > mouseOn.lowerBound } == true,
                "mouse reporting is left on")
    }

    @Test func quitKeyRestoresTheTerminal() throws {
        let app = try Self.start("--app-version 2.0.0")
        try app.terminal.waitFor("최신 버전입니다")
        try app.terminal.press("q")
        try Self.expectRestored(app, status: 0)
    }

    /// The check's thread still sleeps in the demo store for ten minutes: quitting ends the
    /// process at once, without waiting for it at exit (docs/03, 18).
    @Test func quitWhileACheckIsStillRunningEndsAtOnce() throws {
        let app = try Self.start("--demo-latency-ms 600000")
        try app.terminal.waitFor("업데이트 확인 중")
        try app.terminal.press("q")
        try Self.expectRestored(app, status: 0)
    }

    @Test func sigtermRestoresTheTerminal() throws {
        let app = try Self.start()
        try app.waitForForcedAlert()
        let children = try app.terminal.childProcesses()
        #expect(children.count == 1)
        for pid in children { kill(pid, SIGTERM) }
        try Self.expectRestored(app, status: 143)
    }

    @Test func sighupRestoresTheTerminal() throws {
        let app = try Self.start()
        try app.waitForForcedAlert()
        for pid in try app.terminal.childProcesses() { kill(pid, SIGHUP) }
        try Self.expectRestored(app, status: 129)
    }

    @Test func sigquitRestoresTheTerminal() throws {
        let app = try Self.start()
        try app.waitForForcedAlert()
        for pid in try app.terminal.childProcesses() { kill(pid, SIGQUIT) }
        try Self.expectRestored(app, status: 131)
    }

    /// A crash (here SIGSEGV) still gives the terminal back before the process dies of it.
    @Test func fatalSignalRestoresTheTerminal() throws {
        // The Swift runtime's crash report (slow to symbolicate a debug build) is not under test.
        let app = try Self.start(environment: "SWIFT_BACKTRACE=enable=no")
        try app.waitForForcedAlert()
        for pid in try app.terminal.childProcesses() { kill(pid, SIGSEGV) }
        try Self.expectRestored(app, status: 128 + Int(SIGSEGV))
    }

    @Test func suspendAndForegroundBringTheScreenBackWhole() throws {
        // A single command, so that the shell's job control stops it alone.
        let app = try ToasterApp(shellRunning: { binary, trace in "\(binary) --trace \(trace) --launch-screen-ms 0" })
        let before = try app.waitForForcedAlert()
        try app.terminal.press("C-z")
        try app.terminal.waitFor("Stopped")
        #expect(try app.terminal.format("#{alternate_on}") == "0", "the shell gets the main screen while stopped")
        try app.terminal.type("fg")
        try app.terminal.press("Enter")
        let after = try app.waitForForcedAlert()
        #expect(after.contains(ToasterApp.homeHeading))
        #expect(after.components(separatedBy: "\n").filter { $0.contains("│") }.count
                == before.components(separatedBy: "\n").filter { $0.contains("│") }.count)
    }

    @Test(arguments: [["TERM": "dumb"], ["TERM": ""]])
    func dumbOrMissingTerminalPointsToCheck(environment: [String: String]) throws {
        let app = try ToasterApp([], environment: environment)
        #expect(try app.waitForExit() == 1)
        #expect(try app.terminal.screen().contains("toastercli check"))
    }

    @Test func controlCRestoresTheTerminal() throws {
        let app = try Self.start()
        try app.waitForForcedAlert()
        try app.terminal.press("C-c")
        try Self.expectRestored(app, status: 130)
    }
}
