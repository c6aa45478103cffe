import Testing
import ToasterTestSupport

/// The optional alert (app 1.9.0, store 1.10.0) and an up-to-date launch.
@Suite(.offThePool) struct OptionalAlertTests {
    @Test func offersLaterThenUpdateWithFocusOnUpdate() throws {
        let app = try ToasterApp(ToasterApp.optionalUpdate)
        let screen = try app.terminal.waitFor(ToasterApp.optionalTitle)
        let buttons = try #require(screen.components(separatedBy: "\n").first { $0.contains("다음에") })
        let later = try #require(buttons.range(of: "다음에"))
        let update = try #require(buttons.range(of: "[ 업데이트 ]"))
        #expect(later.lowerBound < update.lowerBound)
        try app.terminal.press("Left")
        try app.terminal.waitFor("[ 다음에 ]")
        try app.terminal.press("Tab")
        try app.terminal.waitFor("[ 업데이트 ]")
        _ = try AlertBox.find(in: try app.terminal.lines())
    }

    @Test func escapeMeansLaterAndTheAlertStaysAwayWhenFocusReturns() throws {
        let app = try ToasterApp(ToasterApp.optionalUpdate)
        try app.terminal.waitFor(ToasterApp.optionalTitle)
        try app.terminal.press("Escape")
        try app.terminal.waitForGone(ToasterApp.optionalTitle)
        try app.trace.waitFor("the later answer") { $0.contains("alertDismissed 다음에") }
        try app.focusOutAndWait()
        try app.terminal.focusIn()
        let screen = try app.terminal.waitFor("scene: active")
        #expect(!screen.contains(ToasterApp.optionalTitle))
        try app.terminal.press("Down")
        try app.terminal.waitFor("▸ SceneDelegate 생명주기 정리")
        #expect(try app.trace.count("alertPresented NoticeFeatUpdate") == 1)
    }

    @Test func updateOpensTheStoreAndReturningShowsNoAlert() throws {
        let app = try ToasterApp(ToasterApp.optionalUpdate)
        try app.terminal.waitFor(ToasterApp.optionalTitle)
        try app.terminal.press("Enter")
        try app.terminal.waitFor("App Store")
        try app.terminal.press("Left")
        try app.trace.waitFor("the re-check after returning") { $0.filter { $0.hasPrefix("versionCheck") }.count == 2 }
        let screen = try app.terminal.waitFor("scene: active")
        #expect(!screen.contains(ToasterApp.optionalTitle))
        #expect(try app.trace.count("alertPresented NoticeFeatUpdate") == 1)
    }

    @Test func patchUpdateShowsTheNoticeUpdateTexts() throws {
        let app = try ToasterApp(["--app-version", "2.0.0", "--store-version", "2.0.1"])
        // The whole alert, not just its title: a capture can fall between two writes of one frame.
        let screen = try app.terminal.waitForScreen("the patch alert") { $0.contains("└") && $0.contains("다음에") }
        #expect(screen.contains("업데이트 알림"))
        #expect(!screen.contains("기능 업데이트 알림"))
        #expect(screen.contains("토스터의 사용성이 개선되었어요!"))
    }

    @Test func upToDateLaunchShowsHomeWithoutAlert() throws {
        let app = try ToasterApp(["--app-version", "2.0.0", "--store-version", "2.0.0"])
        let screen = try app.terminal.waitFor("최신 버전입니다")
        #expect(screen.contains(ToasterApp.homeHeading))
        #expect(!screen.contains("┌"))
        #expect(try app.trace.summary().last == "versionCheck none")
        try app.terminal.press("q")
        #expect(try app.waitForExit() == 0)
    }
}
