/// The timers the state machine asks the shell for.
public enum TimerID: Sendable, Equatable {
    /// The launch screen has been up for its time.
    case launchScreen
    /// One step of the simulated install.
    case installStep
}
