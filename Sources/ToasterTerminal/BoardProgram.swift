import ToasterCore

/// The storefront board of `preflight --watch` on the terminal: `BoardMachine` stepped with the
/// terminal's events and the clock, its rounds asked on other threads (input is read while a
/// round runs, as `run` reads it during a check), drawn by `BoardRenderer`.
public final class BoardProgram: TerminalProgram {
    /// One round on a background thread: whatever else the round reads first (App Store
    /// Connect), then `requests`, posting each answer or failure as it comes.
    public typealias Asker = @Sendable (_ requests: [LookupRequest], _ post: @escaping @Sendable (BoardEvent) -> Void) -> Void

    public private(set) var state: BoardState
    private let ask: Asker

    public init(state: BoardState, ask: @escaping Asker) {
        self.state = state
        self.ask = ask
    }

    public func step(_ event: LoopEvent<BoardEvent, BoardTimer>) -> [LoopAction<BoardEvent, BoardTimer>] {
        switch event {
        case .start(let now): return dispatch(.clock(now)) + dispatch(.start)
        case .clock(let now): return dispatch(.clock(now))
        case let .terminal(event, width): return dispatch(.terminal(event, columns: BoardRenderer.columns(width: width)))
        case .posted(let event): return dispatch(event)
        case .timerFired(let timer): return dispatch(.timerFired(timer))
        }
    }

    public func render(width: Int, height: Int) -> Canvas {
        BoardRenderer.render(state, width: width, height: height)
    }

    public func settle() {}

    private func dispatch(_ event: BoardEvent) -> [LoopAction<BoardEvent, BoardTimer>] {
        let (next, effects) = BoardMachine.step(state, event)
        state = next
        return effects.map { effect in
            switch effect {
            case let .startRound(round, requests):
                let ask = ask
                return .background { post in
                    ask(requests, post)
                    post(.roundEnded(round: round))
                }
            case let .startTimer(timer, milliseconds): return .startTimer(timer, milliseconds: milliseconds)
            case .stopProcess: return .stopProcess
            case .end(let ending): return .exit(status: ending.status)
            }
        }
    }
}
