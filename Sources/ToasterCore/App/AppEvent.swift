/// Everything that can happen to the app, decoded by the shell into one stream.
public enum AppEvent: Sendable, Equatable {
    case launch
    case timerFired(TimerID)
    case checkCompleted(CheckOutcome)
    /// A key, a click, focus, a signal: what the terminal says.
    case terminal(TerminalEvent)
    /// What the real-time stream `stream` says (`openStream`).
    case realtime(stream: Int, RealtimeEvent)
}

/// The timers the state machine asks the shell for.
public enum TimerID: Sendable, Equatable {
    /// The launch screen has been up for its time.
    case launchScreen
    /// One step of the simulated install.
    case installStep
    /// The real-time stream's hold (a backoff, or a wait the server asked for) is over.
    case realtimeHold(Int)
    /// A fetch a real-time announcement asked for is due.
    case realtimeFetch(Int)
}
