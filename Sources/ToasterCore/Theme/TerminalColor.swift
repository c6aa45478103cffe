/// A colour as a theme names it: the terminal's default, or one of the 256 xterm colours.
public enum TerminalColor: Sendable, Equatable {
    case terminalDefault
    case indexed(Int)

    static let names = ["black", "red", "green", "yellow", "blue", "magenta", "cyan", "white"]

    /// `default`, a name (`red`, `bright-red`), an index `0`…`255`, or `#rrggbb` (nearest of 256).
    init?(parsing word: String) {
        if word == "default" { self = .terminalDefault; return }
        if let index = Self.names.firstIndex(of: word) { self = .indexed(index); return }
        if word.hasPrefix("bright-"), let index = Self.names.firstIndex(of: String(word.dropFirst(7))) {
            self = .indexed(index + 8)
            return
        }
        if let index = Int(word), (0...255).contains(index) { self = .indexed(index); return }
        if word.hasPrefix("#"), word.count == 7, let rgb = Int(word.dropFirst(), radix: 16) {
            self = .indexed(Self.nearest(to: (rgb >> 16, (rgb >> 8) & 0xFF, rgb & 0xFF), among: 16..<256))
            return
        }
        return nil
    }

    /// The same colour on a terminal with only `count` (8 or 16) colours: the nearest by RGB.
    func reduced(to count: Int) -> TerminalColor {
        guard case .indexed(let index) = self, index >= count else { return self }
        return .indexed(Self.nearest(to: Self.rgb(index), among: 0..<count))
    }

    /// The xterm palette: 16 system colours, a 6×6×6 cube, 24 greys.
    static func rgb(_ index: Int) -> (Int, Int, Int) {
        let system = [(0, 0, 0), (205, 0, 0), (0, 205, 0), (205, 205, 0), (0, 0, 238), (205, 0, 205), (0, 205, 205),
                      (229, 229, 229), (127, 127, 127), (255, 0, 0), (0, 255, 0), (255, 255, 0), (92, 92, 255),
                      (255, 0, 255), (0, 255, 255), (255, 255, 255)]
        if index < 16 { return system[index] }
        if index >= 232 { let grey = 8 + (index - 232) * 10; return (grey, grey, grey) }
        let cube = index - 16
        let level = { (step: Int) in step == 0 ? 0 : 55 + step * 40 }
        return (level(cube / 36), level(cube / 6 % 6), level(cube % 6))
    }

    private static func nearest(to target: (Int, Int, Int), among candidates: Range<Int>) -> Int {
        candidates.min { distance(rgb($0), target) < distance(rgb($1), target) } ?? 0
    }

    private static func distance(_ a: (Int, Int, Int), _ b: (Int, Int, Int)) -> Int {
        let (dr, dg, db) = (a.0 - b.0, a.1 - b.1, a.2 - b.2)
        return 2 * dr * dr + 4 * dg * dg + 3 * db * db
    }
}
