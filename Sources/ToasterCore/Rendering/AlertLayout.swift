/// Where an alert's parts fall on a screen of a given size: the renderer draws from it and a
/// mouse click is matched against it, so the two cannot disagree.
struct AlertLayout {
    /// The widest an alert grows, like UIAlertController's fixed width on a phone.
    static let maximumTextWidth = 48

    let title: [String]
    /// The message lines that fit; on a screen too small for all of them, fewer (the title
    /// row and the buttons always stay).
    let message: [String]
    let labels: [String]
    let left: Int
    let top: Int
    let width: Int
    let height: Int
    /// Column of the left border, of each rule between buttons, and of the right border.
    let buttonEdges: [Int]

    /// Whether the box has room for its borders, a title row and the buttons.
    var fits: Bool { width >= 2 + labels.count * 2 && height >= 5 }

    var separatorRow: Int { top + height - 3 }
    var buttonRow: Int { top + height - 2 }

    init(_ alert: PresentedAlert, screenWidth: Int, screenHeight: Int) {
        let model = alert.model
        let textWidth = max(1, min(Self.maximumTextWidth, screenWidth - 4))
        title = TextWrapper.wrap(TextSanitizer.clean(model.title), width: textWidth)
        let fullMessage = TextWrapper.wrap(TextSanitizer.clean(model.message), width: textWidth)
        labels = Self.buttonLabels(model, focused: alert.focusedIndex, width: screenWidth - 2)
        let buttonsWidth = labels.reduce(0) { $0 + DisplayWidth.of($1) } + labels.count - 1
        let contentWidth = min(textWidth, max(20, buttonsWidth, (title + fullMessage).map(DisplayWidth.of).max() ?? 0))
        width = min(screenWidth, contentWidth + 4)
        // Borders (2), title, blank, message, separator, buttons.
        let fixedRows = 2 + title.count + 1 + 1 + 1
        message = Array(fullMessage.prefix(max(0, screenHeight - fixedRows)))
        height = min(screenHeight, fixedRows + message.count)
        left = (screenWidth - width) / 2
        top = (screenHeight - height) / 2
        var edges = [left]
        for slotWidth in Self.slotWidths(labels.map(DisplayWidth.of), available: width - 2 - (labels.count - 1)) {
            edges.append(edges[edges.count - 1] + slotWidth + 1)
        }
        buttonEdges = edges
    }

    /// The index of the button at a screen position, if any.
    func button(atColumn column: Int, row: Int) -> Int? {
        guard fits, row == buttonRow else { return nil }
        return buttonEdges.indices.dropLast().first { buttonEdges[$0] < column && column < buttonEdges[$0 + 1] }
    }

    /// `[ 업데이트 ]` and `  다음에  `; without the padding when the row is too narrow for it.
    private static func buttonLabels(_ model: AlertModel, focused: Int, width: Int) -> [String] {
        let titles = model.buttons.map { TextSanitizer.cleanLine($0.title) }
        let padded = titles.enumerated().map { $0 == focused ? "[ \($1) ]" : "  \($1)  " }
        guard padded.reduce(0, { $0 + DisplayWidth.of($1) }) + padded.count - 1 > width else { return padded }
        return titles.enumerated().map { $0 == focused ? "[\($1)]" : $1 }
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
