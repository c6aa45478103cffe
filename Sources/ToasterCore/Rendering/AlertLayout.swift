/// Where an alert's parts fall in the rows it may use: the renderer draws from it and a mouse
/// click is matched against it, so the two cannot disagree.
///
/// The buttons are laid out as UIAlertController lays out an alert's actions: three or more
/// stacked, one per row in the order the app added them; two side by side unless either title
/// does not fit its half of the alert (then stacked); one alone on its row. When the rows run
/// short the text gives way first, and its last line shown ends in `…`; when not even a title
/// row and the buttons fit, the layout does not `fit` and the renderer asks for a larger
/// terminal instead of drawing part of a box.
struct AlertLayout {
    /// The widest the text grows, like UIAlertController's fixed width on a phone.
    static let maximumTextWidth = 48
    /// The widest the box grows to hold two buttons side by side: wider titles stack.
    static let maximumWidth = maximumTextWidth + 4

    /// One row of buttons (one button, or two side by side), or one row per button.
    enum Arrangement { case sideBySide, stacked }

    /// The rows from the top of the screen the alert may use.
    let rows: Int
    let title: [String]
    /// The message lines that fit; on a screen too short for all of them, fewer, the last one
    /// ending in `…` (none at all when the title alone fills the rows, and then its last line
    /// ends in `…`).
    let message: [String]
    /// Whether a blank row parts the title from the message: the first thing to go when the
    /// rows run short.
    let gap: Bool
    /// Each button's label as drawn: `[ 업데이트 ]` focused, `  다음에  ` not; a title wider
    /// than the alert's text is shortened with `…`, no other.
    let labels: [String]
    let arrangement: Arrangement
    let left: Int
    let top: Int
    let width: Int
    let height: Int
    /// Side by side: the column of the left border, of the rule between the buttons, and of
    /// the right border. Stacked: the two borders.
    let buttonEdges: [Int]
    /// Whether the rows hold the box with a title row and every button, each title whole.
    let fits: Bool

    var buttonRowCount: Int { arrangement == .stacked ? labels.count : 1 }
    var separatorRow: Int { top + height - 2 - buttonRowCount }
    var firstButtonRow: Int { separatorRow + 1 }

    /// The row button `index` is drawn on.
    func row(ofButton index: Int) -> Int { arrangement == .stacked ? firstButtonRow + index : firstButtonRow }

    /// The columns inside the borders that button `index` takes.
    func columns(ofButton index: Int) -> Range<Int> {
        arrangement == .stacked ? (left + 1)..<(left + width - 1) : (buttonEdges[index] + 1)..<buttonEdges[index + 1]
    }

    /// The layout in the top `rows` rows of a screen `screenWidth` columns wide.
    init(_ alert: PresentedAlert, screenWidth: Int, rows: Int) {
        self.rows = rows
        let model = alert.model
        let textWidth = max(1, min(Self.maximumTextWidth, screenWidth - 4))
        let fullTitle = TextWrapper.wrap(TextSanitizer.clean(model.title), width: textWidth)
        let fullMessage = TextWrapper.wrap(TextSanitizer.clean(model.message), width: textWidth)
        let titles = model.buttons.map { TextSanitizer.cleanLine($0.title) }
        // `[ title ]` and `  title  ` take the same room, so the box never moves with the
        // focus; a blank column either side keeps the brackets off the borders and rules.
        let widest = titles.map { DisplayWidth.of($0) + 6 }.max() ?? 0
        let pairWidth = 2 * widest + 3
        let sideBySide = titles.count == 1 || titles.count == 2 && pairWidth <= min(screenWidth, Self.maximumWidth)
        arrangement = sideBySide ? .sideBySide : .stacked
        let textBoxWidth = min(textWidth, max(20, (fullTitle + fullMessage).map(DisplayWidth.of).max() ?? 0)) + 4
        let width = min(screenWidth, max(textBoxWidth, sideBySide && titles.count == 2 ? pairWidth : widest + 2))
        self.width = width
        let buttonRows = sideBySide ? 1 : titles.count
        // Borders and separator: three rows; the rest is text.
        let textRows = rows - 3 - buttonRows
        (title, message, gap) = Self.text(fullTitle, fullMessage, rows: max(0, textRows), width: max(1, width - 4))
        height = 3 + buttonRows + title.count + (gap ? 1 : 0) + message.count
        let left = (screenWidth - width) / 2
        self.left = left
        top = max(0, (rows - height) / 2)
        // Inside the borders, one slot per button side by side (a rule between them), else one.
        let slots = sideBySide ? titles.count : 1
        var edges = [left]
        for slot in Self.shares(of: width - 1 - slots, count: slots) {
            edges.append(edges[edges.count - 1] + slot + 1)
        }
        buttonEdges = edges
        let rooms = titles.indices.map { sideBySide ? edges[$0 + 1] - edges[$0] - 1 : width - 2 }
        labels = titles.indices.map { Self.label(titles[$0], focused: $0 == alert.focusedIndex, room: rooms[$0]) }
        fits = textRows >= 1 && titles.indices.allSatisfy {
            min(DisplayWidth.of(titles[$0]), Self.maximumTextWidth) + 2 <= rooms[$0]
        }
    }

    /// The index of the button at a screen position, if any.
    func button(atColumn column: Int, row: Int) -> Int? {
        guard fits else { return nil }
        return labels.indices.first { self.row(ofButton: $0) == row && columns(ofButton: $0).contains(column) }
    }

    /// The title and message lines that fit in `rows`, and whether the blank row between them
    /// does. The blank row goes first, then message lines from the end, then title lines; a
    /// line left out is marked by `…` ending the last line shown.
    private static func text(_ title: [String], _ message: [String], rows: Int, width: Int) -> ([String], [String], Bool) {
        if title.count + 1 + message.count <= rows { return (title, message, true) }
        if title.count + message.count <= rows { return (title, message, false) }
        if rows > title.count { return (title, continued(Array(message.prefix(rows - title.count)), width: width), false) }
        return (continued(Array(title.prefix(rows)), width: width), [], false)
    }

    private static func continued(_ lines: [String], width: Int) -> [String] {
        guard let last = lines.last else { return lines }
        return lines.dropLast() + [TextWrapper.continued(last, width: width)]
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

    /// `total` columns in `count` equal shares (the later ones a column wider when it does not divide).
    private static func shares(of total: Int, count: Int) -> [Int] {
        (0..<count).map { total * ($0 + 1) / count - total * $0 / count }
    }
}
