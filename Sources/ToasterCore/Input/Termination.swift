/// Why a program on the terminal ends (the app, the preflight board), and the exit status it
/// ends with (128 + signal, as shells report).
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
