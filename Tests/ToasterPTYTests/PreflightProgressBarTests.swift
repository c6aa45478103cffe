import Foundation
import Testing
import ToasterTestSupport

/// `toastercli preflight`'s progress bar, which only a terminal gets.
@Suite(.offThePool) struct PreflightProgressBarTests {
    @Test func progressBarOnATerminalOnly() throws {
        let server = try ServerProcess(policy: try PreflightFixtures.policy())
        let command = [Toolchain.toastercli, "preflight", "--lookup-url", server.baseURL + "/lookup", "--app-id", "42",
                       "--countries", "kr,us,jp,gb", "--rate", "120", "--burst", "1", "--concurrency", "1", "--installed-versions", "2.0.0",
                       "--min-required-version", "2.0.0"]
        let terminal = try TmuxTerminal(width: 100, height: 24, command: command.map(ToasterApp.quote).joined(separator: " ") + "; echo exit=$?; sleep 30")
        let screen = try terminal.waitForScreen("the progress bar") { $0.contains("/8 requests ·") && $0.contains("█") }
        #expect(screen.contains("left"))
        let done = try terminal.waitFor("exit=0")
        #expect(!done.contains("requests ·"), "the bar is cleared before the report")
        #expect(done.contains("No findings"))
    }

    @Test func controlCClearsTheBar() throws {
        let server = try ServerProcess(policy: try PreflightFixtures.policy())
        let command = [Toolchain.toastercli, "preflight", "--lookup-url", server.baseURL + "/lookup", "--app-id", "42",
                       "--countries", "kr,us,jp,gb", "--rate", "6", "--burst", "1", "--concurrency", "1", "--min-required-version", "2.0.0"]
        let terminal = try TmuxTerminal(width: 100, height: 24, command: command.map(ToasterApp.quote).joined(separator: " ") + "; echo exit=$?; sleep 30")
        try terminal.waitFor("requests ·")
        try terminal.press("C-c")
        let screen = try terminal.waitFor("exit=130")
        #expect(!screen.contains("requests ·"), "the bar is cleared on Ctrl-C")
    }
}
