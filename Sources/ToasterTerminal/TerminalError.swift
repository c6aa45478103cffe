/// Why the UI cannot start; each says what to do instead.
public enum TerminalError: Error, Sendable, Equatable, CustomStringConvertible {
    case notATerminal
    case dumbTerminal
    case unknownTerminal(String)
    case noUTF8Locale
    case traceFile(String)

    public var description: String {
        switch self {
        case .notATerminal:
            "toastercli run needs a terminal on standard input and output; for scripts and CI use `toastercli check`"
        case .dumbTerminal:
            "TERM is unset or \"dumb\": toastercli run needs a terminal that can place the cursor (e.g. TERM=xterm-256color); for scripts use `toastercli check`"
        case .unknownTerminal(let name):
            "the terminal type \"\(name)\" is not in the terminfo database (try TERM=xterm-256color)"
        case .noUTF8Locale:
            "no UTF-8 locale is available for the Korean texts (set LANG=C.UTF-8)"
        case .traceFile(let message):
            "cannot open the trace file: \(message)"
        }
    }
}
