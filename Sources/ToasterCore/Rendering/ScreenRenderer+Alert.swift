extension ScreenRenderer {
    /// A centred box: bold title, message, a separator, then the buttons (`AlertLayout` says
    /// how). On a screen with no room for a box, only the focused button's label.
    mutating func drawAlert(_ alert: PresentedAlert) -> AlertLayout {
        let layout = AlertLayout(alert, screenWidth: canvas.width, screenHeight: canvas.height)
        guard layout.fits else {
            putCentred(layout.labels[alert.focusedIndex], y: canvas.height / 2, style: .focusedButton)
            return layout
        }
        let (left, top, width, height) = (layout.left, layout.top, layout.width, layout.height)
        canvas.fill(x: left, y: top, width: width, height: height, style: .alertMessage)
        let horizontal = String(repeating: "─", count: max(0, width - 2))
        canvas.put("┌" + horizontal + "┐", x: left, y: top, style: .alertBorder)
        for row in (top + 1)..<(top + height - 1) {
            canvas.put("│", x: left, y: row, style: .alertBorder)
            canvas.put("│", x: left + width - 1, y: row, style: .alertBorder)
        }
        var row = top + 1
        for (line, style) in layout.title.map({ ($0, CellStyle.alertTitle) }) + [("", .alertMessage)]
            + layout.message.map({ ($0, CellStyle.alertMessage) }) where row < layout.separatorRow {
            putCentred(line, y: row, style: style, within: left + 1, width: width - 2)
            row += 1
        }
        drawButtons(layout, focused: alert.focusedIndex)
        return layout
    }

    /// The buttons under a separator: side by side between vertical rules, as UIAlertController
    /// lays out two, or stacked one per row.
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
