import CNcursesw
import ToasterCore

extension TerminalSession {
    /// Draws a frame: each run of cells of one style goes out with one call.
    func draw(_ canvas: Canvas) {
        werase(window)
        // One buffer for every run, filled scalar by scalar: an array per cell was half the
        // cost of a frame.
        var text: [wchar_t] = []
        text.reserveCapacity(canvas.width + 1)
        for y in 0..<canvas.height {
            var x = 0
            while x < canvas.width {
                let style = canvas[x, y].style
                let start = x
                text.removeAll(keepingCapacity: true)
                while x < canvas.width {
                    let cell = canvas[x, y]
                    guard cell.style == style else { break }
                    if let character = cell.character {
                        for scalar in character.unicodeScalars { text.append(wchar_t(bitPattern: scalar.value)) }
                    }
                    x += 1
                }
                text.append(0)
                let (attributes, pair) = palette.appearance(style)
                wattr_set(window, attributes, pair, nil)
                mvwaddwstr(window, Int32(y), Int32(start), text)
            }
        }
        wnoutrefresh(window)
        doupdate()
    }
}
