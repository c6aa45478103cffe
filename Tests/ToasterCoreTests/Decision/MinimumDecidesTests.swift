import FoundationEssentials
import Testing
@testable import ToasterCore

/// Where the answer names a minimum (a minimum required version, a forced window), only the
/// minimum forces: a newer latest version is optional of its kind, unless rules are given.
@Suite struct MinimumDecidesTests {
    let now = ISO8601.parse("2026-11-22T09:00:00Z")!

    private func decide(_ current: String, _ answer: SourceAnswer, rules: UpdateRules? = nil) throws -> DecisionReport {
        try UpdateDecider(rules: rules, appID: "42").decide(current: current, answer: answer, now: now)
    }

    private func remoteConfig(latest: String, minimum: String) -> SourceAnswer {
        var answer = SourceAnswer(latestVersion: latest, minimumRequiredVersion: minimum)
        answer.minimumName = "min_required_version"
        answer.latestName = "latest_version"
        return answer
    }

    @Test(arguments: [
        ("1.9.0", "2.0.0", AlertType.noticeFeatUpdate, "major"),
        ("1.9.0", "1.10.0", .noticeFeatUpdate, "minor"),
        ("1.9.0", "1.9.1", .noticeUpdate, "patch"),
    ])
    func aNewerLatestVersionAboveTheMinimumIsOptionalOfItsKind(current: String, latest: String, type: AlertType, kind: String) throws {
        let report = try decide(current, remoteConfig(latest: latest, minimum: "1.5.0"))
        #expect(report.decision == .optional)
        #expect(report.reason == .newerLatestVersion)
        #expect(report.alert?.type == type)
        #expect(report.why == "\(current) is not below the minimum 1.5.0 (min_required_version), and only the minimum forces: "
                + "the latest version \(latest) (latest_version) is a \(kind) update, so the check offers a \(kind) update as optional (--rules changes that)")
    }

    @Test func belowTheMinimumIsForcedAndNamesIt() throws {
        let report = try decide("1.9.0", remoteConfig(latest: "2.0.0", minimum: "2.0.0"))
        #expect(report.decision == .forced)
        #expect(report.reason == .belowMinimumRequired)
        #expect(report.why == "1.9.0 is below the minimum 2.0.0 (min_required_version): the minimum decides who is forced")
        #expect(report.json.serialized().contains(#""reason":"belowMinimumRequired","why":"1.9.0 is below the minimum 2.0.0 (min_required_version): "#))
        #expect(report.text.hasPrefix("decision: forced (belowMinimumRequired)\nwhy: 1.9.0 is below the minimum 2.0.0 (min_required_version)"))
    }

    @Test func aRevisionStaysSilent() throws {
        let report = try decide("1.9.0", remoteConfig(latest: "1.9.0.1", minimum: "1.5.0"))
        #expect(report.decision == .none)
        #expect(report.reason == .revision)
    }

    @Test func explicitRulesStillDecideByKind() throws {
        let report = try decide("1.9.0", remoteConfig(latest: "2.0.0", minimum: "1.5.0"), rules: .seed)
        #expect(report.decision == .forced)
        #expect(report.reason == .major)
        #expect(report.why == "the latest version 2.0.0 (latest_version) is a major update, and --rules forces a major update")
    }

    @Test func aForcedWindowIsAMinimumToo() throws {
        let range = ForcedRange(minAppVersion: "1.0.0", maxAppVersion: "1.4.9", start: nil, end: nil)
        let report = try decide("1.9.0", SourceAnswer(latestVersion: "2.0.0", forcedRange: range))
        #expect(report.decision == .optional)
        #expect(report.why.hasPrefix("1.9.0 is outside the forced window 1.0.0…1.4.9, and only the minimum forces: the latest version 2.0.0 is a major update"))
        let inside = try decide("1.2.0", SourceAnswer(latestVersion: "2.0.0", forcedRange: range))
        #expect(inside.reason == .forcedRange)
        #expect(inside.why == "1.2.0 is inside the forced window 1.0.0…1.4.9, open now: the forced window decides who is forced")
    }

    @Test func withoutAMinimumTheReferenceTableStandsAndSaysSo() throws {
        var answer = SourceAnswer(latestVersion: "2.0.0")
        answer.latestName = "the App Store"
        let report = try decide("1.9.0", answer)
        #expect(report.decision == .forced)
        #expect(report.reason == .major)
        #expect(report.why == "the latest version 2.0.0 (the App Store) is a major update, and with no minimum in the answer the reference app's table forces a major update")
    }

    /// A Remote Config or CMS answer that names no minimum (its key absent, misspelt, or left
    /// to the app) forces nobody, and says so; a store's answer keeps the reference app's table.
    @Test func anUpdateServiceNamingNoMinimumForcesNobodyAndSaysSo() throws {
        var answer = SourceAnswer(latestVersion: "2.0.0")
        answer.minimumName = "min_required_version"
        answer.latestName = "latest_version"
        answer.origin = .updateService
        let report = try decide("1.9.0", answer)
        #expect(report.decision == .optional)
        #expect(report.reason == .newerLatestVersion)
        #expect(report.alert?.type == .noticeFeatUpdate)
        #expect(report.why == "The answer names no minimum (min_required_version), and only a named minimum forces: the latest version 2.0.0 "
                + "(latest_version) is a major update, so the check offers a major update as optional (--rules changes that)")
        #expect(report.notices == ["the answer names no minimum (min_required_version): it forces nobody, and a newer latest version is at most optional"])
        #expect(try decide("1.9.0", answer, rules: .seed).decision == .forced, "--rules given still decide")
        answer.origin = .store
        #expect(try decide("1.9.0", answer).decision == .forced, "the App Store lookup's and the demo store's major-forces row")
    }

    @Test func upToDateAndNothingToCompareSayTheMinimumToo() throws {
        #expect(try decide("2.0.0", remoteConfig(latest: "2.0.0", minimum: "1.5.0")).why
                == "2.0.0 is not older than the latest version 2.0.0 (latest_version), and not below the minimum 1.5.0 (min_required_version)")
        #expect(try decide("2.0.0", SourceAnswer(minimumRequiredVersion: "1.5.0")).why
                == "2.0.0 is not below the minimum 1.5.0, and the answer names no latest version to compare it with")
        #expect(try decide("2.0.0", SourceAnswer()).why == "The answer names no latest version to compare it with")
    }

    @Test func theServicesTextsAreTheForcedAlertsOnly() throws {
        var answer = remoteConfig(latest: "2.0.0", minimum: "1.5.0")
        answer.texts = AlertTextOverride(title: "Update needed", message: "This version is no longer supported.")
        #expect(try decide("1.0.0", answer).alert?.message == "This version is no longer supported.")
        let optional = try decide("1.9.0", answer)
        #expect(optional.alert?.type == .noticeFeatUpdate)
        #expect(optional.alert?.message == UIStrings.korean.message(.noticeFeatUpdate))
    }

    @Test func theTraceCarriesTheSentence() throws {
        let report = try decide("1.9.0", remoteConfig(latest: "2.0.0", minimum: "2.0.0"))
        let line = TraceEvent.versionCheck(source: "remote-config", current: "1.9.0", latest: "2.0.0", decision: report.decision,
                                           reason: report.reason, why: report.why).traceLine(milliseconds: 0)
        #expect(line.hasSuffix(#""reason":"belowMinimumRequired","why":"1.9.0 is below the minimum 2.0.0 (min_required_version): the minimum decides who is forced"}"#))
    }
}
