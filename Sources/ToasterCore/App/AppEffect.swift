/// What the state machine asks the shell to do.
public enum AppEffect: Sendable, Equatable {
    case trace(TraceEvent)
    /// Run the version check for this app version; answer with `.checkCompleted`.
    case startCheck(appVersion: String)
    /// Remember this across launches.
    case remember(ChoiceNote)
    /// Fire `.timerFired(id)` after this many milliseconds.
    case startTimer(TimerID, milliseconds: Int)
    /// Restore the terminal and stop the process (SIGTSTP); `.resume` follows after `fg`.
    case stopProcess
    case exit(status: Int32)
}
