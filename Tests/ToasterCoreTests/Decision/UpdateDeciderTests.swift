import FoundationEssentials
import Testing
@testable import ToasterCore

@Suite struct UpdateDeciderTests {
    let decider = UpdateDecider(appID: "42")
    let now = Date(timeIntervalSince1970: 1_700_000_000)

    private func decide(_ current: String, _ answer: SourceAnswer, rules: UpdateRules = .seed) throws -> DecisionReport {
        try UpdateDecider(rules: rules, appID: "42").decide(current: current, answer: answer, now: now)
    }

    @Test(arguments: [
        ("1.0.0", "2.0.0", Decision.forced, DecisionReason.major, AlertType?.some(.forceUpdate)),
        ("1.9.0", "1.10.0", .optional, .minor, .noticeFeatUpdate),
        ("1.2.3", "1.2.4", .optional, .patch, .noticeUpdate),
        ("1.2.3.4", "1.2.3.5", .none, .revision, nil),
        ("2.0.0", "2.0.0", .none, .upToDate, nil),
        ("2.1.0", "2.0.0", .none, .upToDate, nil),
    ])
    func followsTheDefaultTable(current: String, latest: String, decision: Decision, reason: DecisionReason, type: AlertType?) throws {
        let report = try decide(current, SourceAnswer(latestVersion: latest))
        #expect(report.decision == decision)
        #expect(report.reason == reason)
        #expect(report.alert?.type == type)
        #expect(report.updateURL == "itms-apps://itunes.apple.com/app/id42")
    }

    @Test func nothingToCompareIsNoDecision() throws {
        let report = try decide("1.0.0", SourceAnswer())
        #expect(report.decision == .none)
        #expect(report.reason == .nothingToCompare)
        #expect(report.alert == nil)
    }

    @Test func belowMinimumRequiredIsForcedEvenWithoutALatestVersion() throws {
        let report = try decide("1.4.9", SourceAnswer(minimumRequiredVersion: "1.5.0"))
        #expect(report.decision == .forced)
        #expect(report.reason == .belowMinimumRequired)
        let atMinimum = try decide("1.5", SourceAnswer(latestVersion: "1.5.1", minimumRequiredVersion: "1.5.0"))
        #expect(atMinimum.reason == .patch)
    }

    @Test func forcedRangeInsideItsWindowWinsWithThePayloadTexts() throws {
        let range = ForcedRange(minAppVersion: "1.0.0", maxAppVersion: "2.9.9",
                                start: now.addingTimeInterval(-60), end: now.addingTimeInterval(60))
        let texts = AlertTextOverride(title: "アップデートのお願い", message: "現在のバージョンではご利用いただけません。", buttonTitle: "アップデートする")
        let report = try decide("2.0.0", SourceAnswer(latestVersion: "2.0.0", forcedRange: range, texts: texts, updateURL: "https://blog.microcms.io/"))
        #expect(report.decision == .forced)
        #expect(report.reason == .forcedRange)
        #expect(report.alert?.title == "アップデートのお願い")
        #expect(report.alert?.buttonTitles == ["アップデートする"])
        #expect(report.updateURL == "https://blog.microcms.io/")
    }

    @Test(arguments: [("0.9.9", -60.0, 60.0), ("3.0.0", -60, 60), ("2.0.0", 10, 60), ("2.0.0", -60, -10)])
    func forcedRangeOutsideVersionsOrWindowDoesNotForce(current: String, start: Double, end: Double) throws {
        let range = ForcedRange(minAppVersion: "1.0.0", maxAppVersion: "2.9.9",
                                start: now.addingTimeInterval(start), end: now.addingTimeInterval(end))
        #expect(try decide(current, SourceAnswer(forcedRange: range)).decision == .none)
    }

    @Test func rulesChangeThePerKindOutcome() throws {
        let rules = try UpdateRules(parsing: "major=option,patch=none,revision=force")
        #expect(try decide("1.0.0", SourceAnswer(latestVersion: "2.0.0"), rules: rules).decision == .optional)
        #expect(try decide("1.0.0", SourceAnswer(latestVersion: "2.0.0"), rules: rules).alert?.type == .noticeFeatUpdate)
        #expect(try decide("1.0.0", SourceAnswer(latestVersion: "1.0.1"), rules: rules).decision == .none)
        #expect(try decide("1.0.0.0", SourceAnswer(latestVersion: "1.0.0.1"), rules: rules).decision == .forced)
        #expect(try decide("1.0.0", SourceAnswer(latestVersion: "1.1.0"), rules: rules).decision == .optional)
    }

    @Test(arguments: ["major", "major=", "epoch=force", "minor=maybe", "major=force,,x"])
    func rejectsUnreadableRules(text: String) {
        #expect(throws: RulesError.self) { try UpdateRules(parsing: text) }
    }

    @Test func invalidVersionsNameTheirField() {
        #expect(throws: DecisionError.self) { try decide("1.0.x", SourceAnswer(latestVersion: "2.0.0")) }
        do {
            _ = try decide("1.0.0", SourceAnswer(latestVersion: "latest"))
            Issue.record("expected an error")
        } catch {
            #expect("\(error)".hasPrefix("the latest version: invalid version \"latest\""))
        }
    }
}
