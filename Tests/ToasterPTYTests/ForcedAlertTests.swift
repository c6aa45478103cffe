import Foundation
import Testing
import ToasterTestSupport

/// The forced alert of a bare launch (app 1.0.0, demo store 2.0.0), driven through a real pty.
@Suite(.offThePool) struct ForcedAlertTests {
    @Test func launchShowsLaunchScreenThenHomeThenOnlyTheUpdateButton() throws {
        // The launch screen at the longest allowed, a minute: drawn, and seen whatever the
        // machine's speed, which 600 ms on a busy machine are not.
        let launching = try ToasterApp(launchScreenMilliseconds: 60_000)
        try launching.terminal.waitForScreen("the launch screen") { $0.contains("T O A S T E R") && $0.contains("v1.0.0") }
        try launching.trace.waitFor("the launch alone") { $0 == ["lifecycle application(_:didFinishLaunchingWithOptions:)"] }
        // The default 600 ms: the scene connects once they are over, then the alert.
        let app = try ToasterApp(launchScreenMilliseconds: 600)
        let screen = try app.waitForForcedAlert()
        let times = try app.trace.events().filter { $0["event"] as? String == "lifecycle" }.compactMap { $0["t"] as? Int }
        #expect(times.count >= 2 && times[1] - times[0] >= 600, "scene(_:willConnectTo:options:) came \(times) ms in")
        #expect(screen.contains(ToasterApp.homeHeading))
        #expect(screen.contains("토스터의 새로운 기능을 이용하기 위해서는"))
        #expect(screen.contains("최신 버전으로 업데이트 하시겠어요?"))
        let box = try AlertBox.find(in: try app.terminal.lines())
        #expect(box.left + box.right == 79, "the alert is centred on 80 columns")
    }

    @Test func noKeyClosesTheForcedAlertOrReachesHome() throws {
        let app = try ToasterApp()
        try app.waitForForcedAlert()
        try app.terminal.press("Escape", "q", "Tab", "BTab", "Left", "Right", "Up", "Down", "Down", "x", "BSpace")
        try app.terminal.type("QzZ1")
        try app.focusOutAndWait()
        let screen = try app.waitForForcedAlert()
        #expect(screen.contains("▸ 강제 업데이트 Alert 구현하기"), "the home selection did not move")
        #expect(!FileManager.default.fileExists(atPath: app.terminal.file(ToasterApp.exitStatusName)), "q did not quit under the alert")
        #expect(try app.trace.count("alertDismissed 업데이트") == 0)
    }

    @Test func appStoreRoundTripBringsTheAlertBackAndTheTraceShowsIt() throws {
        let app = try ToasterApp()
        try app.waitForForcedAlert()
        try app.terminal.press("Enter")
        // The hint is on the last row, and ncurses writes top to bottom: the page is whole.
        let store = try app.terminal.waitForScreen("the App Store page") { $0.contains("App Store") && $0.contains("앱으로 돌아가기") }
        #expect(store.contains("버전 2.0.0"))
        #expect(!store.contains(ToasterApp.forcedTitle))
        try app.terminal.press("Escape")
        try app.waitForForcedAlert()
        let summary = try app.trace.waitFor("a second alertPresented") { $0.filter { $0 == "alertPresented ForceUpdate" }.count == 2 }
        #expect(Array(summary.prefix(7)) == [
            "lifecycle application(_:didFinishLaunchingWithOptions:)",
            "lifecycle scene(_:willConnectTo:options:)",
            "lifecycle sceneWillEnterForeground(_:)",
            "lifecycle sceneDidBecomeActive(_:)",
            "versionCheck forced",
            "alertPresented ForceUpdate",
            "alertDismissed 업데이트",
        ])
        #expect(Array(summary.dropFirst(7).prefix(7)) == [
            "openURL",
            "lifecycle sceneWillResignActive(_:)",
            "lifecycle sceneDidEnterBackground(_:)",
            "storePage",
            "lifecycle sceneWillEnterForeground(_:)",
            "lifecycle sceneDidBecomeActive(_:)",
            "alertPresented ForceUpdate",
        ])
        let presented = try app.trace.events().first { $0["event"] as? String == "alertPresented" }
        #expect(presented?["buttons"] as? [String] == ["업데이트"])
        #expect(presented?["buttonIds"] as? [String] == ["update"])
        #expect(presented?["title"] as? String == ToasterApp.forcedTitle)
    }

    @Test func homeStaysUsableWhileTheCheckRuns() throws {
        // A demo check of ten minutes: in flight for the whole test.
        let app = try ToasterApp(["--demo-latency-ms", "600000"])
        try app.terminal.waitFor("업데이트 확인 중")
        try app.terminal.press("Down")
        let screen = try app.terminal.waitFor("▸ SceneDelegate 생명주기 정리")
        #expect(screen.contains("업데이트 확인 중") && !screen.contains(ToasterApp.forcedTitle))
    }

    @Test func theAlertIsBackBeforeTheRecheckEnds() throws {
        let lookup = try HeldLookup()
        let app = try ToasterApp(lookup.arguments)
        try app.terminal.waitFor("업데이트 확인 중")
        lookup.answerNext()
        try app.waitForForcedAlert()
        try app.terminal.press("Enter")
        try app.terminal.waitFor("App Store")
        // Back in the app, the re-check asks and is held: the alert comes back meanwhile.
        try app.terminal.press("Escape")
        try lookup.waitForRequests(2)
        try app.terminal.waitForScreen("the alert back while the re-check runs") {
            $0.contains(ToasterApp.forcedTitle) && $0.contains(ToasterApp.updateFocused) && $0.contains("업데이트 확인 중")
        }
        let summary = try app.trace.summary()
        #expect(summary.filter { $0.hasPrefix("versionCheck") }.count == 1, "the alert came back before the re-check ended")
        #expect(summary.filter { $0 == "alertPresented ForceUpdate" }.count == 2)
    }

    @Test func focusOutAndInBringTheAlertBackAfterItWasAnswered() throws {
        let app = try ToasterApp()
        try app.waitForForcedAlert()
        try app.focusOutAndWait()
        try app.waitForForcedAlert()
        try app.terminal.focusIn()
        try app.terminal.waitFor("scene: active")
        try app.terminal.press("Enter")
        try app.terminal.waitFor("App Store")
        try app.terminal.focusOut()
        try app.terminal.focusIn()
        try app.waitForForcedAlert()
        try app.trace.waitFor("the alert presented again") { $0.filter { $0 == "alertPresented ForceUpdate" }.count == 2 }
    }

    /// An inactive scene receives no keys: Enter while the terminal has no focus chooses
    /// nothing; once the focus is back, it does.
    @Test func enterWhileInactiveIsIgnored() throws {
        let app = try ToasterApp()
        try app.waitForForcedAlert()
        try app.focusOutAndWait()
        try app.terminal.press("Enter", "Space")
        try app.terminal.focusIn()
        // Input is read in order: once the focus-in shows, the keys before it were handled.
        let screen = try app.terminal.waitFor("scene: active")
        #expect(screen.contains(ToasterApp.updateFocused) && !screen.contains("App Store"))
        #expect(try app.trace.count("alertDismissed 업데이트") == 0)
        try app.terminal.press("Enter")
        try app.terminal.waitFor("App Store")
        #expect(try app.trace.count("alertDismissed 업데이트") == 1)
    }

    @Test func suspendAndForegroundBringTheAlertBackAfterItWasAnswered() throws {
        let app = try ToasterApp(shellRunning: { binary, trace in "\(binary) --trace \(trace) --launch-screen-ms 0" })
        try app.waitForForcedAlert()
        try app.terminal.press("C-z")
        try app.terminal.waitFor("Stopped")
        try app.terminal.type("fg")
        try app.terminal.press("Enter")
        try app.waitForForcedAlert()
        try app.terminal.press("Enter")
        try app.terminal.waitFor("App Store")
        try app.terminal.press("C-z")
        try app.terminal.waitForScreen("the shell after Ctrl-Z") { $0.components(separatedBy: "Stopped").count == 3 }
        try app.terminal.type("fg")
        try app.terminal.press("Enter")
        try app.waitForForcedAlert()
        let summary = try app.trace.waitFor("two alerts") { $0.filter { $0 == "alertPresented ForceUpdate" }.count == 2 }
        #expect(summary.contains("lifecycle sceneDidEnterBackground(_:)"))
        #expect(summary.filter { $0 == "lifecycle sceneWillEnterForeground(_:)" }.count == 3)
    }

    @Test func installRelaunchesAtTheNewVersionWithoutAlert() throws {
        let app = try ToasterApp()
        try app.startInstall()
        let home = try app.terminal.waitForScreen("home at 2.0.0, checked") { $0.contains("v2.0.0 · scene: active · 최신 버전입니다") }
        #expect(!home.contains(ToasterApp.forcedTitle))
        let summary = try app.trace.summary()
        #expect(summary.contains("lifecycle sceneDidDisconnect(_:)"))
        #expect(summary.last == "versionCheck none")
        #expect(try app.trace.count("alertPresented ForceUpdate") == 1)
    }

    @Test func smallTerminalStillShowsAnAlignedAlert() throws {
        let app = try ToasterApp(width: 40, height: 12)
        try app.waitForForcedAlert()
        let box = try AlertBox.find(in: try app.terminal.lines())
        #expect(box.right <= 39)
    }

    @Test func resizeRecentresTheAlert() throws {
        let app = try ToasterApp()
        try app.waitForForcedAlert()
        try app.terminal.resize(width: 60, height: 16)
        try app.terminal.waitForScreen("the alert centred on 60 columns") { screen in
            let box = try? AlertBox.find(in: screen.components(separatedBy: "\n"))
            return box.map { $0.left + $0.right == 59 } ?? false
        }
        try app.terminal.resize(width: 100, height: 30)
        try app.terminal.waitForScreen("the alert centred on 100 columns") { screen in
            let box = try? AlertBox.find(in: screen.components(separatedBy: "\n"))
            return box.map { $0.left + $0.right == 99 } ?? false
        }
    }
}
