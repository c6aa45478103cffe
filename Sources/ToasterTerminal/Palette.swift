import CNcursesw
import ToasterCore

/// The theme as ncurses colour pairs and attributes; pair n + 1 is `CellStyle.allCases[n]`.
struct Palette {
    /// The theme already reduced to what the terminal can show.
    let theme: Theme
    let usesColor: Bool

    init(theme: Theme, colors: Int) {
        self.theme = theme.reduced(toColors: colors)
        usesColor = colors >= 8
    }

    func install() {
        guard usesColor else { return }
        for (index, style) in CellStyle.allCases.enumerated() {
            let look = theme[style]
            init_pair(Int16(index + 1), Self.number(look.foreground), Self.number(look.background))
        }
    }

    func appearance(_ style: CellStyle) -> (attributes: attr_t, pair: Int16) {
        let look = theme[style]
        var attributes: attr_t = 0
        if look.bold { attributes |= toaster_a_bold() }
        if look.dim { attributes |= toaster_a_dim() }
        if look.reverse { attributes |= toaster_a_reverse() }
        if look.underline { attributes |= toaster_a_underline() }
        let pair = usesColor ? Int16((CellStyle.allCases.firstIndex(of: style) ?? -1) + 1) : 0
        return (attributes, pair)
    }

    private static func number(_ color: TerminalColor) -> Int16 {
        switch color {
        case .terminalDefault: -1
        case .indexed(let index): Int16(index)
        }
    }
}
