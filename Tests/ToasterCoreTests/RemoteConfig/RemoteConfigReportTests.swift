import FoundationEssentials
import Testing
@testable import ToasterCore

/// What `check` and the trace say of a template: per key the value, the condition that gave
/// it and the template's version; each group of devices decided when the percentile splits them.
@Suite struct RemoteConfigReportTests {
    struct NoZones: TimeZoneRules {
        func secondsFromUTC(zone: String, at instant: Date) -> Int? { nil }
    }

    let now = ISO8601.parse("2026-11-22T09:00:00Z")!
    let template: RemoteConfigTemplate

    init() throws {
        template = try RemoteConfigTemplate(reading: JSONTree.parse(Array("""
            {"conditions": [{"name": "jp_ios_old", "expression": "device.os == 'ios' && device.country in ['jp'] && app.version.<(['2.0.0'])"},
                            {"name": "rollout", "expression": "percent <= 10"}],
             "parameters": {"min_required_version": {"defaultValue": {"value": "1.0.0"}, "conditionalValues": {"jp_ios_old": {"value": "2.0.0"}}},
                            "latest_version": {"defaultValue": {"value": "1.9.0"}, "conditionalValues": {"rollout": {"value": "2.1.0"}}}},
             "version": {"versionNumber": "42"}}
            """.utf8)), versionKeys: .default)
    }

    private func decide(country: String, percentile: Int?) throws -> DecisionReport {
        let device = RemoteConfigDevice(appVersion: "1.9.0", country: country, microPercentile: percentile, now: now)
        let report = try template.evaluate(keys: .default, device: device, zones: NoZones())
        let chosen = report.chosen
        var answer = SourceAnswer(latestVersion: chosen.value(of: "latest_version"), minimumRequiredVersion: chosen.value(of: "min_required_version"))
        answer.remoteConfig = report
        return try UpdateDecider(appID: "42").decide(current: "1.9.0", answer: answer, now: now)
    }

    @Test func textNamesTheConditionAndItsExpression() throws {
        let report = try decide(country: "jp", percentile: 50_000_000)
        #expect(report.decision == .forced)
        #expect(report.text.hasSuffix("""
            remoteConfig: template version 42, percentile 50
              min_required_version = 2.0.0 (condition jp_ios_old: device.os == 'ios' && device.country in ['jp'] && app.version.<(['2.0.0']))
              latest_version = 1.9.0 (default)
              force_update_store_url: not in the template
            """))
    }

    @Test func jsonCarriesTheTemplateVersionAndEachKey() throws {
        let json = try decide(country: "jp", percentile: 50_000_000).json.serialized()
        #expect(json.hasSuffix(#""remoteConfig":{"templateVersion":"42","percentile":50,"parameters":{"#
            + #""min_required_version":{"value":"2.0.0","condition":"jp_ios_old","expression":"device.os == 'ios' && device.country in ['jp'] && app.version.<(['2.0.0'])"},"#
            + #""latest_version":{"value":"1.9.0","condition":"default","expression":null},"#
            + #""force_update_store_url":{"value":null,"condition":null,"expression":null}}}}"#))
    }

    @Test func eachGroupOfDevicesIsDecided() throws {
        let report = try decide(country: "kr", percentile: nil)
        let remoteConfig = try #require(report.remoteConfig)
        #expect(remoteConfig.outcomes.map(\.share) == [90, 10])
        #expect(remoteConfig.outcomes.map(\.decision) == [Decision.none, .optional],
                "1.9.0 is up to date for 90 %; 10 % get 2.1.0, a major update, which the minimum of 1.0.0 leaves optional")
        #expect(report.decision == .optional, "the most severe group's decision, though its share is the smaller")
        #expect(report.remoteConfig?.chosen.value(of: "latest_version") == "2.1.0")
        #expect(report.text.contains("""
            remoteConfig: template version 42; depends on the percentile: 2 outcomes, the decision above is the most severe one's (--percentile N pins one device)
              90% of devices: none
                min_required_version = 1.0.0 (default)
                latest_version = 1.9.0 (default)
            """))
        #expect(report.text.contains("  10% of devices: optional\n    min_required_version = 1.0.0 (default)\n    latest_version = 2.1.0 (condition rollout: percent <= 10)"))
        #expect(report.json.serialized().contains(#""outcomes":[{"share":90,"decision":"none","parameters":{"#))
    }

    /// A canary minimum for 10 % forces them: the decision (and `check --exit-code`) is the
    /// most severe group's, the text and JSON still list both groups with their shares.
    @Test func theMostSevereGroupDecides() throws {
        let canary = try RemoteConfigTemplate(reading: JSONTree.parse(Array("""
            {"conditions": [{"name": "canary", "expression": "percent <= 10"}],
             "parameters": {"min_required_version": {"defaultValue": {"value": "1.0.0"}, "conditionalValues": {"canary": {"value": "2.0.0"}}},
                            "latest_version": {"defaultValue": {"value": "2.0.0"}}}}
            """.utf8)), versionKeys: .default)
        let report = try canary.evaluate(keys: .default, device: RemoteConfigDevice(appVersion: "1.9.0", now: now), zones: NoZones())
        var answer = SourceAnswer().given(report.chosen, keys: .default)
        answer.remoteConfig = report
        answer.origin = .updateService
        let decided = try UpdateDecider(appID: "42").decide(current: "1.9.0", answer: answer, now: now)
        #expect(decided.decision == .forced)
        #expect(decided.reason == .belowMinimumRequired)
        #expect(decided.why == "1.9.0 is below the minimum 2.0.0 (min_required_version, condition canary): the minimum decides who is forced")
        let outcomes = try #require(decided.remoteConfig?.outcomes)
        #expect(outcomes.map(\.share) == [90, 10])
        #expect(outcomes.map(\.decision) == [.optional, .forced])
        #expect(decided.text.contains("  90% of devices: optional\n"))
        #expect(decided.text.contains("  10% of devices: forced\n"))
        #expect(decided.json.serialized().contains(#""parameters":{"min_required_version":{"value":"2.0.0","condition":"canary""#),
                "the top-level parameters are the deciding group's")
    }

    @Test func theTraceCarriesTheSame() throws {
        let report = try decide(country: "jp", percentile: 0)
        let event = TraceEvent.versionCheck(source: "remote-config", current: "1.9.0", latest: "1.9.0", decision: report.decision,
                                            reason: report.reason, remoteConfig: report.remoteConfig)
        let line = event.traceLine(milliseconds: 0)
        #expect(line.hasPrefix(#"{"t":0,"event":"versionCheck","source":"remote-config","current":"1.9.0","latest":"1.9.0","decision":"forced","#))
        #expect(line.contains(#""remoteConfig":{"templateVersion":"42","percentile":0,"parameters":{"min_required_version":{"value":"2.0.0","condition":"jp_ios_old""#))
    }

    @Test func aReportWithoutATemplateIsWrittenAsBefore() throws {
        let report = try UpdateDecider(appID: "42").decide(current: "1.9.0", answer: SourceAnswer(latestVersion: "2.0.0"), now: now)
        #expect(!report.json.serialized().contains("remoteConfig"))
        #expect(report.json.serialized().hasSuffix(#""notices":[],"deadEnd":false}"#), "deadEnd is the one field issue 41 adds")
        #expect(!report.text.contains("remoteConfig"))
        let line = TraceEvent.versionCheck(source: "demo", current: "1.9.0", latest: "2.0.0", decision: .forced, reason: .major).traceLine(milliseconds: 5)
        #expect(line == #"{"t":5,"event":"versionCheck","source":"demo","current":"1.9.0","latest":"2.0.0","decision":"forced","reason":"major"}"#)
    }
}
