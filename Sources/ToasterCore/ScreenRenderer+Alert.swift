extension ScreenRenderer {
    /// The widest an alert grows, like UIAlertController's fixed width on a phone.
    static let alertMaximumTextWidth = 48

    /// A centred box: bold title, message, a separator, then the buttons side by side. On a
    /// screen too small for the whole message, the message is shortened first; the title row
    /// and the buttons always stay.
    mutating func drawAlert(_ alert: PresentedAlert) {
        let model = alert.model
        let textWidth = max(1, min(Self.alertMaximumTextWidth, canvas.width - 4))
        let title = TextWrapper.wrap(TextSanitizer.clean(model.title), width: textWidth)
        var message = TextWrapper.wrap(TextSanitizer.clean(model.message), width: textWidth)
        let labels = model.buttons.enumerated().map { index, button in
            let label = TextSanitizer.cleanLine(button.title)
            return index == alert.focusedIndex ? "[ \(label) ]" : "  \(label)  "
        }
        let buttonsWidth = labels.reduce(0) { $0 + DisplayWidth.of($1) } + labels.count - 1
        let contentWidth = min(textWidth, max(20, buttonsWidth, (title + message).map(DisplayWidth.of).max() ?? 0))
        let boxWidth = min(canvas.width, contentWidth + 4)
        // Borders (2), title, blank, message, separator, buttons.
        let fixedRows = 2 + title.count + 1 + 1 + 1
        message = Array(message.prefix(max(0, canvas.height - fixedRows)))
        let boxHeight = min(canvas.height, fixedRows + message.count)
        let left = (canvas.width - boxWidth) / 2
        let top = (canvas.height - boxHeight) / 2

        canvas.fill(x: left, y: top, width: boxWidth, height: boxHeight, style: .alertMessage)
        drawBorder(left: left, top: top, width: boxWidth, height: boxHeight)
        var row = top + 1
        for line in title where row < top + boxHeight - 3 {
            putCentred(line, y: row, style: .alertTitle, within: left + 1, width: boxWidth - 2)
            row += 1
        }
        row += 1
        for line in message where row < top + boxHeight - 3 {
            putCentred(line, y: row, style: .alertMessage, within: left + 1, width: boxWidth - 2)
            row += 1
        }
        drawButtons(labels, focused: alert.focusedIndex, left: left, width: boxWidth, separatorRow: top + boxHeight - 3)
    }

    private mutating func drawBorder(left: Int, top: Int, width: Int, height: Int) {
        let horizontal = String(repeating: "─", count: max(0, width - 2))
        canvas.put("┌" + horizontal + "┐", x: left, y: top, style: .alertBorder)
        canvas.put("└" + horizontal + "┘", x: left, y: top + height - 1, style: .alertBorder)
        for row in (top + 1)..<(top + height - 1) {
            canvas.put("│", x: left, y: row, style: .alertBorder)
            canvas.put("│", x: left + width - 1, y: row, style: .alertBorder)
        }
    }

    /// Buttons share the row equally, split by vertical rules, as UIAlertController lays out two.
    private mutating func drawButtons(_ labels: [String], focused: Int, left: Int, width: Int, separatorRow: Int) {
        let inner = width - 2
        let slots = labels.count
        let edges = (0...slots).map { left + 1 + inner * $0 / slots }
        var separator = Array(repeating: "─", count: inner)
        for edge in edges.dropFirst().dropLast() { separator[edge - left - 1] = "┬" }
        canvas.put("├" + separator.joined() + "┤", x: left, y: separatorRow, style: .alertBorder)
        var bottomBorder = Array(repeating: "─", count: inner)
        for edge in edges.dropFirst().dropLast() { bottomBorder[edge - left - 1] = "┴" }
        canvas.put("└" + bottomBorder.joined() + "┘", x: left, y: separatorRow + 2, style: .alertBorder)
        for (index, label) in labels.enumerated() {
            let start = index == 0 ? edges[index] : edges[index] + 1
            let end = edges[index + 1]
            if index > 0 { canvas.put("│", x: edges[index], y: separatorRow + 1, style: .alertBorder) }
            putCentred(label, y: separatorRow + 1, style: index == focused ? .focusedButton : .button,
                       within: start, width: end - start)
        }
    }
}
