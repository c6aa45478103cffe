import Foundation
import Testing
import ToasterCore
import ToasterTestSupport

/// Terminals too small for all of the alert: it keeps off the status line and the hint, cuts
/// its text with `…`, and below the size that holds its buttons asks for a larger terminal
/// while the keys keep working. The hint row names only keys that work now.
@Suite(.offThePool) struct SmallTerminalTests {
    static let request = "알림을 보려면 터미널을 더 크게 해 주세요"

    /// Height 4: two rows above the status line and the hint, too few for a box.
    @Test func heightFourKeepsTheStatusLineAndAsksForMoreRows() throws {
        let app = try ToasterApp(width: 80, height: 4)
        let screen = try app.terminal.waitForScreen("the request and the alert's hint") {
            $0.contains(Self.request) && $0.contains("Enter 업데이트 · Ctrl-C 앱 종료")
        }
        let lines = screen.components(separatedBy: "\n")
        #expect(lines[0].trimmingCharacters(in: .whitespaces) == Self.request, "one centred line")
        #expect(lines[2].hasPrefix(" 토스터 v1.0.0 · scene: active · 업데이트 필요"), "the status line, not a button over it")
        #expect(!screen.contains("[ 업데이트 ]") && !screen.contains("┌"))
        #expect(!screen.contains("q 종료"), "q does nothing in an alert")
        try app.terminal.press("Enter")
        try app.terminal.waitFor("App Store")
        #expect(try app.trace.count("alertDismissed 업데이트") == 1, "Enter still chooses 업데이트")
    }

    /// 30×8: the box in the six rows above the footer, the message cut with `…`, and nothing
    /// of the alert outside its box.
    @Test func thirtyByEightCutsTheMessageWithAnEllipsis() throws {
        let app = try ToasterApp(width: 30, height: 8)
        let screen = try app.terminal.waitForScreen("the box and the alert's hint") { $0.contains("└") && $0.contains("Enter 업데이트") }
        let lines = screen.components(separatedBy: "\n")
        let box = try AlertBox.find(in: lines)
        #expect(box.top == 0 && box.bottom == 5, "rows 0…5; the status line and the hint below")
        #expect(lines[6].hasPrefix(" 토스터 v1.0.0 · scene: acti"))
        #expect(lines[box.top + 1].contains("신규 기능 업데이트 알림"))
        let message = lines[box.top + 2]
        #expect(message.contains("토스터의 새로운 기능을…"), "the one message line that fits ends in …: \(message)")
        #expect(lines[box.bottom - 1].contains("[ 업데이트 ]"))
        // Beside the box only the dimmed home shows: none of the alert's marks.
        for row in box.top...box.bottom {
            let outside = Self.cells(lines[row]).enumerated().filter { !(box.left...box.right).contains($0.offset) }
            #expect(!outside.contains { $0.element.map { "…[]│".contains($0) } ?? false }, "row \(row): \(lines[row])")
        }
    }

    /// Below the smallest size for the buttons (20×6: four rows above the footer, the forced
    /// alert needs five): one centred line; keys still work, and a larger terminal shows the box.
    @Test func belowTheMinimumOneLineAsksAndKeysStillWork() throws {
        let app = try ToasterApp(width: 20, height: 6)
        let screen = try app.terminal.waitForScreen("the request") { $0.contains("알림을 보려면 터…") && $0.contains("Enter") }
        let lines = screen.components(separatedBy: "\n")
        #expect(lines[1].trimmingCharacters(in: .whitespaces) == "알림을 보려면 터…", "centred in the rows above the footer")
        #expect([0, 2, 3].allSatisfy { lines[$0].trimmingCharacters(in: .whitespaces).isEmpty }, "one line, nothing else")
        try app.terminal.press("Escape", "q", "Tab", "Left", "Right", "Down", "x")
        try app.terminal.focusOut()
        try app.trace.waitFor("the focus-out after the keys") { $0.last == "lifecycle sceneWillResignActive(_:)" }
        #expect(try app.trace.count("alertDismissed 업데이트") == 0, "Esc and q do not leave a forced alert")
        try app.terminal.focusIn()
        try app.terminal.resize(width: 40, height: 12)
        try app.terminal.waitForScreen("the box at 40×12") { $0.contains("[ 업데이트 ]") && $0.contains("└") }
        try app.terminal.resize(width: 20, height: 6)
        try app.terminal.waitFor("알림을 보려면 터…")
        try app.terminal.press("Enter")
        try app.trace.waitFor("the update") { $0.contains("alertDismissed 업데이트") }
    }

    /// While the scene is inactive no key but Ctrl-C/Ctrl-Z works, so the hint names no other:
    /// no `Enter 업데이트` on the alert, no `q` on home.
    @Test func anInactiveSceneHintsNoKeys() throws {
        let app = try ToasterApp()
        try app.waitForForcedAlert()
        try app.terminal.waitFor("Enter 업데이트 · Ctrl-C 앱 종료")
        try app.focusOutAndWait()
        let screen = try app.terminal.waitFor("포커스가 없어 키를 받지 않아요 · Ctrl-C 종료")
        #expect(!screen.contains("Enter"))
        try app.terminal.focusIn()
        try app.terminal.waitFor("Enter 업데이트 · Ctrl-C 앱 종료")

        let home = try ToasterApp(["--app-version", "2.0.0"])
        try home.terminal.waitFor("q 종료")
        try home.focusOutAndWait()
        let inactive = try home.terminal.waitFor("포커스가 없어")
        #expect(!inactive.contains("q 종료") && !inactive.contains("Enter"))
    }

    /// A row by display column: the right half of a wide character is nil.
    private static func cells(_ row: String) -> [Character?] {
        row.flatMap { character -> [Character?] in
            [character] + (DisplayWidth.of(character) == 2 ? [nil] : [])
        }
    }
}
