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
        let labels = Self.buttonLabels(model, focused: alert.focusedIndex, width: canvas.width - 2)
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

    /// `[ 업데이트 ]` and `  다음에  `; without the padding when the row is too narrow for it.
    private static func buttonLabels(_ model: AlertModel, focused: Int, width: Int) -> [String] {
        let titles = model.buttons.map { TextSanitizer.cleanLine($0.title) }
        let padded = titles.enumerated().map { $0 == focused ? "[ \($1) ]" : "  \($1)  " }
        guard padded.reduce(0, { $0 + DisplayWidth.of($1) }) + padded.count - 1 > width else { return padded }
        return titles.enumerated().map { $0 == focused ? "[\($1)]" : $1 }
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

    /// The buttons side by side between vertical rules, as UIAlertController lays out two.
    private mutating func drawButtons(_ labels: [String], focused: Int, left: Int, width: Int, separatorRow: Int) {
        let inner = width - 2
        var edges = [left]
        for slotWidth in Self.slotWidths(labels.map(DisplayWidth.of), available: inner - (labels.count - 1)) {
            edges.append(edges[edges.count - 1] + slotWidth + 1)
        }
        let rules = edges.dropFirst().dropLast().map { $0 - left - 1 }
        func border(_ ends: (String, String), joint: String) -> String {
            var line = Array(repeating: "─", count: inner)
            for rule in rules { line[rule] = joint }
            return ends.0 + line.joined() + ends.1
        }
        canvas.put(border(("├", "┤"), joint: "┬"), x: left, y: separatorRow, style: .alertBorder)
        canvas.put(border(("└", "┘"), joint: "┴"), x: left, y: separatorRow + 2, style: .alertBorder)
        for (index, label) in labels.enumerated() {
            if index > 0 { canvas.put("│", x: edges[index], y: separatorRow + 1, style: .alertBorder) }
            putCentred(label, y: separatorRow + 1, style: index == focused ? .focusedButton : .button,
                       within: edges[index] + 1, width: edges[index + 1] - edges[index] - 1)
        }
    }

    /// Equal shares when every label fits one; otherwise each label's width plus an equal part
    /// of what is left (labels that cannot fit at all are clipped within equal shares).
    private static func slotWidths(_ labelWidths: [Int], available: Int) -> [Int] {
        let count = labelWidths.count
        func share(_ total: Int, _ index: Int) -> Int { total * (index + 1) / count - total * index / count }
        let spare = available - labelWidths.reduce(0, +)
        guard spare >= 0, !labelWidths.allSatisfy({ $0 <= available / count }) else {
            return (0..<count).map { share(available, $0) }
        }
        return labelWidths.enumerated().map { $1 + share(spare, $0) }
    }
}
