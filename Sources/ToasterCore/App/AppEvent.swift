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

/// A key press, decoded by the terminal module.
public enum Key: Sendable, Equatable {
    case up, down, left, right, home, end
    case tab, backTab
    case enter, space, escape, backspace
    case controlC, controlZ
    case character(Character)
}

/// The timers the state machine asks the shell for.
public enum TimerID: Sendable, Equatable {
    /// The launch screen has been up for its time.
    case launchScreen
    /// One step of the simulated install.
    case installStep
}

/// Why the program ends, and the exit status it ends with (128 + signal, as shells report).
public enum Termination: Sendable, Equatable {
    case quitKey
    case interrupt
    case terminateSignal
    case hangup
    case quitSignal

    public var exitStatus: Int32 {
        switch self {
        case .quitKey: 0
        case .interrupt: 130
        case .terminateSignal: 143
        case .hangup: 129
        case .quitSignal: 131
        }
    }
}
