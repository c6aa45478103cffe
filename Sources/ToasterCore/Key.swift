/// A key press, decoded by the terminal module.
public enum Key: Sendable, Equatable {
    case up, down, left, right
    case tab, backTab
    case enter, space, escape, backspace
    case controlC, controlZ
    case character(Character)
}
