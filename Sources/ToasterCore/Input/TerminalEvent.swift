/// What the terminal says, decoded by the terminal module, for whichever machine runs: the
/// app's (`AppEvent.terminal`) or the preflight board's (`BoardEvent.terminal`).
public enum TerminalEvent: Sendable, Equatable {
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
    /// SIGINT, SIGTERM, SIGHUP, SIGQUIT, or the terminal gone.
    case terminate(Termination)
}
