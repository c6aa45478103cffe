import Testing
import ToasterCore
import ToasterTestSupport

/// The alert's buttons as UIAlertController lays out actions, in every language at 80 and 40
/// columns: the skip alert's three stacked in the order Siren adds them, the optional alert's
/// two side by side; full labels off the borders, the focus ring and the hint following the
/// layout.
@Suite(.offThePool) struct AlertButtonsTests {
    /// Update, Next time, Skip this version: the order Siren adds the skip alert's actions.
    static let skipButtons: [Language: [String]] = [
        .ko: ["업데이트", "다음에", "이 버전 건너뛰기"],
        .en: ["Update", "Later", "Skip This Version"],
        .ja: ["アップデート", "あとで", "このバージョンをスキップ"],
    ]

    @Test(arguments: [Language.ko, .en, .ja], [80, 40])
    func threeButtonsStackTopToBottomInTheOrderAdded(language: Language, width: Int) throws {
        let labels = try #require(Self.skipButtons[language])
        let app = try ToasterApp(["--locale", language.rawValue] + ToasterApp.skippableUpdate, width: width, height: 24)
        // The hint row is the frame's last write: once it shows, the box above it is whole.
        let screen = try app.terminal.waitForScreen("the three buttons") { screen in
            labels.allSatisfy(screen.contains) && screen.contains("[ \(labels[0]) ]") && screen.contains("Ctrl-C")
        }
        let lines = screen.components(separatedBy: "\n")
        let box = try AlertBox.find(in: lines)
        let separator = try #require(lines.indices.first { $0 > box.top && lines[$0].contains("├") })
        let rows = try labels.map { label in
            try #require(lines.indices.first { $0 > separator && lines[$0].contains(label) }, "\(label) is under the separator")
        }
        #expect(rows == [separator + 1, separator + 2, separator + 3], "one row each, top to bottom in the order added")
        #expect(rows[2] == box.bottom - 1)
        #expect(!lines[box.top...box.bottom].joined().contains("…"), "no label needs shortening at \(width) columns")
        #expect(!lines[separator...box.bottom].joined().contains("┬"), "no rule between stacked buttons")
        #expect(box.left > 0 && box.right < width - 1, "the box stays inside the screen")
        try expectButtonsOffTheBorders(lines, labels: labels, box: box)
        // The hint puts the ways out first: at 40 columns the arrows are what is cut.
        #expect(width == 40 || lines[23].contains("↑↓") && !lines[23].contains("←→"), "the hint names the arrows of the stack")

        // ↓ walks down to the skip button, ↑ back up; the box does not move.
        for (key, focused, previous) in [("Down", 1, 0), ("Down", 2, 1), ("Up", 1, 2), ("Down", 2, 1)] {
            try app.terminal.press(key)
            // The frame is whole once the previous button has lost its brackets: the rows are
            // written top to bottom, and a capture can fall between them.
            let moved = try app.terminal.waitForScreen("the focus on \(labels[focused])") {
                $0.contains("[ \(labels[focused]) ]") && !$0.contains("[ \(labels[previous]) ]")
            }
            #expect(labels.indices.filter { moved.contains("[ \(labels[$0]) ]") } == [focused], "one focused button")
            let after = try AlertBox.find(in: moved.components(separatedBy: "\n"))
            #expect((after.left, after.right, after.top, after.bottom) == (box.left, box.right, box.top, box.bottom))
        }
        try app.terminal.press("Enter")
        try app.trace.waitFor("the skip") { $0.contains("alertDismissed \(labels[2])") }
    }

    static let optionalButtons: [Language: [String]] = [
        .ko: ["다음에", "업데이트"],
        .en: ["Later", "Update"],
        .ja: ["あとで", "アップデート"],
    ]

    @Test(arguments: [Language.ko, .en, .ja], [80, 40])
    func twoButtonsSitSideBySideInTheOrderAdded(language: Language, width: Int) throws {
        let labels = try #require(Self.optionalButtons[language])
        let app = try ToasterApp(["--locale", language.rawValue] + ToasterApp.optionalUpdate, width: width, height: 24)
        let screen = try app.terminal.waitForScreen("the two buttons") { screen in
            screen.contains("  \(labels[0])  ") && screen.contains("[ \(labels[1]) ]") && screen.contains("Ctrl-C")
        }
        let lines = screen.components(separatedBy: "\n")
        let box = try AlertBox.find(in: lines)
        let row = try #require(lines.lastIndex { $0.contains("[ \(labels[1]) ]") })
        #expect(row == box.bottom - 1 && lines[row].contains(labels[0]), "one row")
        let later = try #require(lines[row].range(of: labels[0]))
        let update = try #require(lines[row].range(of: labels[1]))
        #expect(later.upperBound < update.lowerBound, "\(labels[0]) on the left, as added")
        #expect(lines[box.bottom].contains("┴") && lines[row - 1].contains("┬"), "a rule between the halves")
        try expectButtonsOffTheBorders(lines, labels: labels, box: box)
        #expect(width == 40 || lines[23].contains("←→") && !lines[23].contains("↑↓"))

        try app.terminal.press("Left")
        try app.terminal.waitForScreen("the focus on \(labels[0])") { $0.contains("[ \(labels[0]) ]") && !$0.contains("[ \(labels[1]) ]") }
        try app.terminal.press("Enter")
        try app.trace.waitFor("the later answer") { $0.contains("alertDismissed \(labels[0])") }
    }

    /// Each label sits on a button row, with a blank between every border or rule and the text.
    private func expectButtonsOffTheBorders(_ lines: [String], labels: [String], box: AlertBox) throws {
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
                #expect(neighbours.allSatisfy { cells[$0] == " " }, "a border touches a label at column \(column): \(row)")
            }
        }
    }
}
