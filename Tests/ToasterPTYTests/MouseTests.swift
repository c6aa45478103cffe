import Testing
import ToasterCore
import ToasterTestSupport

/// A click on a button activates it, where the terminal reports the mouse (tmux does).
@Suite(.offThePool) struct MouseTests {
    /// The 0-based cell of the first occurrence of `text` on screen, in display columns.
    private func position(of text: String, in screen: String) throws -> (column: Int, row: Int) {
        let lines = screen.components(separatedBy: "\n")
        let row = try #require(lines.firstIndex { $0.contains(text) }, "\(text) is not on screen")
        let range = try #require(lines[row].range(of: text))
        return (DisplayWidth.of(lines[row][..<range.lowerBound]) + 1, row)
    }

    @Test func clickingLaterDismissesTheOptionalAlert() throws {
        let app = try ToasterApp(["--app-version", "1.9.0", "--store-version", "1.10.0"])
        let screen = try app.terminal.waitFor("다음에")
        let later = try position(of: "다음에", in: screen)
        try app.terminal.click(column: later.column, row: later.row)
        try app.trace.waitFor("the later answer") { $0.contains("alertDismissed 다음에") }
        try app.terminal.waitForGone("다음에")
    }

    /// The last button of the skip alert, stacked at 80 and 40 columns. A stacked button takes
    /// its whole row inside the borders, so a click beside its label, by the border, presses
    /// it: the click reads the layout the screen was drawn from.
    @Test(arguments: [80, 40])
    func clickingSkipLandsOnSkipInTheStack(width: Int) throws {
        let app = try ToasterApp(["--locale", "ja"] + ToasterApp.skippableUpdate, width: width)
        let screen = try app.terminal.waitForScreen("the three buttons") { $0.contains("このバージョンをスキップ") && $0.contains("Ctrl-C") }
        let skip = try position(of: "このバージョンをスキップ", in: screen)
        let update = try position(of: "アップデート ]", in: screen)
        #expect(skip.row == update.row + 2, "stacked: update, later, skip")
        let box = try AlertBox.find(in: screen.components(separatedBy: "\n"))
        try app.terminal.click(column: box.left + 1, row: skip.row)
        try app.trace.waitFor("the skip") { $0.contains("alertDismissed このバージョンをスキップ") }
        #expect(try app.trace.count("alertDismissed アップデート") == 0)
        #expect(try app.trace.count("alertDismissed あとで") == 0)
    }

    @Test func clickingUpdateOpensTheStoreAndClickingInstallInstalls() throws {
        let app = try ToasterApp()
        let screen = try app.waitForForcedAlert()
        let update = try position(of: "업데이트 ]", in: screen)
        let title = try position(of: ToasterApp.forcedTitle, in: screen)
        try app.terminal.click(column: title.column, row: title.row)
        try app.terminal.click(column: update.column, row: update.row)
        let store = try app.terminal.waitFor("App Store")
        #expect(try app.trace.count("alertDismissed 업데이트") == 1, "a click on the title did nothing")
        let install = try position(of: "[ 업데이트 ]", in: store)
        try app.terminal.click(column: install.column, row: install.row)
        try app.trace.waitFor("the install's start") { $0.contains("installStarted") }
    }
}
