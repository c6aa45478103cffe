/// Where an alert's parts fall on a screen of a given size: the renderer draws from it and a
/// mouse click is matched against it, so the two cannot disagree.
///
/// Buttons get the room they need: side by side while they fit in the screen's width (the box
/// grows past its text width for them); else stacked, one per row in their order, as
/// UIAlertController stacks buttons that do not fit side by side; only when even that does not
/// fit (a screen too narrow, or too short for the stack) are labels shortened, with `…`.
struct AlertLayout {
    /// The widest the text grows, like UIAlertController's fixed width on a phone.
    static let maximumTextWidth = 48

    enum Arrangement { case sideBySide, stacked }

    let title: [String]
    /// The message lines that fit; on a screen too small for all of them, fewer (the title
    /// row and the buttons always stay).
    let message: [String]
    /// Each button's label as drawn: `[ 업데이트 ]` focused, `  다음에  ` not, shortened only
    /// when its row has no room for it.
    let labels: [String]
    let arrangement: Arrangement
    let left: Int
    let top: Int
    let width: Int
    let height: Int
    /// Side by side: the column of the left border, of each rule between buttons, and of the
    /// right border. Stacked: the two borders.
    let buttonEdges: [Int]

    /// Whether the box has room for its borders, a title row and the buttons.
    var fits: Bool { width >= 2 + labels.count * 2 && height >= 4 + buttonRowCount }

    var buttonRowCount: Int { arrangement == .stacked ? labels.count : 1 }
    var separatorRow: Int { top + height - 2 - buttonRowCount }
    var firstButtonRow: Int { separatorRow + 1 }

    /// The row button `index` is drawn on.
    func row(ofButton index: Int) -> Int { arrangement == .stacked ? firstButtonRow + index : firstButtonRow }

    /// The columns inside the borders that button `index` takes.
    func columns(ofButton index: Int) -> Range<Int> {
        arrangement == .stacked ? (left + 1)..<(left + width - 1) : (buttonEdges[index] + 1)..<buttonEdges[index + 1]
    }

    init(_ alert: PresentedAlert, screenWidth: Int, screenHeight: Int) {
        let model = alert.model
        let textWidth = max(1, min(Self.maximumTextWidth, screenWidth - 4))
        title = TextWrapper.wrap(TextSanitizer.clean(model.title), width: textWidth)
        let fullMessage = TextWrapper.wrap(TextSanitizer.clean(model.message), width: textWidth)
        let titles = model.buttons.map { TextSanitizer.cleanLine($0.title) }
        // `[ title ]` and `  title  ` take the same room, so the box never moves with the
        // focus; a blank column either side keeps the brackets off the rules.
        let needs = titles.map { DisplayWidth.of($0) + 6 }
        let sideBySideWidth = needs.reduce(0, +) + needs.count + 1
        // Borders (2), title, blank, separator; then the button rows and the message.
        let fixedRows = 2 + title.count + 1 + 1
        arrangement = needs.count > 1 && sideBySideWidth > screenWidth && screenHeight >= 4 + needs.count ? .stacked : .sideBySide
        let buttonsWidth = arrangement == .stacked ? (needs.max() ?? 0) + 2 : sideBySideWidth
        let textBoxWidth = min(textWidth, max(20, (title + fullMessage).map(DisplayWidth.of).max() ?? 0)) + 4
        let width = min(screenWidth, max(textBoxWidth, buttonsWidth))
        self.width = width
        let buttonRows = arrangement == .stacked ? needs.count : 1
        message = Array(fullMessage.prefix(max(0, screenHeight - fixedRows - buttonRows)))
        height = min(screenHeight, fixedRows + buttonRows + message.count)
        let left = (screenWidth - width) / 2
        self.left = left
        top = (screenHeight - height) / 2
        switch arrangement {
        case .stacked:
            buttonEdges = [left, left + width - 1]
            labels = titles.enumerated().map { Self.label($1, focused: $0 == alert.focusedIndex, room: width - 2) }
        case .sideBySide:
            var edges = [left]
            for slotWidth in Self.slotWidths(needs, available: width - 2 - (needs.count - 1)) {
                edges.append(edges[edges.count - 1] + slotWidth + 1)
            }
            buttonEdges = edges
            labels = titles.enumerated().map { index, title in
                Self.label(title, focused: index == alert.focusedIndex, room: edges[index + 1] - edges[index] - 1)
            }
        }
    }

    /// The index of the button at a screen position, if any.
    func button(atColumn column: Int, row: Int) -> Int? {
        guard fits else { return nil }
        return labels.indices.first { self.row(ofButton: $0) == row && columns(ofButton: $0).contains(column) }
    }

    /// `[ 업데이트 ]` or `  다음에  ` when there is room; else without the padding; else the
    /// title shortened with `…` (the focused one keeps its brackets while it can).
    private static func label(_ title: String, focused: Bool, room: Int) -> String {
        let titleWidth = DisplayWidth.of(title)
        if titleWidth + 4 <= room { return focused ? "[ \(title) ]" : "  \(title)  " }
        if titleWidth + 2 <= room { return focused ? "[\(title)]" : title }
        guard focused, room >= 4 else { return TextWrapper.truncated(title, width: room) }
        return "[" + TextWrapper.truncated(title, width: room - 2) + "]"
    }

    /// Equal shares when every label fits one; otherwise each label's width plus an equal part
    /// of what is left (labels that cannot fit at all share the row equally).
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
