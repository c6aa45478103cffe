import FoundationEssentials
import Testing
@testable import ToasterCore

/// The board as a machine: rounds, timers and endings come out as effects, the clock goes in
/// as events.
@Suite struct BoardMachineTests {
    typealias P = Evaluation

    static func board(_ storefronts: [String], interval: Duration = .seconds(300), strict: Bool = false) -> BoardState {
        let input = PreflightInput(storefronts: storefronts, answers: [], layers: [P.minimum("2.0.0")],
                                   installed: [InstalledGroup(version: "1.9.0", users: 120)], appID: "42", now: P.now)
        return BoardState(input: input, app: "id 42", requests: P.requests(storefronts), interval: interval, strict: strict)
    }

    /// Steps every event in order; returns the effects of the last.
    @discardableResult
    static func step(_ board: inout BoardState, _ events: BoardEvent...) -> [BoardEffect] {
        var effects: [BoardEffect] = []
        for event in events { (board, effects) = BoardMachine.step(board, event) }
        return effects
    }

    static func answer(_ board: inout BoardState, _ storefront: String, _ entry: LookupEntry?) {
        for answer in P.answers(storefront, entry) { step(&board, .answered(answer)) }
    }

    @Test func startingAsksTheFirstRound() {
        var board = Self.board(["kr", "jp"])
        #expect(Self.step(&board, .start) == [.startRound(round: 1, requests: P.requests(["kr", "jp"]))])
        #expect(board.storefronts.map(board.cell) == [.asking, .asking])
    }

    @Test func aRoundThatWaitsSetsTheCountdownAndTheClockStartsTheNext() {
        var board = Self.board(["kr"], interval: .seconds(2))
        Self.step(&board, .clock(P.now.addingTimeInterval(0.25)), .start)
        Self.answer(&board, "kr", P.entry("1.9.0"))
        #expect(Self.step(&board, .roundEnded(round: 1)) == [.startTimer(.countdown, milliseconds: 750)], "to the next whole second")
        #expect(board.nextRound == P.now.addingTimeInterval(2.25))
        #expect(Self.step(&board, .clock(P.now.addingTimeInterval(1))).isEmpty, "not due yet")
        #expect(Self.step(&board, .timerFired(.countdown)) == [.startTimer(.countdown, milliseconds: 1000)])
        #expect(Self.step(&board, .clock(P.now.addingTimeInterval(2.5))) == [.startRound(round: 2, requests: P.requests(["kr"]))])
        #expect(board.nextRound == nil)
        #expect(Self.step(&board, .timerFired(.countdown)).isEmpty, "no countdown while a round asks")
    }

    @Test func oneCountdownAtATimeHoweverRoundsStart() {
        var board = Self.board(["kr"])
        Self.step(&board, .start)
        Self.answer(&board, "kr", P.entry("1.9.0"))
        #expect(Self.step(&board, .roundEnded(round: 1)).count == 1)
        // `r` while the countdown's timer is set, and the round ends before it fires.
        #expect(Self.step(&board, .terminal(.key(.character("r")), columns: 10)) == [.startRound(round: 2, requests: P.requests(["kr"]))])
        Self.answer(&board, "kr", P.entry("1.9.0"))
        #expect(Self.step(&board, .roundEnded(round: 2)).isEmpty, "the timer already set serves the new countdown")
        #expect(Self.step(&board, .timerFired(.countdown)).count == 1)
    }

    @Test func nothingBlocksShowsTheLastFrameUntilAKeyOrItsTime() {
        var board = Self.board(["kr"])
        Self.step(&board, .start)
        Self.answer(&board, "kr", P.entry("2.0.0"))
        #expect(Self.step(&board, .roundEnded(round: 1)) == [.startTimer(.lastFrame, milliseconds: 1500)])
        #expect(Self.step(&board, .clock(P.now.addingTimeInterval(1))).isEmpty)
        #expect(Self.step(&board, .terminal(.key(.character("x")), columns: 10)) == [.end(.nothingBlocks)])
        #expect(Self.step(&board, .terminal(.key(.character("q")), columns: 10)).isEmpty, "nothing after the end")
        var timed = Self.board(["kr"])
        Self.step(&timed, .start)
        Self.answer(&timed, "kr", P.entry("2.0.0"))
        Self.step(&timed, .roundEnded(round: 1))
        #expect(Self.step(&timed, .timerFired(.lastFrame)) == [.end(.nothingBlocks)])
        #expect(BoardEnding.nothingBlocks.status == 0)
    }

    @Test func aStuckRoundEndsTheBoard() {
        var board = Self.board(["kr"])
        board.input.installed = [InstalledGroup(version: "1.9.0", os: "15.0", users: 3)]
        Self.step(&board, .start)
        Self.answer(&board, "kr", P.entry("2.0.0", minimumOS: "16.0"))
        #expect(Self.step(&board, .roundEnded(round: 1)) == [.end(.stuck)])
        #expect(board.ending?.status == 3)
    }

    @Test func quitSignalsAndSuspend() {
        var board = Self.board(["kr", "jp"])
        Self.step(&board, .start)
        Self.answer(&board, "kr", P.entry("1.9.0"))
        #expect(Self.step(&board, .terminal(.suspend, columns: 10)) == [.stopProcess])
        #expect(Self.step(&board, .terminal(.focusOut, columns: 10), .terminal(.focusIn, columns: 10), .terminal(.resume, columns: 10),
                             .terminal(.click(column: 3, row: 4, screenWidth: 80, screenHeight: 24), columns: 10)).isEmpty,
                "the board has no scene and no buttons")
        #expect(Self.step(&board, .terminal(.key(.character("q")), columns: 10)) == [.end(.quit(status: 3))], "min-above-store blocks")
        var signalled = Self.board(["kr"])
        Self.step(&signalled, .start)
        #expect(Self.step(&signalled, .terminal(.terminate(.terminateSignal), columns: 10)) == [.end(.signal(status: 143))])
    }
}
