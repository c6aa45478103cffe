extension ScreenRenderer {
    /// Where `alert` falls over `state`'s screen: in the rows above the screen's footer (the
    /// status rows and the hint), which it never covers. The click hit-test reads the same.
    static func alertLayout(_ alert: PresentedAlert, over state: AppState, width: Int, height: Int) -> AlertLayout {
        AlertLayout(alert, screenWidth: width, rows: height - footerRowCount(state, height: height))
    }

    /// A centred box: bold title, message, a separator, then the buttons (`AlertLayout` says
    /// how); with no room for the box, one centred line asking for a larger terminal (the keys
    /// work all the same). The hint row names the alert's keys and is not dimmed.
    mutating func drawAlert(_ alert: PresentedAlert) {
        let layout = Self.alertLayout(alert, over: state, width: canvas.width, height: canvas.height)
        let rows = layout.rows
        let model = alert.model
        let hint = model.type.isForced ? strings.forcedAlertHint(TextSanitizer.cleanLine(model.buttonTitles[0]))
            : strings.optionalAlertHint(layout.arrangement == .stacked ? "↑↓" : "←→")
        guard layout.fits else {
            // One row of terminal: the request takes the hint's place.
            guard rows > 0 else { return drawHint(strings.terminalTooSmall, keys: false) }
            canvas.fill(x: 0, y: 0, width: canvas.width, height: rows, style: .dimmed)
            putCentred(TextWrapper.truncated(strings.terminalTooSmall, width: canvas.width - 2), y: (rows - 1) / 2, style: .alertTitle)
            return drawHint(hint)
        }
        drawHint(hint)
        let (left, top, width, height) = (layout.left, layout.top, layout.width, layout.height)
        canvas.fill(x: left, y: top, width: width, height: height, style: .alertMessage)
        let horizontal = String(repeating: "─", count: max(0, width - 2))
        canvas.put("┌" + horizontal + "┐", x: left, y: top, style: .alertBorder)
        for row in (top + 1)..<(top + height - 1) {
            canvas.put("│", x: left, y: row, style: .alertBorder)
            canvas.put("│", x: left + width - 1, y: row, style: .alertBorder)
        }
        let message = (layout.gap ? [""] : []) + layout.message
        for (offset, (line, style)) in (layout.title.map { ($0, CellStyle.alertTitle) } + message.map { ($0, CellStyle.alertMessage) }).enumerated() {
            putCentred(line, y: top + 1 + offset, style: style, within: left + 1, width: width - 2)
        }
        drawButtons(layout, focused: alert.focusedIndex)
    }

    /// The buttons under a separator: side by side between vertical rules, as UIAlertController
    /// lays out two, or stacked one per row. Every button is drawn alike, as UIKit draws
    /// `.default` actions (none bold, none red); only the focus ring sets one apart.
    private mutating func drawButtons(_ layout: AlertLayout, focused: Int) {
        let rules = layout.arrangement == .stacked ? [] : layout.buttonEdges.dropFirst().dropLast().map { $0 - layout.left - 1 }
        func border(_ ends: (String, String), joint: String) -> String {
            var line = Array(repeating: "─", count: layout.width - 2)
            for rule in rules { line[rule] = joint }
            return ends.0 + line.joined() + ends.1
        }
        canvas.put(border(("├", "┤"), joint: "┬"), x: layout.left, y: layout.separatorRow, style: .alertBorder)
        canvas.put(border(("└", "┘"), joint: "┴"), x: layout.left, y: layout.top + layout.height - 1, style: .alertBorder)
        for (index, label) in layout.labels.enumerated() {
            let columns = layout.columns(ofButton: index)
            let row = layout.row(ofButton: index)
            if layout.arrangement == .sideBySide, index > 0 { canvas.put("│", x: columns.lowerBound - 1, y: row, style: .alertBorder) }
            putCentred(label, y: row, style: index == focused ? .focusedButton : .button,
                       within: columns.lowerBound, width: columns.count)
        }
    }
}
