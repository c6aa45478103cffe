import FoundationEssentials

/// Everything that can happen to the storefront board, decoded by the shell into one stream:
/// the terminal's events, the clock, its timers, and what the asking side posts from its own
/// thread as it happens.
public enum BoardEvent: Sendable, Equatable {
    /// The board comes up: the first round is asked.
    case start
    /// The time now. The shell sends it whenever it wakes, before anything else: the countdown
    /// and the release ages read it, and a round is due by it.
    case clock(Date)
    /// What the terminal says, on a grid `columns` storefronts wide (keys move the cursor by
    /// it). The board has no buttons and no scene: clicks and focus change nothing but end the
    /// last frame, as any input does.
    case terminal(TerminalEvent, columns: Int)
    case timerFired(BoardTimer)
    /// A round begins: these requests will be asked (the machine's own step when it starts one).
    case roundStarted([LookupRequest])
    case answered(LookupAnswer)
    /// A request that failed after its retries, and why (the raw status or the transport's words).
    case failed(LookupRequest, reason: String)
    /// What App Store Connect knows, read again at the start of each round.
    case appStoreConnect(AppStoreConnectFacts)
    /// App Store Connect could not be read this round (after its retries), and why.
    case appStoreConnectFailed(reason: String)
    /// The Remote Config template that is the policy, read again at the start of each round:
    /// a fix published since the last one counts now.
    case template(TemplatePolicy)
    /// The template could not be read this round, and why: the last one stands.
    case templateFailed(reason: String)
    /// Every request of round `round` has answered or failed. Numbered, so that the end of a
    /// round that `r` has already replaced does not end the new one.
    case roundEnded(round: Int)
}

/// The timers the board asks the shell for.
public enum BoardTimer: Sendable, Equatable {
    /// The next whole second while a round is due: the countdown moves.
    case countdown
    /// The last frame has been up for its time.
    case lastFrame
}
