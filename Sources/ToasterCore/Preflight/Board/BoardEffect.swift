/// What the board machine asks the shell to do.
public enum BoardEffect: Sendable, Equatable {
    /// Ask these requests (App Store Connect first) on another thread, posting each answer and
    /// failure as it comes, then `.roundEnded(round)`.
    case startRound(round: Int, requests: [LookupRequest])
    /// Fire `.timerFired(timer)` after this many milliseconds.
    case startTimer(BoardTimer, milliseconds: Int)
    /// Restore the terminal and stop the process (SIGTSTP).
    case stopProcess
    /// The board is over: give the terminal back.
    case end(BoardEnding)
}

/// How the board ended.
public enum BoardEnding: Sendable, Equatable {
    /// Every storefront answered and nothing waiting could end is left.
    case nothingBlocks
    /// A dead end that waiting cannot end; a minimum App Store Connect has not released is not
    /// one: someone releasing it ends it, so the board keeps asking.
    case stuck
    /// `q` or Ctrl-C: the status says what still blocks (docs/10-preflight.md).
    case quit(status: Int32)
    /// SIGTERM, SIGHUP, SIGQUIT or SIGINT: 128 + the signal.
    case signal(status: Int32)

    public var status: Int32 {
        switch self {
        case .nothingBlocks: 0
        case .stuck: PreflightReport.deadEndStatus
        case .quit(let status), .signal(let status): status
        }
    }
}
