import Testing
import ToasterCore

/// The skippable alert's three buttons in every language at 80 and 40 columns: full labels
/// (side by side while they fit, stacked when not), off the borders, focus visible, and ←/→
/// moving through them in order.
@Suite struct AlertButtonsTests {
    static let skippable = ["--rules", "relaxed", "--app-version", "1.9.0", "--store-version", "1.10.0"]

    /// later, skip, update, as the alert orders them.
    static let buttons: [Language: [String]] = [
        .ko: ["다음에", "이 버전 건너뛰기", "업데이트"],
        .en: ["Later", "Skip This Version", "Update"],
        .ja: ["あとで", "このバージョンをスキップ", "アップデート"],
    ]

    @Test(arguments: [Language.ko, .en, .ja], [80, 40])
    func everyLabelWholeAndFocusMovesInOrder(language: Language, width: Int) throws {
        let labels = try #require(Self.buttons[language])
        let app = try ToasterApp(["--locale", language.rawValue] + Self.skippable, width: width, height: 24)
        let screen = try app.terminal.waitForScreen("the three buttons") { screen in
            labels.allSatisfy(screen.contains) && screen.contains("[ \(labels[2]) ]") && screen.contains("└")
        }
        let lines = screen.components(separatedBy: "\n")
        let box = try AlertBox.find(in: lines)
        #expect(!lines[box.top...box.bottom].joined().contains("…"), "no label needs shortening at \(width) columns")
        #expect(box.left > 0 && box.right < width - 1, "the box stays inside the screen")
        try expectButtonsOffTheRules(screen, labels: labels, box: box)

        // ← twice walks back to `later`, → twice returns to `update`; the box does not move.
        for (key, focused, previous) in [("Left", 1, 2), ("Left", 0, 1), ("Right", 1, 0), ("Right", 2, 1)] {
            try app.terminal.press(key)
            // The frame is whole once the previous button has lost its brackets: stacked, the
            // rows are written top to bottom, and a capture can fall between them.
            let moved = try app.terminal.waitForScreen("the focus on \(labels[focused])") {
                $0.contains("[ \(labels[focused]) ]") && !$0.contains("[ \(labels[previous]) ]")
            }
            #expect(labels.indices.filter { moved.contains("[ \(labels[$0]) ]") } == [focused], "one focused button")
            let after = try AlertBox.find(in: moved.components(separatedBy: "\n"))
            #expect((after.left, after.right, after.top, after.bottom) == (box.left, box.right, box.top, box.bottom))
        }
        try app.terminal.press("Enter")
        try app.trace.waitFor("the update answer") { $0.contains("alertDismissed \(labels[2])") }
    }

    /// Each label sits on a button row, with a blank between every border or rule and the text.
    private func expectButtonsOffTheRules(_ screen: String, labels: [String], box: AlertBox) throws {
        let lines = screen.components(separatedBy: "\n")
        let separator = try #require(lines.indices.first { $0 > box.top && lines[$0].contains("├") })
        let buttonRows = lines[(separator + 1)..<box.bottom]
        for label in labels {
            let row = try #require(buttonRows.first { $0.contains(label) }, "\(label) is under the separator")
            // The row by display column (the right half of a wide character is nil).
            var cells: [Character?] = []
            for character in row {
                cells.append(character)
                if DisplayWidth.of(character) == 2 { cells.append(nil) }
            }
            for column in box.left...box.right where cells[column] == "│" {
                let neighbours = [column - 1, column + 1].filter { (box.left + 1)..<box.right ~= $0 }
                #expect(neighbours.allSatisfy { cells[$0] == " " }, "a rule touches a label at column \(column): \(row)")
            }
        }
    }
}
