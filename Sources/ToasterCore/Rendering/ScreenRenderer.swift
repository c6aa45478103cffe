/// Draws an `AppState` into a `Canvas` of the terminal's size: the view of the Elm loop.
public struct ScreenRenderer {
    var canvas: Canvas
    let state: AppState

    public static func render(_ state: AppState, width: Int, height: Int) -> Canvas {
        var renderer = ScreenRenderer(canvas: Canvas(width: width, height: height), state: state)
        renderer.draw()
        return renderer.canvas
    }

    private mutating func draw() {
        guard canvas.width > 0, canvas.height > 0 else { return }
        if let app = state.externalApp {
            switch app {
            case .appStore(let page): drawAppStore(page)
            case let .browser(url, reason): drawBrowser(url, reason: reason)
            }
            return
        }
        switch state.screen {
        case .launch: drawLaunchScreen()
        case .home: drawHome()
        case .linkPage(let url): drawLinkPage(url)
        }
        if let alert = state.alert {
            canvas.restyle(.dimmed)
            drawAlert(alert)
        }
    }

    var bottom: Int { canvas.height - 1 }

    var strings: UIStrings { UIStrings.of(state.configuration.language) }

    /// The bottom row: the keys that work now. While the scene receives no input (no focus),
    /// no key but Ctrl-C and Ctrl-Z does anything, and the row says so instead; a row that
    /// names no key (`keys: false`) stays.
    mutating func drawHint(_ hint: String, keys: Bool = true) {
        canvas.putHintRow(keys && !state.receivesInput ? strings.inactiveHint : hint)
    }

    /// Writes `text` centred on row `y`.
    mutating func putCentred(_ text: String, y: Int, style: CellStyle, within x: Int = 0, width: Int? = nil) {
        let span = width ?? canvas.width
        let start = x + max(0, (span - DisplayWidth.of(text)) / 2)
        canvas.put(text, x: start, y: y, style: style, limit: x + span - start)
    }

    /// Writes wrapped lines from row `y` with an indent, no lower than `lastRow`; returns the
    /// next free row.
    mutating func putParagraph(_ text: String, y: Int, indent: Int, lastRow: Int, style: CellStyle) -> Int {
        var row = y
        for line in TextWrapper.wrap(text, width: canvas.width - 2 * indent) where row <= lastRow {
            canvas.put(line, x: indent, y: row, style: style)
            row += 1
        }
        return row
    }
}
