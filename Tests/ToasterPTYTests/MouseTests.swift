import Testing
import ToasterCore

/// A click on a button activates it, where the terminal reports the mouse (tmux does).
@Suite struct MouseTests {
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

    /// The middle button of the skippable alert, side by side at 80 columns and stacked at 40:
    /// the click reads the same layout the screen was drawn from.
    @Test(arguments: [80, 40])
    func clickingSkipLandsOnSkipSideBySideAndStacked(width: Int) throws {
        let app = try ToasterApp(["--locale", "ja"] + AlertButtonsTests.skippable, width: width)
        let screen = try app.terminal.waitForScreen("the three buttons") { $0.contains("あとで") && $0.contains("[ アップデート ]") }
        let skip = try position(of: "このバージョンをスキップ", in: screen)
        let update = try position(of: "アップデート ]", in: screen)
        #expect((skip.row == update.row) == (width == 80), "side by side at 80 columns, stacked at 40")
        try app.terminal.click(column: skip.column, row: skip.row)
        try app.trace.waitFor("the skip") { $0.contains("alertDismissed このバージョンをスキップ") }
        #expect(try app.trace.count("alertDismissed アップデート") == 0)
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
        try app.terminal.waitFor("설치 중")
    }
}
