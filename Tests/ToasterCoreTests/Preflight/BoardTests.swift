import FoundationEssentials
import Testing
@testable import ToasterCore

/// The storefront board: its state as events and keys arrive, and its layout (state in, canvas out).
@Suite struct BoardTests {
    typealias P = Evaluation

    static func board(_ storefronts: [String], installed: [InstalledGroup]? = [InstalledGroup(version: "1.9.0", users: 120)]) -> BoardState {
        let input = PreflightInput(storefronts: storefronts, answers: [], layers: [P.minimum("2.0.0")], installed: installed,
                                   appID: "42", now: P.now)
        return BoardState(input: input, app: "id 42")
    }

    static func answer(_ board: inout BoardState, _ storefront: String, _ entry: LookupEntry?) {
        for answer in P.answers(storefront, entry) { board.apply(.answered(answer)) }
    }

    static func text(_ canvas: Canvas) -> String {
        (0..<canvas.height).map { canvas.text(row: $0) }.joined(separator: "\n")
    }

    @Test func cellsMoveFromNotAskedToAskingToWhatTheStorefrontServes() {
        var board = Self.board(["kr", "jp", "us"])
        #expect(board.storefronts.map(board.cell) == [.notAsked, .notAsked, .notAsked])
        board.apply(.roundStarted(P.requests(["kr", "jp", "us"])))
        #expect(board.storefronts.map(board.cell) == [.asking, .asking, .asking])
        Self.answer(&board, "kr", P.entry("2.0.0"))
        Self.answer(&board, "jp", P.entry("1.9.0"))
        #expect(board.cell("kr") == .served)
        #expect(board.cell("jp") == .waiting, "serves an older version: min-above-store, which waiting ends")
        #expect(board.cell("us") == .asking)
        #expect(board.requestsDone == 4 && board.requestsTotal == 6)
        board.apply(.answered(LookupAnswer(request: P.request("us", .query), entry: nil)))
        board.apply(.failed(P.request("us", .path), reason: "HTTP 503 (after 4 tries)"))
        board.apply(.roundEnded(round: board.round))
        #expect(board.cell("us") == .unanswered)
        #expect(board.unanswered == ["us"])
        #expect(!board.isAsking)
    }

    @Test func findingsFollowEachAnswerNotTheEndOfTheRound() throws {
        var board = Self.board(["kr", "jp"])
        board.apply(.roundStarted(P.requests(["kr", "jp"])))
        Self.answer(&board, "jp", P.entry("1.9.0"))
        let finding = try #require(board.report?.findings.first)
        #expect(finding.kind == .minAboveStore)
        #expect(finding.users == 120)
        #expect(board.report?.storefronts.map(\.storefront) == ["jp"], "only storefronts with every answer in are evaluated")
    }

    @Test func notListedAndDeadEndsThatWaitingCannotEnd() {
        var board = Self.board(["kr", "us"], installed: [InstalledGroup(version: "1.9.0", os: "15.0", users: 3)])
        board.apply(.roundStarted(P.requests(["kr", "us"])))
        Self.answer(&board, "kr", P.entry("2.0.0", minimumOS: "16.0"))
        Self.answer(&board, "us", nil)
        board.apply(.roundEnded(round: board.round))
        #expect(board.cell("kr") == .deadEnd)
        #expect(board.cell("us") == .notListed)
        #expect(board.watchStep == .stuck)
        #expect(board.quitStatus(strict: false) == 3)
    }

    @Test func quitStatusIsOneWhenOnlyUnansweredStorefrontsRemain() {
        var board = Self.board(["kr", "us"])
        #expect(board.quitStatus(strict: false) == 1, "nothing answered yet")
        board.apply(.roundStarted(P.requests(["kr", "us"])))
        Self.answer(&board, "kr", P.entry("2.0.0"))
        board.apply(.failed(P.request("us", .query), reason: "connection refused"))
        board.apply(.failed(P.request("us", .path), reason: "connection refused"))
        board.apply(.roundEnded(round: board.round))
        #expect(board.watchStep == nil, "a storefront without an answer keeps the board waiting")
        #expect(board.quitStatus(strict: false) == 1)
        #expect(BoardRenderer.withoutAnswer(board) == "no answer from us")
        board.apply(.roundStarted(P.requests(["us"])))
        Self.answer(&board, "us", P.entry("2.0.0"))
        board.apply(.roundEnded(round: board.round))
        #expect(board.cell("us") == .served)
        #expect(board.watchStep == .safe)
        #expect(board.quitStatus(strict: false) == 0)
        #expect(BoardRenderer.withoutAnswer(board) == nil)
    }

    @Test func keysMoveTheCursorOverTheGridAndOpenAStorefront() {
        var board = Self.board(["kr", "jp", "us", "gb", "de"])
        #expect(board.press(.right, columns: 3) == nil)
        #expect(board.cursor == 1)
        _ = board.press(.character("j"), columns: 3)
        #expect(board.cursor == 4, "down from the middle of the first row lands on the second")
        _ = board.press(.down, columns: 3)
        #expect(board.cursor == 4, "nothing below the last row")
        _ = board.press(.character("k"), columns: 3)
        _ = board.press(.character("h"), columns: 3)
        #expect(board.cursor == 0)
        _ = board.press(.left, columns: 3)
        #expect(board.cursor == 0)
        _ = board.press(.enter, columns: 3)
        #expect(board.opened == "kr")
        _ = board.press(.character("l"), columns: 3)
        #expect(board.opened == "jp", "the open answers follow the cursor")
        _ = board.press(.escape, columns: 3)
        #expect(board.opened == nil)
        #expect(board.press(.character("r"), columns: 3) == .askNow)
        #expect(board.press(.character("q"), columns: 3) == .quit)
        #expect(board.press(.controlC, columns: 3) == .quit)
        board.apply(.roundStarted(P.requests(["kr"])))
        #expect(board.press(.character("r"), columns: 3) == nil, "already asking")
    }

    @Test func theLayoutShowsHeaderGridSummaryFindingsAndKeys() {
        var board = Self.board(["kr", "jp", "us"])
        board.apply(.roundStarted(P.requests(["kr", "jp", "us"])))
        Self.answer(&board, "kr", P.entry("2.0.0"))
        Self.answer(&board, "jp", P.entry("1.9.0"))
        let canvas = BoardRenderer.render(board, width: 80, height: 20)
        let text = Self.text(canvas)
        #expect(canvas.text(row: 0).contains("preflight · Toaster · id 42"), "the name the store lists")
        #expect(canvas.text(row: 1).contains("round 1 · forcing 2.0.0 (--min-required-version)"))
        #expect(canvas.text(row: 2).contains("asking: 4/6 requests answered"))
        #expect(canvas.text(row: 4).hasPrefix(" [✓ kr] ◷ jp  ~ us "))
        #expect(text.contains("✓ served 1  ◷ waiting 1  ~ asking 1  of 3"))
        #expect(text.contains("✗ dead-end  min-above-store · jp · 1.9.0 · 120 users"))
        #expect(canvas.text(row: 19).contains("r ask now · q quit"))
        // Colour and glyph together: the cell's glyph carries its state's role.
        #expect(canvas[8, 4].character == "◷" && canvas[8, 4].style == .boardWaiting)
        #expect(canvas[2, 4].style == .focusedButton)
    }

    @Test func theCountdownAndTheOpenStorefront() {
        var board = Self.board(["kr"])
        board.apply(.roundStarted(P.requests(["kr"])))
        board.apply(.answered(LookupAnswer(request: P.request("kr", .query), entry: P.entry("2.0.0", minimumOS: "16.0"))))
        board.apply(.failed(P.request("kr", .path), reason: "HTTP 503"))
        board.apply(.roundEnded(round: board.round))
        board.nextRound = P.now.addingTimeInterval(41.5)
        _ = board.press(.enter, columns: 10)
        let text = Self.text(BoardRenderer.render(board, width: 80, height: 16))
        #expect(text.contains("next ask in 42 s"))
        #expect(text.contains("kr: ? unanswered · its answers (Esc closes)"))
        #expect(text.contains("?id=42&country=kr  2.0.0 · released 2026-11-01T00:00:00Z · needs iOS 16.0"))
        #expect(text.contains("/kr/lookup?id=42  failed: HTTP 503"))
    }

    @Test func safeToForceAtWhenOnlyTheReleaseAgeStandsInTheWay() {
        var board = Self.board(["kr"])
        board.apply(.roundStarted(P.requests(["kr"])))
        Self.answer(&board, "kr", P.entry("2.0.0", released: "2026-11-22T03:30:00Z"))
        board.apply(.roundEnded(round: board.round))
        #expect(board.report?.findings.map(\.kind) == [.tooFresh])
        #expect(board.cell("kr") == .waiting)
        #expect(board.quitStatus(strict: false) == 4, "quitting while only waiting stands in the way: not yet, as the plain run says")
        #expect(board.quitReport?.safeAt == board.safeAt, "the printed report says the time the header did")
        let text = Self.text(BoardRenderer.render(board, width: 80, height: 16))
        #expect(text.contains("safe to force at ~03:30 UTC"))
    }

    /// kr serves 2.0.0 released at `released`, jp still 1.9.0 (min-above-store, which the store catching up ends).
    static func lagging(released: String, age: Duration) -> BoardState {
        var board = Self.board(["kr", "jp"])
        board.input.minimumReleaseAge = age
        board.apply(.roundStarted(P.requests(["kr", "jp"])))
        Self.answer(&board, "kr", P.entry("2.0.0", released: released))
        Self.answer(&board, "jp", P.entry("1.9.0"))
        board.apply(.roundEnded(round: board.round))
        return board
    }

    @Test func safeToForceAtWhenStorefrontsLagBehindTheNewVersion() {
        let board = Self.lagging(released: "2026-11-22T05:15:00Z", age: .seconds(2 * 3600))
        #expect(board.report?.findings.map(\.kind) == [.minAboveStore], "the release age has passed; only jp waits")
        #expect(board.safeAt == .at(ISO8601.parse("2026-11-23T05:15:00Z")!), "the release plus the usual 24 h")
        #expect(Self.text(BoardRenderer.render(board, width: 80, height: 16)).contains("safe to force at ~05:15 UTC"))
        // Nothing newer served anywhere: waiting for the store gives no time.
        var stuck = Self.board(["kr"])
        stuck.apply(.roundStarted(P.requests(["kr"])))
        Self.answer(&stuck, "kr", P.entry("1.9.0"))
        #expect(stuck.safeAt == nil)
    }

    @Test func theLaterOfTheReleaseAgeAndTheStoreLag() {
        let board = Self.lagging(released: "2026-11-22T05:15:00Z", age: .seconds(30 * 3600))
        #expect(board.safeAt == .at(ISO8601.parse("2026-11-23T11:15:00Z")!), "30 h of release age outlast the 24 h lag")
    }

    @Test func aLagPastTheUsual24HoursShowsNoTimeInThePast() {
        let board = Self.lagging(released: "2026-11-20T00:00:00Z", age: .seconds(86_400))
        #expect(board.safeAt == .pastUsualLag)
        let canvas = BoardRenderer.render(board, width: 40, height: 14)
        #expect(canvas.text(row: 2).contains("safe to force: lag past the usual 24 h"), "whole at 40 columns")
    }

    @Test func nothingBlocksSaysSo() {
        var board = Self.board(["kr"])
        board.apply(.roundStarted(P.requests(["kr"])))
        Self.answer(&board, "kr", P.entry("2.0.0"))
        board.apply(.roundEnded(round: board.round))
        #expect(Self.text(BoardRenderer.render(board, width: 60, height: 14)).contains("Nothing blocks: safe to force now."))
    }

    static func facts(_ state: String) -> AppStoreConnectFacts {
        AppStoreConnectFacts(availableStorefronts: ["kr"], unavailableStorefronts: [],
                             versions: [AppStoreConnectVersion(versionString: "2.0.0", state: state)],
                             phasedRelease: PhasedRelease(state: "ACTIVE", currentDayNumber: 3, startDate: "2026-11-21"))
    }

    @Test func anUnreleasedMinimumIsStuckUntilAppStoreConnectSaysItIsReleased() {
        var board = Self.board(["kr"])
        board.apply(.roundStarted(P.requests(["kr"])))
        board.apply(.appStoreConnect(Self.facts("PENDING_DEVELOPER_RELEASE")))
        Self.answer(&board, "kr", P.entry("2.0.0"))
        board.apply(.roundEnded(round: board.round))
        #expect(board.cell("kr") == .deadEnd)
        guard case .stuckUntilReleased? = board.watchStep else { Issue.record("\(String(describing: board.watchStep))"); return }
        #expect(board.quitStatus(strict: false) == 3)
        let text = Self.text(BoardRenderer.render(board, width: 100, height: 16))
        #expect(text.contains("Stuck until someone releases 2.0.0 in App Store Connect; it is asked again each round."), "\(text)")
        #expect(text.contains("phased release active, day 3 of 7 (since 2026-11-21); it paces automatic updates only"), "one pair of brackets")
        // The next round reads App Store Connect first: the version has been released.
        board.apply(.roundStarted(P.requests(["kr"])))
        board.apply(.appStoreConnect(Self.facts("READY_FOR_DISTRIBUTION")))
        Self.answer(&board, "kr", P.entry("2.0.0"))
        board.apply(.roundEnded(round: board.round))
        #expect(board.cell("kr") == .served)
        #expect(board.watchStep == .safe)
    }

    @Test func aRoundWithoutAppStoreConnectsAnswerIsNotSafe() {
        var board = Self.board(["kr"])
        board.apply(.roundStarted(P.requests(["kr"])))
        board.apply(.appStoreConnectFailed(reason: "App Store Connect GET /v1/apps/42/appAvailabilityV2 failed: HTTP 503 (after 4 tries)"))
        Self.answer(&board, "kr", P.entry("2.0.0"))
        board.apply(.roundEnded(round: board.round))
        #expect(board.watchStep == nil, "what App Store Connect would say is not known this round")
        #expect(board.quitStatus(strict: false) == 1)
        #expect(Self.text(BoardRenderer.render(board, width: 120, height: 16))
            .contains("App Store Connect GET /v1/apps/42/appAvailabilityV2 failed: HTTP 503 (after 4 tries); asked again next round"))
    }

    @Test func theEndOfAReplacedRoundDoesNotEndTheNewOne() {
        var board = Self.board(["kr"])
        board.apply(.roundStarted(P.requests(["kr"])))
        Self.answer(&board, "kr", P.entry("1.9.0"))
        // `r` after the last answer, before the round's end arrived.
        #expect(board.press(.character("r"), columns: 10) == .askNow)
        board.apply(.roundStarted(P.requests(["kr"])))
        board.apply(.roundEnded(round: 1))
        #expect(board.isAsking, "round 2 still asks")
        #expect(board.watchStep == nil)
    }

    @Test func theReportOnQuittingNamesTheStorefrontsWithoutAnAnswer() throws {
        var board = Self.board(["kr", "us", "jp"])
        board.apply(.roundStarted(P.requests(["kr", "us", "jp"])))
        Self.answer(&board, "kr", P.entry("2.0.0"))
        board.apply(.failed(P.request("us", .query), reason: "HTTP 503 (after 4 tries)"))
        #expect(board.report?.findings.isEmpty == true, "the live board evaluates only what answered")
        let report = try #require(board.quitReport)
        let unanswered = try #require(report.findings.first { $0.kind == .unanswered })
        #expect(Set(unanswered.storefronts) == ["us", "jp"])
        #expect(report.hasUnanswered && !report.text.contains("No findings"), "\(report.text)")
    }

    @Test func fortyColumnsKeepTheCountdownAndTheKeys() {
        var board = Self.board(["kr"])
        board.apply(.roundStarted(P.requests(["kr"])))
        Self.answer(&board, "kr", P.entry("1.9.0"))
        board.apply(.roundEnded(round: board.round))
        board.nextRound = P.now.addingTimeInterval(300)
        let canvas = BoardRenderer.render(board, width: 40, height: 14)
        #expect(canvas.text(row: 1).contains("round 1 · next ask in 300 s"), "\(canvas.text(row: 1))")
        #expect(canvas.text(row: 13).contains("r ask now · q quit"), "\(canvas.text(row: 13))")
    }

    @Test func theGridWrapsToTheWidthAndScrollsToTheCursor() {
        let codes = Array(AppStoreStorefronts.all.prefix(60))
        var board = Self.board(codes)
        #expect(BoardRenderer.columns(width: 40) == 6)
        let narrow = BoardRenderer.render(board, width: 40, height: 14)
        #expect(narrow.text(row: 4).filter { $0 == "·" }.count == 6)
        #expect(Self.text(narrow).contains("rows 1–4 of 10"))
        board.cursor = 59
        let scrolled = Self.text(BoardRenderer.render(board, width: 40, height: 14))
        #expect(scrolled.contains("rows 7–10 of 10"))
        #expect(scrolled.contains("[· \(codes[59])]"))
    }

    @Test func tooSmallAsksForALargerTerminal() {
        let canvas = BoardRenderer.render(Self.board(["kr"]), width: 39, height: 14)
        #expect(canvas.text(row: 7).contains("Enlarge the terminal to 40×14"))
        #expect(Self.text(canvas).filter { $0 == "✓" || $0 == "·" }.isEmpty)
    }

    @Test func untrustedTextIsSanitized() {
        var board = Self.board(["kr"])
        board.app = "id 42\u{1B}[2J\u{202E}"
        board.apply(.roundStarted(P.requests(["kr"])))
        Self.answer(&board, "kr", P.entry("2.0.0\u{1B}]0;x\u{07}"))
        _ = board.press(.enter, columns: 10)
        let text = Self.text(BoardRenderer.render(board, width: 80, height: 16))
        #expect(!text.contains("\u{1B}") && !text.contains("\u{202E}") && !text.contains("\u{07}"))
    }
}
