import Foundation
import Testing
import ToasterTestSupport

/// `preflight --watch` on a terminal: the storefront board, driven against a toaster-server
/// whose storefronts lag a release.
@Suite(.offThePool) struct PreflightBoardTests {
    typealias Policy = PreflightFixtures

    /// The board in an interactive shell, which records the terminal's state before and after.
    private static func board(_ server: ServerProcess, _ arguments: String, width: Int = 100, height: Int = 30,
                              environment: String = "") throws -> ToasterApp {
        try ToasterApp(shellRunning: { binary, _ in
            "stty -g > before.txt; \(environment) \(binary) preflight --lookup-url \(server.baseURL)/lookup --app-id 42 \(arguments); "
                + "echo \"exit=$?\"; stty -g > after.txt; echo restored-$((40+2))"
        }, width: width, height: height)
    }

    /// The shell has the terminal back as it was, after `status`.
    @discardableResult
    private static func expectRestored(_ app: ToasterApp, status: Int) throws -> String {
        let screen = try app.terminal.waitFor("restored-42")
        #expect(screen.contains("exit=\(status)"), "\(screen)")
        let before = try String(contentsOfFile: app.terminal.file("before.txt"), encoding: .utf8)
        let after = try String(contentsOfFile: app.terminal.file("after.txt"), encoding: .utf8)
        #expect(!before.isEmpty && before == after, "stty -g differs after the run")
        #expect(try app.terminal.format("#{cursor_flag}") == "1", "the cursor is hidden")
        #expect(try app.terminal.format("#{alternate_on}") == "0", "the alternate screen is still on")
        return screen
    }

    @Test func cellsMoveFromWaitingToServedThenTheReportStaysInTheScrollback() async throws {
        // Released when the test says, once the board has shown both storefronts waiting.
        func policy(released: String) throws -> String {
            try Policy.policy(["releaseDate": released, "previous": ["version": "1.9.0", "releaseDate": Policy.longAgo]])
        }
        let server = try ServerProcess(policy: try policy(released: "2099-01-01T00:00:00Z"))
        let app = try Self.board(server, "--countries kr,us --min-required-version 2.0.0 --installed-versions 1.9.0 "
                                   + "--min-release-age 0 --watch --interval 0.5 --rate 60000")
        let waiting = try app.terminal.waitForScreen("both storefronts waiting") {
            $0.contains("◷ kr") && $0.contains("◷ us") && $0.contains("min-above-store") && $0.contains("r ask now · q quit")
        }
        #expect(waiting.contains("forcing 2.0.0 (--min-required-version)"))
        #expect(waiting.contains("◷ waiting 2  of 2"))
        try await server.put(policy: try policy(released: Policy.iso(Date())))
        let screen = try Self.expectRestored(app, status: 0)
        // The last frame, which stays up a moment when nothing blocks.
        try app.lastFullScreenFrame().waitForScreen("both served") {
            $0.contains("✓ kr") && $0.contains("✓ us") && $0.contains("Nothing blocks: safe to force now.")
        }
        #expect(screen.contains("No findings") && screen.contains("safe to force now"), "the report is printed to the normal screen")
        #expect(!screen.contains("r ask now"), "the board is gone")
    }

    @Test func aTemplateFixedBetweenRoundsEndsTheBoard() throws {
        let server = try ServerProcess(policy: try Policy.policy(["storefronts": ["jp": ["version": "1.9.0"]]]))
        let template = try Policy.file(Policy.template(jpMinimum: "2.0.0"), "template.json")
        let app = try Self.board(server, "--countries kr,jp --remote-config-template \(template) --installed-versions 1.9.0 --watch --interval 0.5 --rate 60000")
        let waiting = try app.terminal.waitForScreen("jp waiting on the condition") {
            $0.contains("◷ jp") && $0.contains("Condition japan_first forces") && $0.contains("q quit")
        }
        #expect(waiting.contains("forcing 2.0.0 (condition japan_first (min_required_version))"))
        try Policy.template(jpMinimum: "1.9.0").write(toFile: template, atomically: true, encoding: .utf8)
        let screen = try Self.expectRestored(app, status: 0)
        try app.lastFullScreenFrame().waitForScreen("the fix read at the next round") { $0.contains("Nothing blocks: safe to force now.") }
        #expect(screen.contains("safe to force now"))
    }

    @Test func quitWhileBlockedExitsThreeAndRestoresTheTerminal() throws {
        let server = try ServerProcess(policy: try Policy.policy(["storefronts": ["jp": ["version": "1.9.0"]]]))
        let app = try Self.board(server, "--countries kr,jp --min-required-version 2.0.0 --installed-versions 1.9.0 --watch --rate 60000")
        try app.terminal.waitForScreen("jp waiting") { $0.contains("◷ jp") && $0.contains("next ask in") && $0.contains("q quit") }
        try app.terminal.press("q")
        let screen = try Self.expectRestored(app, status: 3)
        #expect(screen.contains("dead-end  min-above-store"), "the last report is printed")
    }

    @Test func inputIsReadWhileARoundRuns() throws {
        let server = try ServerProcess(policy: try Policy.policy())
        // One request a minute: the round is still asking when Ctrl-C comes.
        let app = try Self.board(server, "--countries kr,us,jp --min-required-version 2.0.0 --watch --rate 1")
        try app.terminal.waitForScreen("the round under way") { $0.contains("asking:") && $0.contains("q quit") }
        try app.terminal.press("C-c")
        try Self.expectRestored(app, status: 1)
    }

    @Test func enterOpensAStorefrontsAnswersAndEscClosesThem() throws {
        let server = try ServerProcess(policy: try Policy.policy(["storefronts": ["jp": ["version": "1.9.0", "minimumOsVersion": "15.0"]]]))
        let app = try Self.board(server, "--countries kr,jp --min-required-version 2.0.0 --installed-versions 1.9.0 --watch --rate 60000")
        try app.terminal.waitForScreen("jp waiting") { $0.contains("◷ jp") && $0.contains("q quit") }
        try app.terminal.press("Right")
        try app.terminal.waitFor("[◷ jp]")
        try app.terminal.press("Enter")
        let answers = try app.terminal.waitForScreen("jp's answers") { $0.contains("jp: ◷ waiting · its answers") && $0.contains("/jp/lookup?id=42") }
        #expect(answers.contains("?id=42&country=jp  1.9.0 · released 2026-01-01T00:00:00Z · needs iOS 15.0"))
        try app.terminal.press("Escape")
        try app.terminal.waitForGone("its answers")
        try app.terminal.press("q")
        try Self.expectRestored(app, status: 3)
    }

    @Test func resizesRedrawWrapTheGridAndAskForALargerTerminal() throws {
        let server = try ServerProcess(policy: try Policy.policy(["storefronts": ["jp": ["version": "1.9.0"]]]))
        let app = try Self.board(server, "--countries kr,us,jp,gb,de,fr,it,es,ca,au,nz,sg --min-required-version 2.0.0 "
                                   + "--installed-versions 1.9.0 --watch --interval 600 --rate 60000", width: 100, height: 24)
        let wide = try app.terminal.waitForScreen("one row of storefronts") { $0.contains("q quit") && $0.contains("next ask in") }
        #expect(wide.split(separator: "\n").contains { $0.contains("kr") && $0.contains("sg") }, "twelve cells fit one row of 100 columns")
        try app.terminal.resize(width: 40, height: 24)
        try app.terminal.waitForScreen("the grid wrapped at six") { screen in
            let lines = screen.split(separator: "\n")
            return lines.contains { $0.contains("kr") && $0.contains("fr") && !$0.contains("it") } && lines.contains { $0.contains("it") && $0.contains("sg") }
        }
        try app.terminal.resize(width: 30, height: 10)
        try app.terminal.waitFor("Enlarge the terminal to 40×14")
        try app.terminal.resize(width: 80, height: 24)
        try app.terminal.waitForScreen("the board again") { $0.contains("q quit") && !$0.contains("Enlarge the terminal") }
        try app.terminal.press("q")
        try Self.expectRestored(app, status: 3)
    }

    @Test func anUnreleasedMinimumIsStuckUntilReleasedThenTheBoardEnds() async throws {
        let server = try AppStoreConnectFixtures.server(state: "PENDING_DEVELOPER_RELEASE")
        let asc = AppStoreConnectFixtures.self
        let app = try Self.board(server, "--countries kr --min-required-version 2.0.0 --installed-versions 1.9.0 --watch --interval 0.5 "
                                   + "--rate 60000 --asc-url \(server.baseURL) --asc-key-id \(asc.keyID) --asc-issuer-id \(asc.issuerID) "
                                   + "--asc-private-key \(ToasterApp.quote(try asc.key()))")
        // The whole frame: tmux may show the stuck line before the rows below it are drawn.
        let stuck = try app.terminal.waitForScreen("stuck until released, with its finding") {
            $0.contains("Stuck until someone releases 2.0.0 in App Store Connect") && $0.contains("✗ kr") && $0.contains("forced-unreleased")
        }
        #expect(stuck.contains("forced-unreleased"), "\(stuck)")
        let released = try String(contentsOfFile: server.policyPath, encoding: .utf8)
            .replacingOccurrences(of: "PENDING_DEVELOPER_RELEASE", with: "READY_FOR_DISTRIBUTION")
        try await server.put(policy: released)
        // A later round reads App Store Connect again and sees the release.
        let screen = try Self.expectRestored(app, status: 0)
        #expect(screen.contains("safe to force now") && screen.contains("2.0.0 is ready for distribution"), "\(screen)")
    }

    @Test func noBoardKeepsTheLines() throws {
        let server = try ServerProcess(policy: try Policy.policy(["minimumOsVersion": "17.0"]))
        let app = try Self.board(server, "--countries kr --min-required-version 2.0.0 --installed-versions 1.0.0 --watch --no-board --rate 60000")
        let screen = try Self.expectRestored(app, status: 0)
        #expect(screen.contains("safe to force now"))
        let output = try String(contentsOfFile: app.terminal.file(ToasterApp.outputName), encoding: .utf8)
        #expect(!output.contains("q quit") && !output.contains("\u{1B}[?1049h"), "no board, no alternate screen")
    }
}
