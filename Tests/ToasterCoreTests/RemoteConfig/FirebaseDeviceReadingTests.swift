import FoundationEssentials
import Testing
@testable import ToasterCore

/// The device as Firebase reads it: a language condition without a region holds for every
/// region of the language, and a rollout's value reaches its share of the devices its condition
/// holds for, listed as outcomes like a percent condition's.
@Suite struct FirebaseDeviceReadingTests {
    struct NoZones: TimeZoneRules {
        func secondsFromUTC(zone: String, at instant: Date) -> Int? { nil }
    }

    let now = ISO8601.parse("2026-11-22T09:00:00Z")!

    private func device(language: String? = nil, percentile: Int? = nil) -> RemoteConfigDevice {
        RemoteConfigDevice(appVersion: "1.9.0", country: "us", language: language, microPercentile: percentile, now: now)
    }

    private func read(_ json: String) throws -> RemoteConfigTemplate {
        try RemoteConfigTemplate(reading: JSONTree.parse(Array(json.utf8)), versionKeys: .default)
    }

    // MARK: Languages

    @Test(arguments: [
        // The console writes bare codes; an iPhone reports its region too.
        ("de", "de-DE", true), ("de", "de_AT", true), ("de", "DE-ch", true), ("de", "de", true),
        ("zh", "zh-Hant-TW", true), ("zh", "zh_Hans_CN", true), ("zh-Hant", "zh-Hant-TW", true),
        ("en", "en-US", true), ("ja", "ja_JP", true),
        // A region-specific target stays exact.
        ("de-DE", "de-DE", true), ("de_DE", "de-de", true), ("de-DE", "de-AT", false), ("de-DE", "de", false),
        ("zh-TW", "zh-Hant-TW", false), ("pt-BR", "pt-PT", false),
        // A prefix of letters is not a language.
        ("d", "de-DE", false), ("de", "dede", false), ("en", "eng", false),
    ])
    func aLanguageWithoutARegionHoldsForEachOfItsRegions(target: String, deviceLanguage: String, holds: Bool) throws {
        let rule = try #require(ConditionExpression(parsing: "device.language in ['\(target)']").rules.first)
        #expect(try rule.holds(on: device(language: deviceLanguage), percentiles: [:], zones: NoZones()) == holds)
    }

    @Test func aRealTemplatesLanguageConditionGivesItsValue() throws {
        let template = try read("""
            {"conditions": [{"name": "german", "expression": "device.os == 'ios' && device.language in ['de', 'fr']"}],
             "parameters": {"min_required_version": {"defaultValue": {"value": "1.0.0"}, "conditionalValues": {"german": {"value": "2.0.0"}}}}}
            """)
        for (language, minimum) in [("de-DE", "2.0.0"), ("de_AT", "2.0.0"), ("fr-CA", "2.0.0"), ("en-US", "1.0.0")] {
            let report = try template.evaluate(keys: .default, device: device(language: language), zones: NoZones())
            #expect(report.chosen.value(of: "min_required_version") == minimum, "\(language)")
        }
    }

    // MARK: Rollouts

    /// Firebase's REST `RemoteConfig` resource: a conditional value may be a `rolloutValue`
    /// (`rolloutId`, `value`, `percent`).
    static let rolloutTemplate = """
        {"conditions": [{"name": "ios", "expression": "device.os == 'ios'"}],
         "parameters": {
           "min_required_version": {"defaultValue": {"value": "1.5.0"}},
           "latest_version": {"defaultValue": {"value": "2.0.0"},
                              "conditionalValues": {"ios": {"rolloutValue": {"rolloutId": "rollout_1", "value": "2.1.0", "percent": 10}}}},
           "welcome": {"defaultValue": {"value": "hi"}}},
         "version": {"versionNumber": "9"}}
        """

    @Test func aRolloutGivesItsValueToItsShareAndTheRestFallThrough() throws {
        let report = try read(Self.rolloutTemplate).evaluate(keys: .default, device: device(), zones: NoZones())
        #expect(report.outcomes.map(\.share) == [90, 10])
        #expect(report.outcomes.map { $0.value(of: "latest_version") } == ["2.0.0", "2.1.0"])
        #expect(report.outcomes.map { $0.value(of: "min_required_version") } == ["1.5.0", "1.5.0"], "only the key that uses the rollout is split")
        let rolledOut = try #require(report.outcomes[1].choices.first { $0.key == "latest_version" })
        #expect(rolledOut.condition == "ios")
        #expect(rolledOut.rollout == "rollout_1")
        #expect(report.json.serialized().contains(#""latest_version":{"value":"2.1.0","condition":"ios","expression":"device.os == 'ios'","rollout":"rollout_1"}"#))
        #expect(report.textLines.contains("    latest_version = 2.1.0 (condition ios: device.os == 'ios', rollout rollout_1)"))
    }

    @Test func aPinnedPercentilePlacesTheDeviceInOrOutOfTheRollout() throws {
        let template = try read(Self.rolloutTemplate)
        let inside = try template.evaluate(keys: .default, device: device(percentile: 10_000_000), zones: NoZones())
        #expect(inside.chosen.value(of: "latest_version") == "2.1.0")
        let outside = try template.evaluate(keys: .default, device: device(percentile: 10_000_001), zones: NoZones())
        #expect(outside.chosen.value(of: "latest_version") == "2.0.0")
    }

    @Test func aRolloutElsewhereSplitsNothingTheCheckReads() throws {
        let template = try read("""
            {"conditions": [{"name": "all", "expression": "true"}],
             "parameters": {"min_required_version": {"defaultValue": {"value": "1.5.0"}},
                            "new_checkout": {"defaultValue": {"value": "false"},
                                             "conditionalValues": {"all": {"rolloutValue": {"rolloutId": "r", "value": "true", "percent": 50}}}}}}
            """)
        let report = try template.evaluate(keys: .default, device: device(), zones: NoZones())
        #expect(!report.dependsOnPercentile)
        #expect(template.rolloutIDs == ["r"])
    }

    @Test func theFetchAnswerReachesTheRolloutByTheDevicesOwnPercentile() throws {
        let template = try read(Self.rolloutTemplate)
        var device = self.device()
        device.rolloutPercentiles = ["rollout_1": 9_999_999]
        #expect(try template.entries(device: device, zones: NoZones())["latest_version"] == "2.1.0")
        device.rolloutPercentiles = ["rollout_1": 50_000_000]
        #expect(try template.entries(device: device, zones: NoZones())["latest_version"] == "2.0.0")
        device.rolloutPercentiles = [:]
        #expect(try template.entries(device: device, zones: NoZones())["latest_version"] == "2.0.0", "a rollout the device has no place in does not reach it")
    }

    @Test func aRolloutPromptsItsShareAndTheMinimumStillDecidesWhoIsForced() throws {
        let report = try read(Self.rolloutTemplate).evaluate(keys: .default, device: device(), zones: NoZones())
        var answer = SourceAnswer(latestVersion: report.chosen.value(of: "latest_version"), minimumRequiredVersion: report.chosen.value(of: "min_required_version"))
        answer.remoteConfig = report
        let decided = try UpdateDecider(appID: "42").decide(current: "2.0.0", answer: answer, now: now)
        #expect(decided.decision == .optional, "the most severe group's: the rollout's share is offered its version")
        #expect(decided.remoteConfig?.outcomes.map(\.decision) == [Decision.none, .optional])
    }
}
