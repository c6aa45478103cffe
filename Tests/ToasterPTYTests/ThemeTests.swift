import Foundation
import Testing
import ToasterTestSupport

/// Themes as the terminal shows them: colours read back from tmux's capture with attributes.
@Suite(.offThePool) struct ThemeTests {
    /// The screen with its SGR sequences, as tmux re-encodes them.
    private func styledScreen(_ app: ToasterApp) throws -> String {
        try app.terminal.tmux(["capture-pane", "-p", "-e", "-t", "0"])
    }

    private func launch(_ arguments: [String], environment: [String: String] = [:]) throws -> ToasterApp {
        let app = try ToasterApp(arguments + ["--app-version", "2.0.0"], environment: environment)
        try app.terminal.waitFor("최신 버전입니다")
        return app
    }

    @Test(arguments: [("toaster", "48;5;214"), ("dark", "48;5;234"), ("light", "48;5;255"), ("high-contrast", "[103m")])
    func eachThemeStartsWithItsColours(name: String, signature: String) throws {
        let app = try launch(["--theme", name])
        #expect(try styledScreen(app).contains(signature))
    }

    @Test func monoThemeAndNoColorUseNoColour() throws {
        for app in [try launch(["--theme", "mono"]), try launch([], environment: ["NO_COLOR": "1"])] {
            let screen = try styledScreen(app)
            #expect(!screen.contains("38;5;") && !screen.contains("48;5;"))
            #expect(screen.contains("\u{1b}[7m") || screen.contains(";7m"), "reverse video stands in for colour")
        }
    }

    @Test func commandLineThemeOverridesNoColor() throws {
        let app = try launch(["--theme", "dark"], environment: ["NO_COLOR": "1"])
        #expect(try styledScreen(app).contains("48;5;234"))
    }

    @Test func eightColourTerminalGetsTheNearestColours() throws {
        let app = try launch([], environment: ["TERM": "xterm"])
        let screen = try styledScreen(app)
        #expect(!screen.contains("38;5;") && !screen.contains("48;5;"))
        #expect(screen.contains("[43m"), "the orange title bar becomes yellow")
    }

    @Test func terminalWithoutColourGetsMono() throws {
        let app = try launch([], environment: ["TERM": "vt220"])
        let screen = try styledScreen(app)
        #expect(!screen.contains("[43m") && !screen.contains("48;5;"))
    }

    @Test func themeFromAFileAndABrokenOneThatStopsStartUp() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("toaster-theme-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let good = folder.appendingPathComponent("mine.toml")
        try "title-bar = \"white on 22 bold\"\n".write(to: good, atomically: true, encoding: .utf8)
        let app = try launch(["--theme", good.path])
        #expect(try styledScreen(app).contains("48;5;22"))

        let bad = folder.appendingPathComponent("bad.toml")
        try "# mine\nbutton = \"blue\"\nfocused-button = \"white on bleu\"\n".write(to: bad, atomically: true, encoding: .utf8)
        let broken = try ToasterApp(["--theme", bad.path])
        #expect(try broken.waitForExit() == 1)
        let screen = try broken.terminal.screen().replacingOccurrences(of: "\n", with: "")
        #expect(screen.contains("\(bad.path):3"), "the message names the file and line")
        #expect(screen.contains("focused-button"), "the message names the key")
    }
}
