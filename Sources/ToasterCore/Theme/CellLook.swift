/// How one role looks: colours and attributes.
public struct CellLook: Sendable, Equatable {
    public var foreground: TerminalColor = .terminalDefault
    public var background: TerminalColor = .terminalDefault
    public var bold = false
    public var dim = false
    public var reverse = false
    public var underline = false

    public init() {}

    /// Reads `FG [on BG] [bold] [dim] [reverse] [underline]`, e.g. `black on 214 bold`.
    init(parsing value: String) throws(ThemeProblem) {
        var words = value.split { $0 == " " || $0 == "," }.map { String($0).lowercased() }[...]
        guard let first = words.first else { throw ThemeProblem("the value is empty") }
        if let color = TerminalColor(parsing: first) {
            foreground = color
            words = words.dropFirst()
        }
        if words.first == "on" {
            words = words.dropFirst()
            guard let word = words.first, let color = TerminalColor(parsing: word) else {
                throw ThemeProblem("\"on\" must be followed by a colour")
            }
            background = color
            words = words.dropFirst()
        }
        for word in words {
            switch word {
            case "bold": bold = true
            case "dim": dim = true
            case "reverse": reverse = true
            case "underline": underline = true
            default:
                throw ThemeProblem("\"\(word)\" is neither a colour (default, red, bright-red, 0-255, #rrggbb) nor an attribute (bold, dim, reverse, underline)")
            }
        }
    }

    func reduced(to count: Int) -> CellLook {
        var look = self
        look.foreground = foreground.reduced(to: count)
        look.background = background.reduced(to: count)
        return look
    }
}
