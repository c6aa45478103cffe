import Testing
@testable import ToasterCore

@Suite struct TextLayoutTests {
    @Test(arguments: [("토스터", 6), ("abc", 3), ("업데이트 알림", 13), ("é", 1), ("e\u{301}", 1), ("👍", 2), ("❤️", 2), ("日本", 4), ("\u{200B}", 0), ("1\u{FE0F}\u{20E3}", 2), ("a\tb\r\n", 2)])
    func measuresDisplayWidth(text: String, width: Int) {
        #expect(DisplayWidth.of(text) == width)
    }

    @Test func sanitizerRemovesControlsAndKeepsLayout() {
        let hostile = "A\u{1b}]0;pwned\u{07}B\u{9b}31mC\u{7f}D\u{202e}E\u{2066}F\r\nG\tH"
        let clean = TextSanitizer.clean(hostile)
        #expect(clean == "A]0;pwnedB31mCDEF\nG    H")
        #expect(!clean.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
        #expect(TextSanitizer.cleanLine("a\nb") == "a b")
    }

    @Test func wrapsByDisplayWidthWithoutSplittingCharacters() {
        let lines = TextWrapper.wrap("토스터의 새로운 기능을 이용하기 위해서는", width: 10)
        #expect(lines.allSatisfy { DisplayWidth.of($0) <= 10 })
        #expect(lines.joined(separator: " ") == "토스터의 새로운 기능을 이용하기 위해서는")
        #expect(TextWrapper.wrap("가나다라마바", width: 5) == ["가나", "다라", "마바"])
        #expect(TextWrapper.wrap("a\n\nb", width: 4) == ["a", "", "b"])
    }

    @Test func canvasNeverCutsAWideCharacter() {
        var canvas = Canvas(width: 5, height: 1)
        #expect(canvas.put("토스터", x: 0, y: 0, style: .backdrop) == 4)
        #expect(canvas.text(row: 0) == "토스 ")
        canvas.put("x", x: 1, y: 0, style: .backdrop)
        #expect(canvas.text(row: 0) == " x스 ")
        canvas.put("가", x: -1, y: 0, style: .backdrop)
        #expect(canvas.text(row: 0) == " x스 ")
    }

    @Test func renderedAlertIsCentredAndAligned() throws {
        var state = AppState(configuration: LaunchConfiguration(appVersion: "1.0.0", sourceName: "demo"))
        state = LaunchMachine.step(LaunchMachine.step(state, .launch).0, .timerFired(.launchScreen)).0
        let report = try UpdateDecider(appID: "1").decide(current: "1.0.0", answer: SourceAnswer(latestVersion: "2.0.0"), now: .init())
        state = LaunchMachine.step(state, .checkCompleted(.decided(report))).0
        #expect(ScreenRenderer.render(state, width: 80, height: 24)[0, 0].style == .dimmed, "the home under the alert is dimmed")
        for (width, height) in [(80, 24), (40, 12), (30, 8), (200, 50)] {
            let canvas = ScreenRenderer.render(state, width: width, height: height)
            let rows = (0..<height).map { canvas.text(row: $0) }
            let top = try #require(rows.firstIndex { $0.contains("┌") })
            let bottom = try #require(rows.firstIndex { $0.contains("└") })
            #expect(rows.joined().contains("[ 업데이트 ]"), "buttons stay at \(width)×\(height)")
            let edges = rows[top...bottom].map { row -> [Int] in
                let left = row.firstIndex { "┌│├└".contains($0) }.map { DisplayWidth.of(row[..<$0]) } ?? -1
                let right = row.lastIndex { "┐│┤┘".contains($0) }.map { DisplayWidth.of(row[..<$0]) } ?? -1
                return [left, right]
            }
            #expect(Set(edges).count == 1, "rows \(top)…\(bottom) are misaligned at \(width)×\(height): \(edges)")
            #expect(abs(edges[0][0] - (width - 1 - edges[0][1])) <= 1, "centred")
        }
    }

    /// The hint names the ways out of each alert: Ctrl-C on a forced one, with its one button
    /// as the payload titles it; Esc and Ctrl-C first on an optional one.
    @Test func alertHintsSayHowToLeave() throws {
        func hint(latest: String, texts: AlertTextOverride? = nil, language: Language = .ko) throws -> String {
            var state = AppState(configuration: LaunchConfiguration(appVersion: "1.9.0", sourceName: "demo", language: language))
            state = LaunchMachine.step(LaunchMachine.step(state, .launch).0, .timerFired(.launchScreen)).0
            let report = try UpdateDecider(appID: "1", language: language).decide(
                current: "1.9.0", answer: SourceAnswer(latestVersion: latest, texts: texts), now: .init())
            state = LaunchMachine.step(state, .checkCompleted(.decided(report))).0
            return ScreenRenderer.render(state, width: 80, height: 24).text(row: 23)
        }
        #expect(try hint(latest: "2.0.0").hasPrefix(" Enter 업데이트 · Ctrl-C 앱 종료"))
        #expect(try hint(latest: "2.0.0", texts: AlertTextOverride(buttonTitle: "지금 받기")).hasPrefix(" Enter 지금 받기 · Ctrl-C"))
        #expect(try hint(latest: "1.10.0").hasPrefix(" Enter 선택 · Esc 다음에 · Ctrl-C 종료"))
        #expect(try hint(latest: "1.10.0", language: .ja).hasPrefix(" Enter 選択 · Esc あとで · Ctrl-C 終了"))
    }

    /// A source without a name for the app (Remote Config, a CMS) leaves the App Store page
    /// the app's name in the UI's language.
    @Test(arguments: [(Language.ko, "토스터"), (.en, "Toaster"), (.ja, "トースター")])
    func storePageNamesTheAppInTheLanguageWhenTheSourceDoesNot(language: Language, name: String) throws {
        var state = AppState(configuration: LaunchConfiguration(appVersion: "1.0.0", sourceName: "remote-config", language: language))
        state = LaunchMachine.step(LaunchMachine.step(state, .launch).0, .timerFired(.launchScreen)).0
        let report = try UpdateDecider(appID: "1", language: language).decide(
            current: "1.0.0", answer: SourceAnswer(latestVersion: "2.0.0", listing: StoreListing(appName: nil, version: "2.0.0")), now: .init())
        state = LaunchMachine.step(state, .checkCompleted(.decided(report))).0
        state = LaunchMachine.step(state, .terminal(.key(.enter))).0
        let canvas = ScreenRenderer.render(state, width: 80, height: 24)
        #expect(canvas.text(row: 2).hasPrefix("  " + name), "\(canvas.text(row: 2))")
    }

    /// Below 20×6 the screens cannot show everything, but no size may crash the renderer.
    @Test func everyScreenRendersAtEverySmallSize() throws {
        let configuration = LaunchConfiguration(appVersion: "1.9.0", sourceName: "demo")
        let report = try UpdateDecider(appID: "1").decide(
            current: "1.9.0", answer: SourceAnswer(latestVersion: "1.10.0", listing: StoreListing(appName: "토스터", version: "1.10.0", releaseNotes: "• 새 기능")),
            now: .init())
        var states: [AppState] = []
        var state = AppState(configuration: configuration)
        for event: AppEvent in [.launch, .timerFired(.launchScreen), .checkCompleted(.decided(report)), .terminal(.key(.enter)), .terminal(.key(.enter))] {
            state = LaunchMachine.step(state, event).0
            states.append(state)
        }
        for state in states {
            for width in 0...24 {
                for height in 0...8 {
                    let canvas = ScreenRenderer.render(state, width: width, height: height)
                    #expect(canvas.cells.count == width * height)
                }
            }
        }
    }
}
