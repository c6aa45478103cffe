/// A key press, decoded by the terminal module; both machines (the app's and the preflight
/// board's) read it.
public enum Key: Sendable, Equatable {
    case up, down, left, right, home, end
    case tab, backTab
    case enter, space, escape, backspace
    case controlC, controlZ
    case character(Character)
}
