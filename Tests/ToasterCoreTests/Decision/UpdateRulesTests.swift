import FoundationEssentials
import Testing
@testable import ToasterCore

@Suite struct UpdateRulesTests {
    private let now = Date(timeIntervalSince1970: 1_700_000_000)

    private func decide(_ current: String, _ latest: String, _ rules: String) throws -> DecisionReport {
        try UpdateDecider(rules: UpdateRules(parsing: rules), appID: "1").decide(
            current: current, answer: SourceAnswer(latestVersion: latest), now: now)
    }

    /// Siren's `Rules` presets, as its source defines them.
    @Test(arguments: [
        ("critical", UpdateOutcome.force, PromptFrequency.immediately),
        ("annoying", .option, .immediately),
        ("persistent", .option, .daily),
        ("hinting", .option, .weekly),
        ("relaxed", .skip, .weekly),
        ("default", .skip, .daily),
    ])
    func presetsMeanWhatSirensDo(name: String, outcome: UpdateOutcome, frequency: PromptFrequency) throws {
        let rules = try UpdateRules(parsing: name)
        for kind in UpdateKind.allCases {
            #expect(rules[kind] == UpdateRule(outcome, frequency), "\(name) for \(kind)")
        }
    }

    @Test func withoutRulesTheSeedTableHolds() throws {
        #expect(try UpdateRules(parsing: "major=force") == .seed)
        #expect(UpdateRules.seed.minor == UpdateRule(.option, .immediately))
        #expect(UpdateRules.seed.revision.outcome == .none)
    }

    @Test func itemsApplyLeftToRightOverPresets() throws {
        let rules = try UpdateRules(parsing: "relaxed, major=critical, patch=option:daily, revision=none")
        #expect(rules.major == UpdateRule(.force, .immediately))
        #expect(rules.minor == UpdateRule(.skip, .weekly))
        #expect(rules.patch == UpdateRule(.option, .daily))
        #expect(rules.revision == UpdateRule(.none, .weekly), "an outcome alone keeps the kind's frequency")
        #expect(try UpdateRules(parsing: "minor=persistent:weekly").minor == UpdateRule(.option, .weekly))
    }

    @Test(arguments: [
        ("", "an item is empty"),
        ("major=force,,minor=option", "an item is empty"),
        ("sometimes", "neither an outcome"),
        ("epoch=force", "the kind must be one of major, minor, patch, revision"),
        ("minor=maybe", "neither an outcome (force, option, skip, none) nor a preset (critical, annoying"),
        ("minor=option:hourly", "the frequency must be one of immediately, daily, weekly"),
        ("major=", "neither an outcome"),
    ])
    func unreadableRulesSayWhy(text: String, expected: String) {
        do {
            _ = try UpdateRules(parsing: text)
            Issue.record("\"\(text)\" was accepted")
        } catch {
            #expect(error.description.contains(expected), "\(error)")
        }
    }

    @Test func skipAddsTheThirdButtonAndOptionDoesNot() throws {
        let skip = try decide("1.9.0", "1.10.0", "minor=skip")
        #expect(skip.decision == .optional)
        // Siren's skip alert adds Update, Next time, Skip this version, in that order.
        #expect(skip.alert?.buttonTitles == ["업데이트", "다음에", "이 버전 건너뛰기"])
        #expect(skip.alert?.buttons.map(\.role) == [.update, .later, .skip])
        #expect(try decide("1.9.0", "1.10.0", "minor=option").alert?.buttonTitles == ["다음에", "업데이트"])
        #expect(try decide("1.0.0", "2.0.0", "default,major=critical").alert?.buttonTitles == ["업데이트"])
    }

    @Test func theSkipButtonIsTranslated() {
        #expect(AlertModel(type: .noticeUpdate, language: .en, skippable: true).buttonTitles == ["Update", "Later", "Skip This Version"])
        #expect(AlertModel(type: .noticeUpdate, language: .ja, skippable: true).buttonTitles == ["アップデート", "あとで", "このバージョンをスキップ"])
        #expect(AlertModel(type: .forceUpdate, skippable: true).buttonTitles == ["업데이트"], "a forced alert has no skip")
    }

    @Test func theReportCarriesTheDecidingRulesFrequency() throws {
        #expect(try decide("1.9.0", "1.10.0", "hinting").frequency == .weekly)
        #expect(try decide("1.2.3", "1.2.4", "persistent").frequency == .daily)
        #expect(try decide("1.2.3", "1.2.4", "patch=option").frequency == .immediately)
    }
}
