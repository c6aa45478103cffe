/// Everything that can happen to the app, decoded by the shell into one stream.
public enum AppEvent: Sendable, Equatable {
    case launch
    case timerFired(TimerID)
    case checkCompleted(CheckOutcome)
    /// A key, a click, focus, a signal: what the terminal says.
    case terminal(TerminalEvent)
}

/// The timers the state machine asks the shell for.
public enum TimerID: Sendable, Equatable {
    /// The launch screen has been up for its time.
    case launchScreen
    /// One step of the simulated install.
    case installStep
}
