import FoundationEssentials
import Testing
@testable import ToasterCore

/// The alert on a whole screen: the footer it leaves alone, the hint under it, and what a
/// screen too small for it shows.
@Suite struct AlertScreenTests {
    /// The app launched, with the check's answer for `latest` in.
    private func state(latest: String, rules: String = "seed", language: Language = .ko) throws -> AppState {
        var state = AppState(configuration: LaunchConfiguration(appVersion: "1.9.0", sourceName: "demo", language: language))
        state = LaunchMachine.step(LaunchMachine.step(state, .launch).0, .timerFired(.launchScreen)).0
        let report = try UpdateDecider(rules: rules == "seed" ? .seed : try UpdateRules(parsing: rules), appID: "1", language: language)
            .decide(current: "1.9.0", answer: SourceAnswer(latestVersion: latest), now: Date(timeIntervalSince1970: 0))
        return LaunchMachine.step(state, .checkCompleted(.decided(report))).0
    }

    private func rows(_ canvas: Canvas) -> [String] { (0..<canvas.height).map { canvas.text(row: $0) } }

    /// The status line and the hint stay what they are at every size, the box stays above
    /// them, and nothing of the alert stands outside its box.
    @Test(arguments: [("2.0.0", "seed"), ("1.10.0", "seed"), ("1.10.0", "default")])
    func theFooterIsNeverCovered(latest: String, rules: String) throws {
        let state = try state(latest: latest, rules: rules)
        let alert = try #require(state.alert)
        var home = state
        home.alert = nil
        for width in 12...60 {
            for height in 3...20 {
                let canvas = ScreenRenderer.render(state, width: width, height: height)
                let lines = rows(canvas)
                #expect(lines[height - 2] == rows(ScreenRenderer.render(home, width: width, height: height))[height - 2],
                        "the status line at \(width)×\(height)")
                #expect(lines[height - 1].hasPrefix(" Enter"), "the alert's hint at \(width)×\(height)")
                let layout = ScreenRenderer.alertLayout(alert, over: state, width: width, height: height)
                guard layout.fits else { continue }
                #expect(layout.top + layout.height <= height - 2)
                // Every cell the alert styles lies inside its box.
                for y in 0..<(height - 2) {
                    for x in 0..<width where canvas[x, y].style != .dimmed {
                        #expect((layout.left..<(layout.left + layout.width)).contains(x) && (layout.top..<(layout.top + layout.height)).contains(y),
                                "a cell of the alert outside its box at \(x),\(y) on \(width)×\(height)")
                    }
                }
            }
        }
    }

    /// Below the smallest size that holds the buttons: one centred line, the footer kept, and
    /// the keys still answered.
    @Test func aScreenTooSmallAsksForALargerTerminal() throws {
        let state = try state(latest: "2.0.0")
        let canvas = ScreenRenderer.render(state, width: 50, height: 6)
        let lines = rows(canvas)
        let request = "알림을 보려면 터미널을 더 크게 해 주세요"
        #expect(lines[1].trimmingWhitespace() == request, "centred in the four rows above the footer")
        #expect(lines[1].hasPrefix(String(repeating: " ", count: (50 - DisplayWidth.of(request)) / 2) + "알"))
        #expect([0, 2, 3].allSatisfy { lines[$0].allSatisfy { $0 == " " } }, "nothing else above the footer")
        #expect(lines[4].hasPrefix(" 토스터 v1.9.0") && lines[5].hasPrefix(" Enter 업데이트 · Ctrl-C 앱 종료"))
        #expect(rows(ScreenRenderer.render(state, width: 20, height: 4))[0].trimmingWhitespace() == "알림을 보려면 터…", "cut with `…`")
        #expect(rows(ScreenRenderer.render(state, width: 40, height: 1))[0].hasPrefix(" 알림을 보려면"), "one row: the request alone")
        let (answered, _) = LaunchMachine.step(state, .terminal(.key(.enter)))
        #expect(answered.alert == nil && answered.externalApp != nil, "Enter still chooses 업데이트")
    }

    @Test func theHintNamesTheArrowsOfTheLayout() throws {
        let sideBySide = rows(ScreenRenderer.render(try state(latest: "1.10.0"), width: 80, height: 24))[23]
        #expect(sideBySide.hasPrefix(" Enter 선택 · Esc 다음에 · Ctrl-C 종료 · ←→ 이동"))
        for language in [Language.ko, .en, .ja] {
            let stacked = rows(ScreenRenderer.render(try state(latest: "1.10.0", rules: "default", language: language), width: 80, height: 24))[23]
            #expect(stacked.contains("↑↓") && !stacked.contains("←→"), "\(stacked)")
        }
    }

    /// While the scene receives no input, the hint says so instead of naming keys that do
    /// nothing: no `Enter`, no `q`.
    @Test func anInactiveSceneHintsNoKeys() throws {
        let forced = LaunchMachine.step(try state(latest: "2.0.0"), .terminal(.focusOut)).0
        #expect(forced.scene == .inactive)
        let hint = rows(ScreenRenderer.render(forced, width: 80, height: 24))[23]
        #expect(hint.hasPrefix(" 포커스가 없어 키를 받지 않아요 · Ctrl-C 종료"))
        let home = LaunchMachine.step(try state(latest: "1.9.0"), .terminal(.focusOut)).0
        let homeHint = rows(ScreenRenderer.render(home, width: 80, height: 24))[23]
        #expect(!homeHint.contains("Enter") && !homeHint.contains("q "), "\(homeHint)")
        let back = LaunchMachine.step(forced, .terminal(.focusIn)).0
        #expect(rows(ScreenRenderer.render(back, width: 80, height: 24))[23].hasPrefix(" Enter 업데이트"))
    }
}
