/// Everything that can happen to the app, decoded by the shell into one stream.
public enum AppEvent: Sendable, Equatable {
    case launch
    case timerFired(TimerID)
    case checkCompleted(CheckOutcome)
    case key(Key)
    /// A click (button released) at a cell of a screen of the given size.
    case click(column: Int, row: Int, screenWidth: Int, screenHeight: Int)
    /// The terminal gained focus (`ESC [ I`).
    case focusIn
    /// The terminal lost focus (`ESC [ O`).
    case focusOut
    /// Ctrl-Z or SIGTSTP: the program is about to stop.
    case suspend
    /// SIGCONT: the program runs again (after `fg`).
    case resume
    case terminate(Termination)
}
