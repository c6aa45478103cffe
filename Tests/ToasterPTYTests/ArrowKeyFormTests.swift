import Testing
import ToasterTestSupport

/// Arrows reach the alert in every form terminals send them: CSI (`ESC [ D`, from terminals
/// that ignore application cursor mode), SS3 (`ESC O C`) and modified (`ESC [ 1 ; 5 D`).
/// None of them may be read as a lone Esc, which on the optional alert answers 다음에.
@Suite(.offThePool) struct ArrowKeyFormTests {
    @Test func everyArrowFormMovesTheFocusAndAnswersNothing() throws {
        let app = try ToasterApp(ToasterApp.optionalUpdate)
        try app.terminal.waitForScreen("the optional alert") { $0.contains("[ 업데이트 ]") && $0.contains("└") }
        try app.terminal.sendBytes("1b", "5b", "44")
        try app.terminal.waitFor("[ 다음에 ]")
        try app.terminal.sendBytes("1b", "4f", "43")
        try app.terminal.waitFor("[ 업데이트 ]")
        try app.terminal.sendBytes("1b", "5b", "31", "3b", "35", "44")
        try app.terminal.waitFor("[ 다음에 ]")
        // Keys that mean nothing here: Page Up, an unknown sequence.
        try app.terminal.sendBytes("1b", "5b", "35", "7e", "1b", "5b", "39", "39", "58")
        // Input is read in order: once focus-out shows, every byte before it has been handled.
        try app.focusOutAndWait()
        let screen = try app.terminal.screen()
        #expect(screen.contains(ToasterApp.optionalTitle) && screen.contains("[ 다음에 ]"), "the alert is up, focus on 다음에")
        #expect(try app.trace.summary().filter { $0.hasPrefix("alertDismissed") }.isEmpty, "nothing was answered")
        // An inactive scene takes no keys: back to active before the next one.
        try app.terminal.focusIn()
        try app.terminal.waitFor("scene: active")
        try app.terminal.press("Escape")
        try app.trace.waitFor("Esc, still 다음에") { $0.contains("alertDismissed 다음에") }
    }

    /// Broken UTF-8, a report never asked for, a sequence cut off by another, F1: none of it
    /// answers the alert, and the keys after it still work.
    @Test func garbageInputAnswersNothing() throws {
        let app = try ToasterApp(ToasterApp.optionalUpdate)
        try app.terminal.waitForScreen("the optional alert") { $0.contains("[ 업데이트 ]") && $0.contains("└") }
        try app.terminal.sendBytes("ff", "fe", "c0", "af", "80", "1b", "5b", "3f", "31", "3b", "32", "63",
                                   "1b", "5b", "3c", "39", "39", "3b", "1b", "4f", "50", "ed", "95")
        try app.focusOutAndWait()
        #expect(try app.terminal.screen().contains("[ 업데이트 ]"), "the alert is up, focus unchanged")
        #expect(try app.trace.summary().filter { $0.hasPrefix("alertDismissed") }.isEmpty, "nothing was answered")
        try app.terminal.focusIn()
        try app.terminal.waitFor("scene: active")
        try app.terminal.press("Left")
        try app.terminal.waitFor("[ 다음에 ]")
    }
}
