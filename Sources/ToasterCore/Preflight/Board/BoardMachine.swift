import FoundationEssentials

/// The storefront board as a pure transition `(BoardState, BoardEvent) -> (BoardState,
/// [BoardEffect])`, like `LaunchMachine`: rounds, timers and endings are effects the shell
/// performs, and the clock comes in as `.clock` events.
public struct BoardMachine {
    var state: BoardState
    var effects: [BoardEffect] = []

    /// How long the last frame stays up when nothing blocks (a key ends it sooner).
    static let lastFrameMilliseconds = 1500

    public static func step(_ state: BoardState, _ event: BoardEvent) -> (BoardState, [BoardEffect]) {
        var machine = BoardMachine(state: state)
        machine.handle(event)
        return (machine.state, machine.effects)
    }

    mutating func handle(_ event: BoardEvent) {
        guard state.ending == nil else { return }
        if state.showsLastFrame { return lastFrame(event) }
        switch event {
        case .start: startRound()
        case .clock(let now):
            state.input.now = now
            if let next = state.nextRound, next <= now { startRound() }
        case let .terminal(.key(key), columns):
            switch state.press(key, columns: columns) {
            case .askNow?: startRound()
            case .quit?: end(.quit(status: state.quitStatus(strict: state.strict)))
            case nil: break
            }
        case .terminal(.click, _), .terminal(.focusIn, _), .terminal(.focusOut, _), .terminal(.resume, _): break
        case .terminal(.suspend, _): effects.append(.stopProcess)
        case .terminal(.terminate(let termination), _): end(.signal(status: termination.exitStatus))
        case .timerFired(.countdown):
            state.countdownSet = false
            setCountdown()
        case .timerFired(.lastFrame): break
        case .roundEnded(let round):
            state.apply(event)
            if round == state.round { roundEnded() }
        case .roundStarted, .answered, .failed, .appStoreConnect, .appStoreConnectFailed, .template, .templateFailed:
            state.apply(event)
        }
    }

    private mutating func startRound() {
        state.apply(.roundStarted(state.requests))
        effects.append(.startRound(round: state.round, requests: state.requests))
    }

    private mutating func roundEnded() {
        switch state.watchStep {
        case .safe?:
            // The board says so before the terminal goes back to the report.
            state.showsLastFrame = true
            effects.append(.startTimer(.lastFrame, milliseconds: Self.lastFrameMilliseconds))
        case .stuck?:
            end(.stuck)
        default:
            state.nextRound = state.input.now.addingTimeInterval(state.interval.timeInterval)
            setCountdown()
        }
    }

    /// Wakes the shell at the next whole second while a round is due, so that the countdown
    /// moves and the round starts on time.
    private mutating func setCountdown() {
        guard state.nextRound != nil, !state.countdownSet else { return }
        state.countdownSet = true
        let fraction = state.input.now.timeIntervalSince1970.truncatingRemainder(dividingBy: 1)
        effects.append(.startTimer(.countdown, milliseconds: 1000 - Int(fraction * 1000)))
    }

    /// Nothing blocks and the last frame is up: any input, or its time, ends the board; nothing
    /// else changes it but the clock.
    private mutating func lastFrame(_ event: BoardEvent) {
        switch event {
        case .clock(let now): state.input.now = now
        case .terminal(.key, _), .terminal(.click, _), .terminal(.focusIn, _), .terminal(.focusOut, _), .terminal(.terminate, _),
             .timerFired(.lastFrame):
            end(.nothingBlocks)
        default: break
        }
    }

    private mutating func end(_ ending: BoardEnding) {
        state.ending = ending
        effects.append(.end(ending))
    }
}
