import FoundationEssentials
import Testing
@testable import ToasterCore

/// Templates evaluated for a device: each element's truth, precedence by the order of
/// `conditions`, undefined values, percentiles pinned and split into shares, and the
/// template's own mistakes named by their place.
@Suite struct RemoteConfigEvaluationTests {
    /// Los Angeles at -8 h in winter and -7 h from the second Sunday of March 2017, 10:00 UTC.
    struct LosAngeles: TimeZoneRules {
        func secondsFromUTC(zone: String, at instant: Date) -> Int? {
            switch zone {
            case "America/Los_Angeles": instant < ISO8601.parse("2017-03-12T10:00:00Z")! ? -8 * 3600 : -7 * 3600
            case "Asia/Tokyo": 9 * 3600
            default: nil
            }
        }
    }

    let now = ISO8601.parse("2026-11-22T09:00:00Z")!
    let keys = RemoteConfigKeys.default

    private func device(_ change: (inout RemoteConfigDevice) -> Void = { _ in }) -> RemoteConfigDevice {
        var device = RemoteConfigDevice(appVersion: "1.9.0", build: "190", firebaseAppID: "1:1234567890:ios:abc", country: "JP",
                                        language: "ja", userProperties: ["tier": "gold", "level": "7"],
                                        customSignals: ["plan": "pro", "sdk": "1.10.0"], audiences: ["Buyers"],
                                        firstOpen: ISO8601.parse("2022-11-01T00:00:00Z"), installationID: "fid-1",
                                        microPercentile: 50_000_000, now: now)
        change(&device)
        return device
    }

    private func holds(_ expression: String, on device: RemoteConfigDevice) throws -> Bool? {
        let rules = try ConditionExpression(parsing: expression).rules
        var result: Bool? = true
        for rule in rules {
            guard let one = try rule.holds(on: device, percentiles: ["": device.microPercentile ?? 0, "seed": device.microPercentile ?? 0],
                                           zones: LosAngeles()) else { return nil }
            if !one { result = false }
        }
        return result
    }

    @Test(arguments: [
        ("true", true), ("false", false),
        ("device.os == 'ios'", true), ("device.os == 'iOS'", true), ("device.os == 'android'", false), ("device.os != 'android'", true),
        ("app.id == '1:1234567890:ios:abc'", true), ("app.id == '1:1234567890:android:abc'", false),
        ("app.version.>=(['1.9.0'])", true), ("app.version.>(['1.9'])", false), ("app.version.==(['1.9'])", true),
        ("app.version.<(['1.10.0'])", true), ("app.version.<(['1.5.0'])", false), ("app.version.!=(['1.9.0.0'])", false),
        ("app.version.<=(['1.9.0'])", true), ("app.build.>(['99'])", true), ("app.build.<(['1000'])", true),
        ("app.version.contains(['1.9', '3.0'])", true), ("app.version.contains(['3.0'])", false),
        ("app.version.notContains(['3.0'])", true), ("app.version.notContains(['1.'])", false),
        ("app.build.exactlyMatches(['190', '191'])", true), ("app.build.exactlyMatches(['19'])", false),
        (#"app.version.matches(['^1\\.9\\.\\d+$'])"#, true), ("app.version.matches(['^2'])", false), ("app.version.matches(['9'])", true),
        ("app.audiences.inAtLeastOne(['Buyers', 'Lapsed'])", true), ("app.audiences.inAtLeastOne(['Lapsed'])", false),
        ("app.audiences.notInAtLeastOne(['Buyers', 'Lapsed'])", true), ("app.audiences.notInAtLeastOne(['Buyers'])", false),
        ("app.audiences.inAll(['Buyers', 'Lapsed'])", false), ("app.audiences.inAll(['Buyers'])", true),
        ("app.audiences.notInAll(['Lapsed'])", true), ("app.audiences.notInAll(['Buyers', 'Lapsed'])", false),
        // The first open is 2022-11-01T00:00Z, which is 2022-10-31T17:00 in Los Angeles.
        ("app.firstOpenTimestamp <= ('2022-10-31T14:37:47', 'America/Los_Angeles')", false),
        ("app.firstOpenTimestamp > ('2022-10-31T14:37:47', 'America/Los_Angeles')", true),
        ("app.firstOpenTimestamp <= ('2022-10-31T17:00:00', 'America/Los_Angeles')", true),
        ("app.firstOpenTimestamp > ('2022-11-01T00:00:00')", false),
        ("dateTime < dateTime('2026-11-22T18:00:01', 'Asia/Tokyo')", true),
        ("dateTime >= dateTime('2026-11-22T18:00:00', 'Asia/Tokyo')", true),
        ("dateTime < dateTime('2026-11-22T09:00:00Z')", false),
        ("app.userProperty['tier'].exactlyMatches(['gold'])", true), ("app.userProperty['tier'].notContains(['gold'])", false),
        ("app.userProperty['level'] > 5", true), ("app.userProperty['level'] <= 6.5", false), ("app.userProperty['tier'] > 5", false),
        ("app.userProperty['tier'].contains(['ol'])", true), ("app.userProperty['tier'].exactlyMatches(['Gold'])", false),
        ("app.customSignal['plan'].notContains(['free'])", true), ("app.customSignal['sdk'].>(['1.9'])", true),
        ("app.firebaseInstallationId in ['fid-0', 'fid-1']", true), ("app.firebaseInstallationId in ['fid-2']", false),
        ("device.country in ['us', 'jp']", true), ("device.country in ['US']", false),
        ("device.language in ['en-US', 'ja']", true), ("device.language in ['ja-JP']", false),
        ("percent <= 50", true), ("percent > 50", false), ("percent between 49.5 and 50", true), ("percent('seed') between 50 and 60", false),
        ("device.os == 'ios' && device.country in ['jp'] && app.version.<(['2.0.0'])", true),
        ("device.os == 'ios' && device.country in ['kr']", false),
    ])
    func eachRuleHoldsAsTheReferenceSays(expression: String, expected: Bool) throws {
        #expect(try holds(expression, on: device()) == expected)
    }

    @Test func dateTimesInLosAngelesTakeTheOffsetInForceThen() throws {
        // 2017-03-22T13:39:44 in Los Angeles (daylight time, -7 h) is 20:39:44 UTC.
        let before = device { $0.now = ISO8601.parse("2017-03-22T20:39:43Z")! }
        let after = device { $0.now = ISO8601.parse("2017-03-22T20:39:44Z")! }
        #expect(try holds("dateTime < dateTime('2017-03-22T13:39:44', 'America/Los_Angeles')", on: before) == true)
        #expect(try holds("dateTime < dateTime('2017-03-22T13:39:44', 'America/Los_Angeles')", on: after) == false)
    }

    @Test func versionsCompareTheirPartsAsNumbers() throws {
        let device = device { $0.appVersion = "1.10" }
        #expect(try holds("app.version.>(['1.5'])", on: device) == true)
        #expect(try holds("app.version.>(['1.9.9'])", on: device) == true)
        let beta = self.device { $0.appVersion = "2.0.0-beta.1" }
        #expect(try holds("app.version.>=(['1.0'])", on: beta) == false, "a version that is not numbers compares with nothing")
    }

    @Test(arguments: [
        ("app.id == 'x'", "app.id (--firebase-app-id)"),
        ("app.build.>(['1'])", "app.build (--build)"),
        ("app.userProperty['vip'].exactlyMatches(['yes'])", "app.userProperty['vip'] (--user-property)"),
        ("app.customSignal['vip'].notContains(['no'])", "app.customSignal['vip'] (--custom-signal)"),
        ("app.firstOpenTimestamp > ('2020-01-01T00:00:00')", "app.firstOpenTimestamp (--first-open)"),
        ("app.firebaseInstallationId in ['fid']", "app.firebaseInstallationId (--installation-id)"),
        ("device.country in ['jp']", "device.country (--country)"),
        ("device.language in ['ja']", "device.language (--device-language)"),
    ])
    func anUndefinedValueMakesItsRuleFalseAndIsNamed(expression: String, name: String) throws {
        let bare = RemoteConfigDevice(appVersion: "1.9.0", now: now)
        #expect(try holds(expression, on: bare) == nil)
        let report = try template(conditions: [("c", expression)], parameters: ["min_required_version": (fallback: "1.0.0", conditional: ["c": "2.0.0"])])
            .evaluate(keys: keys, device: bare, zones: LosAngeles())
        #expect(report.chosen.value(of: "min_required_version") == "1.0.0")
        #expect(report.undefined == [name])
    }

    // MARK: Templates

    private func template(conditions: [(String, String)], parameters: [String: (fallback: String?, conditional: [String: String])],
                          version: String = "7") throws -> RemoteConfigTemplate {
        let tree = JSONTree.object([
            ("conditions", .array(conditions.map { .object([("name", .string($0.0)), ("expression", .string($0.1)), ("tagColor", .string("BLUE"))]) })),
            ("parameters", .object(parameters.sorted { $0.key < $1.key }.map { key, body in
                (key, .object((body.fallback.map { [("defaultValue", JSONTree.object([("value", .string($0))]))] } ?? [])
                    + [("conditionalValues", .object(body.conditional.sorted { $0.key < $1.key }.map { ($0.key, .object([("value", .string($0.value))])) }))]))
            })),
            ("version", .object([("versionNumber", .string(version))])),
        ])
        return try RemoteConfigTemplate(reading: tree, versionKeys: .default)
    }

    private func read(_ json: String) throws -> RemoteConfigTemplate {
        try RemoteConfigTemplate(reading: JSONTree.parse(Array(json.utf8)), versionKeys: .default)
    }

    @Test func theFirstConditionOfTheTemplateWinsWhateverOrderTheValuesAreWrittenIn() throws {
        // conditionalValues lists "ios" first; the template lists "jp_old" first, and it wins.
        let template = try read("""
            {"conditions": [{"name": "jp_old", "expression": "device.country in ['jp'] && app.version.<(['2.0.0'])"},
                            {"name": "ios", "expression": "device.os == 'ios'"}],
             "parameters": {"min_required_version": {"defaultValue": {"value": "1.0.0"},
                            "conditionalValues": {"ios": {"value": "1.5.0"}, "jp_old": {"value": "2.0.0"}}}},
             "version": {"versionNumber": "12"}}
            """)
        let report = try template.evaluate(keys: keys, device: device(), zones: LosAngeles())
        let choice = try #require(report.chosen.choices.first)
        #expect(choice == RemoteConfigChoice(key: "min_required_version", value: "2.0.0", condition: "jp_old",
                                             expression: "device.country in ['jp'] && app.version.<(['2.0.0'])", inTemplate: true))
        #expect(report.templateVersion == "12")
        let korea = try template.evaluate(keys: keys, device: device { $0.country = "kr" }, zones: LosAngeles())
        #expect(korea.chosen.choices.first?.condition == "ios")
        #expect(korea.chosen.value(of: "min_required_version") == "1.5.0")
    }

    @Test func parameterGroupsAreFlatAndInAppDefaultsLeaveTheKeyToTheApp() throws {
        let template = try read("""
            {"parameterGroups": {"force_update": {"description": "x", "parameters": {
                "latest_version": {"defaultValue": {"value": "2.0.0"}},
                "force_update_store_url": {"defaultValue": {"useInAppDefault": true}}}}},
             "parameters": {"min_required_version": {"conditionalValues": {}}}}
            """)
        let report = try template.evaluate(keys: keys, device: device(), zones: LosAngeles())
        #expect(report.chosen.choices == [
            RemoteConfigChoice(key: "min_required_version", value: nil, condition: nil, expression: nil, inTemplate: true),
            RemoteConfigChoice(key: "latest_version", value: "2.0.0", condition: nil, expression: nil, inTemplate: true),
            RemoteConfigChoice(key: "force_update_store_url", value: nil, condition: nil, expression: nil, inTemplate: true),
        ])
        #expect(report.templateVersion == nil)
        #expect(report.json.serialized().contains(#""force_update_store_url":{"value":null,"condition":"default","expression":null}"#))
    }

    @Test func withoutAPercentileEachOutcomeComesWithItsShare() throws {
        let template = try template(conditions: [("rollout", "percent <= 10"), ("ios", "device.os == 'ios'")],
                                    parameters: ["min_required_version": (fallback: "1.0.0", conditional: ["rollout": "2.0.0", "ios": "1.5.0"])])
        let report = try template.evaluate(keys: keys, device: device { $0.microPercentile = nil }, zones: LosAngeles())
        #expect(report.dependsOnPercentile)
        #expect(report.outcomes.map(\.share) == [90, 10])
        #expect(report.outcomes.map { $0.value(of: "min_required_version") } == ["1.5.0", "2.0.0"])
        #expect(report.outcomes[1].choices[0].condition == "rollout")

        let pinned = try template.evaluate(keys: keys, device: device { $0.microPercentile = 10_000_000 }, zones: LosAngeles())
        #expect(!pinned.dependsOnPercentile)
        #expect(pinned.chosen.value(of: "min_required_version") == "2.0.0")
        #expect(pinned.json.serialized().hasPrefix(#"{"templateVersion":"7","percentile":10,"#))
        let above = try template.evaluate(keys: keys, device: device { $0.microPercentile = 10_000_001 }, zones: LosAngeles())
        #expect(above.chosen.value(of: "min_required_version") == "1.5.0")
    }

    @Test func twoSeedsSplitDevicesIndependently() throws {
        let template = try template(conditions: [("a", "percent('a') <= 50"), ("b", "percent('b') between 0 and 20")],
                                    parameters: ["min_required_version": (fallback: "1.0.0", conditional: ["a": "2.0.0"]),
                                                 "latest_version": (fallback: "2.0.0", conditional: ["b": "2.1.0"])])
        let report = try template.evaluate(keys: keys, device: device { $0.microPercentile = nil }, zones: LosAngeles())
        let shares = report.outcomes.map { "\($0.value(of: "min_required_version")!) \($0.value(of: "latest_version")!) \($0.share)" }
        #expect(shares == ["2.0.0 2.0.0 40.0", "1.0.0 2.0.0 40.0", "2.0.0 2.1.0 10.0", "1.0.0 2.1.0 10.0"])
        #expect(report.json.serialized().contains(#""outcomes":[{"share":40,"decision":null,"#))
    }

    @Test func aPercentRuleOnAKeyNotReadSplitsNothing() throws {
        let template = try template(conditions: [("rollout", "percent <= 10")],
                                    parameters: ["new_checkout": (fallback: "false", conditional: ["rollout": "true"]),
                                                 "min_required_version": (fallback: "1.0.0", conditional: [:])])
        let report = try template.evaluate(keys: keys, device: device { $0.microPercentile = nil }, zones: LosAngeles())
        #expect(!report.dependsOnPercentile)
        #expect(report.chosen.share == 100)
    }

    @Test(arguments: [
        (#"{"conditions": [{"name": "a", "expression": "device.os == 'ios' || true"}]}"#,
         #"conditions[0].expression: condition "a" cannot be read at offset 19 ("|| true"): a condition joins its rules with && only"#),
        (#"{"conditions": [{"name": "a", "expression": "true"}], "parameters": {"k": {"conditionalValues": {"b": {"value": "1"}}}}}"#,
         #"parameters.k.conditionalValues.b: no condition is named "b" in conditions"#),
        (#"{"conditions": [{"name": "ios", "expression": "true"}], "parameters": {"k": {"conditionalValues": {"iso": {"value": "1"}}}}}"#,
         #"no condition is named "iso" in conditions (did you mean "ios"?)"#),
        (#"{"conditions": [{"name": "a", "expression": "true"}, {"name": "a", "expression": "false"}]}"#,
         #"conditions[1].name: the condition "a" is defined twice"#),
        (#"{"conditions": [{"name": "a"}]}"#, "conditions[0].expression: absent"),
        (#"{"parameters": {"k": {"defaultValue": {"value": "1"}}}, "parameterGroups": {"g": {"parameters": {"k": {}}}}}"#,
         #"parameterGroups.g.parameters.k: the parameter "k" is defined twice"#),
        (#"{"parameters": {"k": {"defaultValue": {"rolloutValue": {"rolloutId": "r", "value": "1"}}}}}"#,
         "parameters.k.defaultValue.rolloutValue.percent: absent"),
        (#"{"parameters": {"k": {"defaultValue": {"rolloutValue": {"rolloutId": "r", "value": "1", "percent": 120}}}}}"#,
         "parameters.k.defaultValue.rolloutValue.percent: 120 is not a percent from 0 to 100"),
        (#"{"parameters": {"k": {"defaultValue": {"personalizationValue": {"personalizationId": "p"}}}}}"#,
         "parameters.k.defaultValue.personalizationValue: personalizationValue depends on Firebase's own model of each user"),
        (#"{"parameters": {"k": {"defaultValue": {"value": 2}}}}"#, "parameters.k.defaultValue.value: a number is not a text"),
        (#"{"parameters": {"k": {"defaultValue": {}}}}"#, #"parameters.k.defaultValue: a value needs "value" or "useInAppDefault": true"#),
        ("[]", "top level: an array is not a template object"),
    ])
    func aTemplateMistakeIsNamedByItsPlace(json: String, message: String) throws {
        #expect(throws: RemoteConfigTemplateError.self) { try read(json) }
        do { _ = try read(json) } catch { #expect("\(error)".contains(message), "\(error)") }
    }

    @Test func anUnknownTimeZoneIsAnErrorNamingTheCondition() throws {
        let template = try template(conditions: [("launch", "dateTime >= dateTime('2026-11-01T00:00:00', 'Mars/Olympus')")],
                                    parameters: ["min_required_version": (fallback: "1.0.0", conditional: ["launch": "2.0.0"])])
        #expect(throws: RemoteConfigTemplateError(JSONPlace.root.key("conditions").index(0).key("expression"),
                                                  #"condition "launch": the time zone "Mars/Olympus" is not one this system knows"#)) {
            try template.evaluate(keys: keys, device: device(), zones: LosAngeles())
        }
    }
}
