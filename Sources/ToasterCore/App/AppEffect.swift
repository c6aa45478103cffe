/// What the state machine asks the shell to do.
public enum AppEffect: Sendable, Equatable {
    case trace(TraceEvent)
    /// Run the version check for this app version; answer with `.checkCompleted`.
    case startCheck(appVersion: String)
    /// The same check, as the fetch a real-time announcement asked for (`REALTIME/attempt`).
    case startRealtimeCheck(appVersion: String, attempt: Int)
    /// Open the real-time stream, numbered `stream`, telling the server the template version
    /// the app knows; what it says comes back as `.realtime(stream:_:)`.
    case openStream(stream: Int, knownVersion: Int64)
    /// Close stream `stream` (and any opened before it): it says nothing more.
    case closeStream(stream: Int)
    /// Remember this across launches.
    case remember(ChoiceNote)
    /// Fire `.timerFired(id)` after this many milliseconds.
    case startTimer(TimerID, milliseconds: Int)
    /// Restore the terminal and stop the process (SIGTSTP); `.resume` follows after `fg`.
    case stopProcess
    case exit(status: Int32)
}
