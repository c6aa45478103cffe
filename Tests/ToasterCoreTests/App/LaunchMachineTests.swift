import FoundationEssentials
import Testing
@testable import ToasterCore

/// Drives the pure machine event by event, keeping the state and every trace line.
private struct Driver {
    var state: AppState
    var traces: [TraceEvent] = []
    var lastEffects: [AppEffect] = []
    var notes: [ChoiceNote] = []

    init(appVersion: String = "1.0.0") {
        state = AppState(configuration: LaunchConfiguration(appVersion: appVersion, sourceName: "demo"))
    }

    mutating func send(_ events: AppEvent...) {
        for event in events {
            let (next, effects) = LaunchMachine.step(state, event)
            state = next
            lastEffects = effects
            notes += effects.compactMap { if case .remember(let note) = $0 { note } else { nil } }
            traces += effects.compactMap { if case .trace(let trace) = $0 { trace } else { nil } }
        }
    }

    /// Launches and connects the scene.
    mutating func launch() {
        send(.launch, .timerFired(.launchScreen))
    }

    mutating func answerCheck(latest: String, appVersion: String? = nil, rules: UpdateRules = .seed) {
        let answer = SourceAnswer(latestVersion: latest, listing: StoreListing(appName: "토스터", version: latest))
        let report = try! UpdateDecider(rules: rules, appID: "1").decide(current: appVersion ?? state.appVersion, answer: answer,
                                                           now: Date(timeIntervalSince1970: 0))
        send(.checkCompleted(.decided(report)))
    }

    var lifecycle: [LifecycleCallback] {
        traces.compactMap { if case .lifecycle(let callback) = $0 { callback } else { nil } }
    }

    var presentedCount: Int {
        traces.filter { if case .alertPresented = $0 { true } else { false } }.count
    }
}

@Suite struct LaunchMachineTests {
    @Test func launchRunsTheCallbacksInOrderAndStartsTheCheckOnConnect() {
        var driver = Driver()
        driver.send(.launch)
        #expect(driver.state.screen == .launch)
        #expect(driver.lastEffects.contains(.startTimer(.launchScreen, milliseconds: 600)))
        driver.send(.timerFired(.launchScreen))
        #expect(driver.lifecycle == [.didFinishLaunching, .willConnect, .willEnterForeground, .didBecomeActive])
        #expect(driver.lastEffects.contains(.startCheck(appVersion: "1.0.0")))
        #expect(driver.state.screen == .home)
        #expect(driver.state.scene == .active)
        #expect(driver.state.alert == nil, "the home screen is usable while the check runs")
    }

    @Test func forcedDecisionPresentsAnAlertThatOnlyItsButtonCloses() {
        var driver = Driver()
        driver.launch()
        driver.answerCheck(latest: "2.0.0")
        #expect(driver.state.alert?.model.buttonTitles == ["업데이트"])
        for key in [Key.escape, .tab, .backTab, .left, .right, .up, .down, .character("q"), .backspace] {
            driver.send(.terminal(.key(key)))
        }
        #expect(driver.state.alert != nil)
        #expect(driver.state.selectedLink == 0)
        driver.send(.terminal(.key(.enter)))
        #expect(driver.state.alert == nil)
        #expect(driver.state.scene == .background)
        guard case .appStore(let page)? = driver.state.externalApp else {
            Issue.record("the App Store did not open")
            return
        }
        #expect(page.url == "itms-apps://itunes.apple.com/app/id1")
        #expect(driver.traces.contains(.dismissed("업데이트")))
        #expect(driver.traces.contains(.openURL("itms-apps://itunes.apple.com/app/id1")))
    }

    @Test func returningFromTheStoreShowsTheForcedAlertAtOnceAndRechecks() {
        var driver = Driver()
        driver.launch()
        driver.answerCheck(latest: "2.0.0")
        driver.send(.terminal(.key(.enter)), .terminal(.key(.escape)))
        #expect(driver.state.externalApp == nil)
        #expect(driver.state.alert?.model.type == .forceUpdate)
        #expect(driver.lastEffects.contains(.startCheck(appVersion: "1.0.0")))
        #expect(driver.presentedCount == 2)
        driver.answerCheck(latest: "2.0.0")
        #expect(driver.presentedCount == 2, "the same decision does not stack a second alert")
    }

    @Test func aLiftedPolicyWithdrawsTheForcedAlert() {
        var driver = Driver()
        driver.launch()
        driver.answerCheck(latest: "2.0.0")
        driver.send(.terminal(.key(.enter)), .terminal(.key(.escape)))
        driver.answerCheck(latest: "1.0.0")
        #expect(driver.state.alert == nil)
        #expect(driver.traces.last == .alertDismissed(button: nil))
    }

    @Test func focusMapsToActivityAndFocusInReturnsFromTheStore() {
        var driver = Driver()
        driver.launch()
        driver.answerCheck(latest: "2.0.0")
        driver.send(.terminal(.focusOut))
        #expect(driver.state.scene == .inactive)
        #expect(driver.state.alert != nil, "an alert stays up while inactive")
        driver.send(.terminal(.focusIn))
        #expect(driver.state.scene == .active)
        #expect(driver.presentedCount == 1)
        driver.send(.terminal(.key(.enter)), .terminal(.focusOut), .terminal(.focusIn))
        #expect(driver.state.externalApp == nil)
        #expect(driver.state.alert?.model.type == .forceUpdate)
        #expect(driver.presentedCount == 2)
    }

    @Test func suspendGoesToTheBackgroundAndResumeComesBack() {
        var driver = Driver()
        driver.launch()
        driver.answerCheck(latest: "2.0.0")
        driver.send(.terminal(.suspend))
        #expect(driver.lastEffects.last == .stopProcess)
        #expect(driver.state.scene == .background)
        driver.send(.terminal(.resume))
        #expect(driver.state.scene == .active)
        #expect(Array(driver.lifecycle.suffix(4)) == [.willResignActive, .didEnterBackground, .willEnterForeground, .didBecomeActive])
        #expect(driver.state.alert?.model.type == .forceUpdate)
    }

    @Test func anAnsweredOptionalAlertIsNotShownAgain() {
        var driver = Driver(appVersion: "1.9.0")
        driver.launch()
        driver.answerCheck(latest: "1.10.0")
        #expect(driver.state.alert?.model.buttonTitles == ["다음에", "업데이트"])
        #expect(driver.state.alert?.focusedIndex == 1)
        driver.send(.terminal(.key(.escape)))
        #expect(driver.traces.contains(.dismissed("다음에")))
        driver.send(.terminal(.focusOut), .terminal(.focusIn), .terminal(.suspend), .terminal(.resume))
        driver.answerCheck(latest: "1.10.0")
        #expect(driver.state.alert == nil)
        #expect(driver.presentedCount == 1)
        driver.send(.terminal(.key(.down)))
        #expect(driver.state.selectedLink == 1)
    }

    @Test func alertFocusMovesWithArrowsAndTabs() {
        var driver = Driver(appVersion: "1.9.0")
        driver.launch()
        driver.answerCheck(latest: "1.10.0")
        driver.send(.terminal(.key(.left)))
        #expect(driver.state.alert?.focusedIndex == 0)
        driver.send(.terminal(.key(.left)))
        #expect(driver.state.alert?.focusedIndex == 0)
        driver.send(.terminal(.key(.tab)), .terminal(.key(.tab)))
        #expect(driver.state.alert?.focusedIndex == 0)
        driver.send(.terminal(.key(.backTab)))
        #expect(driver.state.alert?.focusedIndex == 1)
        driver.send(.terminal(.key(.left)), .terminal(.key(.space)))
        #expect(driver.state.alert == nil)
        #expect(driver.traces.contains(.dismissed("다음에")))
    }

    /// An inactive scene receives no touches: keys and clicks while the terminal has no focus
    /// are dropped, Ctrl-C still quits.
    @Test func inputWhileInactiveIsIgnored() throws {
        var driver = Driver(appVersion: "1.9.0")
        driver.launch()
        driver.send(.terminal(.focusOut), .terminal(.key(.down)), .terminal(.key(.enter)), .terminal(.key(.character("q"))))
        #expect(driver.state.selectedLink == 0 && driver.state.screen == .home)
        #expect(!driver.lastEffects.contains(.exit(status: 0)))
        driver.send(.terminal(.focusIn))
        driver.answerCheck(latest: "1.10.0")
        driver.send(.terminal(.focusOut), .terminal(.key(.left)), .terminal(.key(.enter)), .terminal(.key(.escape)))
        let canvas = ScreenRenderer.render(driver.state, width: 80, height: 24)
        let row = (0..<24).first { canvas.text(row: $0).contains("다음에") }!
        let column = (0..<80).first { canvas[$0, row].character == "다" }!
        driver.send(.terminal(.click(column: column, row: row, screenWidth: 80, screenHeight: 24)))
        #expect(driver.state.alert?.focusedIndex == 1, "the alert neither moved nor answered")
        #expect(!driver.traces.contains { if case .alertDismissed = $0 { true } else { false } })
        driver.send(.terminal(.focusIn), .terminal(.key(.enter)))
        #expect(driver.state.externalApp != nil, "once active again, Enter chooses 업데이트")
        driver.send(.terminal(.focusOut), .terminal(.key(.enter)))
        guard case .appStore(let page)? = driver.state.externalApp else { throw StoreNotOpen() }
        #expect(page.installProgress == nil, "the App Store, too, gets no keys without the focus")
        driver.send(.terminal(.key(.controlC)))
        #expect(driver.lastEffects.last == .exit(status: 130))
    }

    @Test func homeAndEndMoveToTheFirstAndLastButtonAndLink() throws {
        var driver = Driver(appVersion: "1.9.0")
        driver.launch()
        driver.answerCheck(latest: "1.10.0", rules: try UpdateRules(parsing: "default"))
        #expect(driver.state.alert?.focusedIndex == 0, "업데이트, first of the skip alert, has the focus")
        driver.send(.terminal(.key(.end)))
        #expect(driver.state.alert?.focusedIndex == 2)
        driver.send(.terminal(.key(.home)))
        #expect(driver.state.alert?.focusedIndex == 0)
        driver.send(.terminal(.key(.end)), .terminal(.key(.enter)))
        #expect(driver.traces.last == .dismissed("이 버전 건너뛰기"))
        driver.send(.terminal(.key(.end)))
        #expect(driver.state.selectedLink == driver.state.configuration.links.count - 1)
        driver.send(.terminal(.key(.home)))
        #expect(driver.state.selectedLink == 0)
    }

    @Test func clicksActivateTheButtonUnderThem() {
        var driver = Driver(appVersion: "1.9.0")
        driver.launch()
        driver.answerCheck(latest: "1.10.0")
        let canvas = ScreenRenderer.render(driver.state, width: 80, height: 24)
        let row = (0..<24).first { canvas.text(row: $0).contains("다음에") }!
        let column = (0..<80).first { canvas[$0, row].character == "다" }!
        driver.send(.terminal(.click(column: column, row: row - 1, screenWidth: 80, screenHeight: 24)))
        #expect(driver.state.alert != nil, "a click off the buttons does nothing")
        driver.send(.terminal(.click(column: column, row: row, screenWidth: 80, screenHeight: 24)))
        #expect(driver.state.alert == nil)
        #expect(driver.traces.contains(.dismissed("다음에")))
    }

    @Test func aClickInstallsOnlyOnTheStoreButton() throws {
        var driver = Driver()
        driver.launch()
        driver.answerCheck(latest: "2.0.0")
        driver.send(.terminal(.key(.enter)))
        driver.send(.terminal(.click(column: 40, row: 21, screenWidth: 80, screenHeight: 24)))
        guard case .appStore(let idle)? = driver.state.externalApp else { throw StoreNotOpen() }
        #expect(idle.installProgress == nil, "a click beside the button does nothing")
        driver.send(.terminal(.click(column: 3, row: 21, screenWidth: 80, screenHeight: 24)))
        guard case .appStore(let installing)? = driver.state.externalApp else { throw StoreNotOpen() }
        #expect(installing.installProgress == 0)
    }

    @Test func installRelaunchesAtTheStoreVersion() {
        var driver = Driver()
        driver.launch()
        driver.answerCheck(latest: "2.0.0")
        driver.send(.terminal(.key(.enter)), .terminal(.key(.enter)))
        for _ in 0..<19 { driver.send(.timerFired(.installStep)) }
        #expect(driver.state.appVersion == "1.0.0")
        driver.send(.terminal(.key(.escape)))
        #expect(driver.state.externalApp != nil, "the store cannot be left during an install")
        driver.send(.timerFired(.installStep))
        #expect(driver.state.appVersion == "2.0.0")
        #expect(driver.state.screen == .launch)
        #expect(driver.lifecycle.suffix(2) == [.didDisconnect, .didFinishLaunching])
        driver.send(.timerFired(.launchScreen))
        driver.answerCheck(latest: "2.0.0", appVersion: "1.0.0")
        #expect(driver.state.decision == nil, "an answer for the old version is ignored")
        driver.answerCheck(latest: "2.0.0")
        #expect(driver.state.alert == nil)
    }

    /// What QA keys on: button ids beside the titles, focus moves, the store page and the install.
    @Test func theTraceNamesButtonsByIdAndFollowsTheStoreRoundTrip() throws {
        var driver = Driver(appVersion: "1.9.0")
        driver.launch()
        driver.answerCheck(latest: "1.10.0", rules: try UpdateRules(parsing: "default"))
        let presented = try #require(driver.traces.first { if case .alertPresented = $0 { true } else { false } })
        #expect(presented.jsonMembers.map(\.0) == ["event", "type", "title", "message", "buttons", "buttonIds"])
        #expect(presented.traceLine(milliseconds: 0).hasSuffix(#""buttonIds":["update","nextTime","skip"]}"#), "Siren's order")
        driver.send(.terminal(.key(.down)))
        #expect(driver.traces.last?.traceLine(milliseconds: 0) == #"{"t":0,"event":"alertFocus","button":"다음에","buttonId":"nextTime"}"#)
        driver.send(.terminal(.key(.down)))
        #expect(driver.traces.last?.traceLine(milliseconds: 0) == #"{"t":0,"event":"alertFocus","button":"이 버전 건너뛰기","buttonId":"skip"}"#)
        let focusMoves = driver.traces.count
        driver.send(.terminal(.key(.down)))
        #expect(driver.traces.count == focusMoves, "no move past the last button, no event")
        driver.send(.terminal(.key(.home)), .terminal(.key(.enter)))
        let lines = driver.traces.map { $0.traceLine(milliseconds: 0) }
        #expect(lines.contains(#"{"t":0,"event":"alertDismissed","button":"업데이트","buttonId":"update"}"#))
        #expect(lines.contains(#"{"t":0,"event":"storePage","button":"update","version":"1.10.0","url":"itms-apps://itunes.apple.com/app/id1"}"#))
        driver.send(.terminal(.key(.enter)))
        #expect(driver.traces.last == .installStarted(version: "1.10.0"))
        for _ in 0..<20 { driver.send(.timerFired(.installStep)) }
        #expect(driver.traces.contains(.installFinished(version: "1.10.0")))
        #expect(TraceEvent.alertDismissed(button: nil).traceLine(milliseconds: 0) == #"{"t":0,"event":"alertDismissed","button":null,"buttonId":null}"#)
    }

    @Test func failedCheckFailsOpenAndSaysWhy() {
        var driver = Driver()
        driver.launch()
        driver.send(.checkCompleted(.failed(CheckFailure(.timedOut, "timed out after 5 s"))))
        #expect(driver.state.alert == nil)
        #expect(driver.state.check == .failed(CheckFailure(.timedOut, "timed out after 5 s")))
        #expect(driver.traces.last == .error("version check (demo) failed: timed out after 5 s"))
    }

    @Test func quitFromHomeDisconnectsAndControlCWorksUnderAnAlert() {
        var driver = Driver(appVersion: "2.0.0")
        driver.launch()
        driver.send(.terminal(.key(.character("q"))))
        #expect(driver.lastEffects.last == .exit(status: 0))
        #expect(driver.lifecycle.suffix(3) == [.willResignActive, .didEnterBackground, .didDisconnect])
        var forced = Driver()
        forced.launch()
        forced.answerCheck(latest: "2.0.0")
        forced.send(.terminal(.key(.controlC)))
        #expect(forced.lastEffects.last == .exit(status: 130))
    }

    @Test func linkPageOpensFromHomeAndGoesBack() {
        var driver = Driver(appVersion: "2.0.0")
        driver.launch()
        driver.send(.terminal(.key(.down)), .terminal(.key(.enter)))
        #expect(driver.state.screen == .linkPage(url: SavedLink.samples(.ko)[1].url))
        driver.send(.terminal(.key(.escape)))
        #expect(driver.state.screen == .home)
    }

    @Test func nonStoreURLsOpenTheBrowser() {
        #expect(ExternalApp.opening("https://blog.microcms.io/", listing: nil) == .browser(url: "https://blog.microcms.io/"))
        #expect(ExternalApp.opening("https://apps.apple.com/kr/app/id1", listing: nil) == .appStore(StorePage(url: "https://apps.apple.com/kr/app/id1", listing: nil)))
    }

    @Test func aStoreWithNothingNewerOffersOpen() {
        let listing = StoreListing(appName: "Toaster", version: "2.0")
        guard case .appStore(let same) = ExternalApp.opening("itms-apps://itunes.apple.com/app/id1", listing: listing, installedVersion: "2.0.0"),
              case .appStore(let newer) = ExternalApp.opening("itms-apps://itunes.apple.com/app/id1", listing: listing, installedVersion: "1.9.0") else {
            Issue.record("the App Store did not open")
            return
        }
        #expect(!same.offersUpdate, "2.0 is 2.0.0: nothing newer, the button reads Open")
        #expect(newer.offersUpdate)
    }
}

extension TraceEvent {
    /// The alert answered by its button titled `title` (Korean).
    static func dismissed(_ title: String) -> TraceEvent {
        let roles: [String: AlertButton.Role] = ["업데이트": .update, "다음에": .later, "이 버전 건너뛰기": .skip]
        return .alertDismissed(button: AlertButton(role: roles[title]!, title: title))
    }
}

/// The App Store page a test expected is not on screen.
private struct StoreNotOpen: Error {
    /// The check records its own result (VersionCheck); the machine adds what only the screen knows.
    @Test func theAppAsksToRememberShownAlertsAndSkips() throws {
        var driver = Driver(appVersion: "1.9.0")
        driver.launch()
        driver.answerCheck(latest: "1.10.0", rules: try UpdateRules(parsing: "default"))
        let version = try Version("1.10.0")
        #expect(driver.notes == [.shown(storeVersion: version)])
        #expect(driver.state.alert?.model.buttonTitles == ["업데이트", "다음에", "이 버전 건너뛰기"])
        driver.send(.terminal(.key(.down)), .terminal(.key(.down)), .terminal(.key(.enter)))
        #expect(driver.traces.last == .dismissed("이 버전 건너뛰기"))
        #expect(driver.notes.last == .skipped(version))
        #expect(driver.state.alert == nil)
        #expect(driver.state.screen == .home, "skipping opens nothing")
    }

    @Test func anAlertNotShownIsNotRemembered() throws {
        var driver = Driver(appVersion: "1.9.0")
        driver.launch()
        driver.send(.terminal(.suspend))
        driver.answerCheck(latest: "1.10.0")
        #expect(!driver.notes.contains { if case .shown = $0 { true } else { false } }, "in the background nothing is on screen")
        driver.send(.terminal(.resume))
        #expect(driver.state.alert != nil)
        #expect(driver.notes.last == .shown(storeVersion: try Version("1.10.0")))
    }

    @Test func aHeldBackDecisionIsTracedWithItsGate() throws {
        var driver = Driver(appVersion: "1.9.0")
        driver.launch()
        let gate = HoldBack.skippedVersion("1.10.0")
        let report = try UpdateDecider(appID: "1").decide(current: "1.9.0", answer: SourceAnswer(latestVersion: "1.10.0"),
                                                          now: Date(timeIntervalSince1970: 0)).held(by: gate)
        driver.send(.checkCompleted(.decided(report)))
        #expect(driver.state.alert == nil)
        #expect(driver.traces.last == .versionCheck(source: "demo", current: "1.9.0", latest: "1.10.0", decision: .none,
                                                    reason: .minor, heldBack: gate, why: report.why))
        #expect(TraceEvent.versionCheck(source: "demo", current: "1.9.0", latest: "1.10.0", decision: .none, reason: .minor,
                                        heldBack: gate).traceLine(milliseconds: 0).hasSuffix(#""heldBackBy":"skippedVersion","heldBackWhy":"version 1.10.0 was skipped"}"#))
    }

    @Test func aFailedCheckWithARememberedForceStillForces() throws {
        var driver = Driver()
        driver.launch()
        var memory = ChoiceMemory()
        memory.note(checked: try UpdateDecider(appID: "1").decide(current: "1.0.0", answer: SourceAnswer(latestVersion: "2.0.0"),
                                                                  now: Date(timeIntervalSince1970: 0)), now: Date(timeIntervalSince1970: 0))
        let recovered = try #require(memory.recoveredDecision(appVersion: try Version("1.0.0")))
        let refused = CheckFailure(.unreachable, "connection refused (127.0.0.1:9)")
        driver.send(.checkCompleted(.failedButForced(refused, recovered)))
        #expect(driver.state.alert?.model.type == .forceUpdate)
        #expect(driver.state.check == .failed(refused), "the status row still says why the check failed")
        #expect(driver.traces.suffix(3).first == .error("version check (demo) failed: connection refused (127.0.0.1:9)"))
        #expect(driver.traces.contains(.versionCheck(source: "demo", current: "1.0.0", latest: "2.0.0", decision: .forced,
                                                     reason: .rememberedForced, why: recovered.why)))
        driver.send(.terminal(.key(.escape)))
        #expect(driver.state.alert != nil)
    }
}
