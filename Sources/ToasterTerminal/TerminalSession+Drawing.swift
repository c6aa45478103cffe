import CNcursesw
import ToasterCore

extension TerminalSession {
    /// Draws a frame: each run of cells of one style goes out with one call.
    func draw(_ canvas: Canvas) {
        werase(window)
        for y in 0..<canvas.height {
            var x = 0
            while x < canvas.width {
                let style = canvas[x, y].style
                let start = x
                var text: [wchar_t] = []
                while x < canvas.width, canvas[x, y].style == style {
                    if let character = canvas[x, y].character {
                        text += character.unicodeScalars.map { wchar_t(bitPattern: $0.value) }
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
