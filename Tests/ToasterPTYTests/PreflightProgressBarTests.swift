import Foundation
import Testing
import ToasterTestSupport

/// `toastercli preflight`'s progress bar, which only a terminal gets.
@Suite(.offThePool) struct PreflightProgressBarTests {
    @Test func progressBarOnATerminalOnly() throws {
        let server = try ServerProcess(policy: try PreflightFixtures.policy())
        // At a shell's prompt, which records what is written to the terminal.
        let app = try ToasterApp(shellRunning: { binary, _ in
            "\(binary) preflight --lookup-url \(server.baseURL)/lookup --app-id 42 --countries kr,us,jp,gb --rate 120 --burst 1 "
                + "--concurrency 1 --installed-versions 2.0.0 --min-required-version 2.0.0; echo exit=$?"
        }, width: 100, height: 24)
        let done = try app.terminal.waitFor("exit=0")
        #expect(!done.contains("requests ·"), "the bar is cleared before the report")
        #expect(done.contains("No findings"))
        // The bar is up while the eight requests are paced, 3.5 s that a busy machine can let
        // pass between two looks at the screen: it is read from what was written to the terminal.
        let written = String(decoding: try app.recording(through: "exit=0"), as: UTF8.self)
        #expect(written.contains("/8 requests ·") && written.contains("█") && written.contains("left"), "\(written)")
    }

    @Test func controlCClearsTheBar() throws {
        let server = try ServerProcess(policy: try PreflightFixtures.policy())
        // One request a minute: still asking when Ctrl-C comes. Not at a shell's prompt, whose
        // Ctrl-C would end the command line before its echo.
        let command = [Toolchain.toastercli, "preflight", "--lookup-url", server.baseURL + "/lookup", "--app-id", "42",
                       "--countries", "kr,us,jp,gb", "--rate", "1", "--burst", "1", "--concurrency", "1", "--min-required-version", "2.0.0"]
        let terminal = try TmuxTerminal(width: 100, height: 24, command: command.map(ToasterApp.quote).joined(separator: " ") + "; echo exit=$?; sleep 30")
        try terminal.waitFor("requests ·")
        try terminal.press("C-c")
        let screen = try terminal.waitFor("exit=130")
        #expect(!screen.contains("requests ·"), "the bar is cleared on Ctrl-C")
    }
}
