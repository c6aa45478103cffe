import Foundation
import Testing
import ToasterTestSupport

/// Answers remembered across launches: later, skip, and the forced decision offline.
@Suite(.offThePool) struct RememberedChoicesTests {
    /// Launches, waits for the optional alert, answers it with `keys`, quits from home.
    private func answerOptionalAlert(_ arguments: [String], keys: [String]) throws {
        let app = try ToasterApp(arguments)
        try app.terminal.waitFor(ToasterApp.optionalTitle)
        for key in keys { try app.terminal.press(key) }
        try app.terminal.waitForGone(ToasterApp.optionalTitle)
        try app.terminal.press("q")
        #expect(try app.waitForExit() == 0)
    }

    private func heldBackGates(_ app: ToasterApp) throws -> [String] {
        try app.trace.events().compactMap { $0["heldBackBy"] as? String }
    }

    @Test func laterHoldsAPersistentRulesAlertBackForADay() throws {
        let state = try StateFolder()
        let base = ["--rules", "persistent", "--app-version", "1.9.0", "--store-version", "1.10.0", "--state-dir", state.path]
        try answerOptionalAlert(base + ["--now", "2026-11-22T09:00:00Z"], keys: ["Escape"])

        let sameDay = try ToasterApp(base + ["--now", "2026-11-22T20:00:00Z"])
        let screen = try sameDay.terminal.waitFor("» 2026-11-22T09:00:00Z에 보였어요 · 다음은 2026-11-23T09:00:00Z 이후")
        #expect(!screen.contains(ToasterApp.optionalTitle))
        #expect(try heldBackGates(sameDay) == ["frequency"])
        #expect(try sameDay.trace.count("alertPresented NoticeFeatUpdate") == 0)

        let nextDay = try ToasterApp(base + ["--now", "2026-11-23T09:00:01Z"])
        try nextDay.terminal.waitFor(ToasterApp.optionalTitle)
        #expect(try heldBackGates(nextDay).isEmpty)
    }

    @Test func aSkippedVersionStaysAwayUntilANewerOneAndStateShowsIt() throws {
        let state = try StateFolder()
        let base = ["--rules", "default", "--app-version", "1.9.0", "--state-dir", state.path]
        let first = try ToasterApp(base + ["--store-version", "1.10.0", "--now", "2026-11-22T09:00:00Z"])
        try first.terminal.waitFor("이 버전 건너뛰기")
        try first.terminal.press("End")
        try first.terminal.waitFor("[ 이 버전 건너뛰기 ]")
        try first.terminal.press("Enter")
        try first.terminal.waitForGone(ToasterApp.optionalTitle)
        try first.trace.waitFor("the skip") { $0.contains("alertDismissed 이 버전 건너뛰기") }
        try first.terminal.press("q")
        #expect(try first.waitForExit() == 0)

        let shown = try Toolchain.run([Toolchain.toastercli, "state", "show", "--state-dir", state.path])
        #expect(shown.status == 0)
        #expect(shown.stdout.contains("skipped version: 1.10.0"), "\(shown.stdout)")

        let weekLater = try ToasterApp(base + ["--store-version", "1.10.0", "--now", "2026-11-30T09:00:00Z"])
        try weekLater.terminal.waitFor("» 1.10.0 버전은 건너뛰기로 했어요")
        #expect(try heldBackGates(weekLater) == ["skippedVersion"])
        #expect(try weekLater.trace.events().contains { $0["heldBackWhy"] as? String == "version 1.10.0 was skipped" }, "the trace stays English")
        for (locale, notice) in [("en", "» version 1.10.0 was skipped"), ("ja", "» バージョン 1.10.0 はスキップされました")] {
            let localized = try ToasterApp(base + ["--locale", locale, "--store-version", "1.10.0", "--now", "2026-11-30T09:00:00Z"])
            try localized.terminal.waitFor(notice)
        }

        let newer = try ToasterApp(base + ["--store-version", "1.11.0", "--now", "2026-11-30T09:00:00Z"])
        try newer.terminal.waitFor(ToasterApp.optionalTitle)

        let reset = try Toolchain.run([Toolchain.toastercli, "state", "reset", "--state-dir", state.path])
        #expect(reset.stdout.contains("forgot \(state.demoAppFile)"))
        let empty = try Toolchain.run([Toolchain.toastercli, "state", "show", "--state-dir", state.path])
        #expect(empty.stdout.contains("no remembered answers"))
    }

    @Test func aForcedPolicyStaysForcedWhenTheServiceIsDownUntilACheckLiftsIt() throws {
        let state = try StateFolder()
        let online = try ToasterApp(["--app-version", "1.0.0", "--store-version", "2.0.0", "--state-dir", state.path])
        try online.waitForForcedAlert()
        try online.terminal.press("C-c")
        #expect(try online.waitForExit() == 130)

        let down = ["--app-version", "1.0.0", "--source", "appstore", "--url", "http://127.0.0.1:9/lookup", "--timeout", "3",
                    "--state-dir", state.path]
        let offline = try ToasterApp(down)
        let screen = try offline.waitForForcedAlert()
        #expect(screen.contains("⚠"), "the status row still says the check failed")
        let events = try offline.trace.events()
        #expect(events.contains { $0["event"] as? String == "error" })
        #expect(events.contains { $0["reason"] as? String == "rememberedForced" && $0["decision"] as? String == "forced" })
        try offline.terminal.press("Escape")
        try offline.waitForForcedAlert()
        try offline.terminal.press("C-c")
        #expect(try offline.waitForExit() == 130)

        let lifted = try ToasterApp(["--app-version", "1.0.0", "--store-version", "1.0.0", "--state-dir", state.path])
        try lifted.terminal.waitFor("최신 버전입니다")
        try lifted.terminal.press("q")
        #expect(try lifted.waitForExit() == 0)

        let offlineAgain = try ToasterApp(down)
        let home = try offlineAgain.terminal.waitFor("⚠")
        #expect(!home.contains(ToasterApp.forcedTitle))
        #expect(try offlineAgain.trace.count("alertPresented ForceUpdate") == 0)
    }

    @Test func remoteConfigNoChangeAfterAForcedLaunchKeepsTheForcedAlert() throws {
        let state = try StateFolder()
        let answer = FileManager.default.temporaryDirectory.appendingPathComponent("rc-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: answer) }
        let arguments = ["--app-version", "1.0.0", "--source", "remote-config", "--url", answer.absoluteString, "--state-dir", state.path]
        try #"{"entries":{"min_required_version":"1.5.0","latest_version":"2.0.0"},"state":"UPDATE"}"#
            .write(to: answer, atomically: true, encoding: .utf8)
        let forced = try ToasterApp(arguments)
        try forced.waitForForcedAlert()
        try forced.terminal.press("C-c")
        #expect(try forced.waitForExit() == 130)

        try #"{"state":"NO_CHANGE"}"#.write(to: answer, atomically: true, encoding: .utf8)
        let unchanged = try ToasterApp(arguments)
        let screen = try unchanged.waitForForcedAlert()
        #expect(!screen.contains("⚠"), "NO_CHANGE is not a failed check")
        let events = try unchanged.trace.events()
        #expect(events.contains { $0["reason"] as? String == "rememberedForced" && $0["decision"] as? String == "forced" })
        #expect(!events.contains { $0["event"] as? String == "error" })
        try unchanged.terminal.press("C-c")
        #expect(try unchanged.waitForExit() == 130)
    }

    @Test func aCorruptStateFileIsReportedKeptAndReplaced() throws {
        let state = try StateFolder()
        try "{\"storeVersion\": 12".write(toFile: state.demoAppFile, atomically: true, encoding: .utf8)
        let app = try ToasterApp(["--app-version", "2.0.0", "--store-version", "2.0.0", "--state-dir", state.path])
        let screen = try app.terminal.waitFor("unreadable state file replaced")
        #expect(screen.contains("⚠"))
        #expect(try app.trace.events().contains { ($0["message"] as? String)?.contains("is not a state file") == true })
        try app.terminal.press("q")
        #expect(try app.waitForExit() == 0)
        #expect(FileManager.default.fileExists(atPath: state.demoAppFile + ".corrupt"))
        let replaced = try #require(FileManager.default.contents(atPath: state.demoAppFile))
        #expect(try JSONSerialization.jsonObject(with: replaced) is [String: Any])
    }
}
