import FoundationEssentials
import Testing
@testable import ToasterCore

@Suite struct ChoiceMemoryTests {
    private let monday = ISO8601.parse("2026-11-23T09:00:00Z")!

    private func report(_ current: String = "1.9.0", latest: String = "1.10.0", rules: String = "persistent",
                        minimum: String? = nil) -> DecisionReport {
        try! UpdateDecider(rules: UpdateRules(parsing: rules), appID: "1").decide(
            current: current, answer: SourceAnswer(latestVersion: latest, minimumRequiredVersion: minimum), now: monday)
    }

    private func hours(_ count: Double) -> Date { monday.addingTimeInterval(count * 3600) }

    @Test(arguments: [
        ("annoying", 0.1, false), ("persistent", 23.9, true), ("persistent", 24.0, false),
        ("hinting", 165.6, true), ("hinting", 168.0, false),
    ] as [(String, Double, Bool)])
    func aShownAlertStaysAwayForItsFrequency(rules: String, hoursLater: Double, held: Bool) {
        var memory = ChoiceMemory()
        memory.note(shownFor: try! Version("1.10.0"), at: monday)
        let gate = memory.holdBack(report(rules: rules), now: hours(hoursLater))
        #expect((gate != nil) == held)
        if held { #expect(gate?.name == "frequency") }
    }

    @Test func onlyAShownAlertStartsTheClock() {
        var memory = ChoiceMemory()
        memory.note(checked: report(), now: monday)
        #expect(memory.shownAt == nil)
        #expect(memory.holdBack(report(), now: hours(1)) == nil)
    }

    @Test func aSkippedVersionIsNotOfferedAgainUntilANewerOne() {
        var memory = ChoiceMemory()
        memory.note(skipped: try! Version("1.10.0"))
        #expect(memory.holdBack(report(rules: "default"), now: hours(24 * 30)) == .skippedVersion("1.10.0"))
        #expect(memory.holdBack(report(latest: "1.10", rules: "default"), now: hours(1))?.name == "skippedVersion",
                "1.10 is the same version as 1.10.0")
        #expect(memory.holdBack(report(latest: "1.11.0", rules: "default"), now: hours(1)) == nil)
    }

    @Test func aNewerStoreVersionClearsBothChoices() {
        var memory = ChoiceMemory()
        memory.note(shownFor: try! Version("1.10.0"), at: monday)
        memory.note(skipped: try! Version("1.10.0"))
        memory.note(checked: report(latest: "1.10.0"), now: hours(1))
        #expect(memory.skippedVersion == "1.10.0", "the same version keeps them")
        memory.note(checked: report(latest: "1.11.0"), now: hours(2))
        #expect(memory.storeVersion == "1.11.0")
        #expect(memory.shownAt == nil)
        #expect(memory.skippedVersion == nil)
    }

    @Test func aStoreVersionThatWentBackIsTheOneTheChoicesAreAbout() {
        var memory = ChoiceMemory()
        memory.note(checked: report("2.0.0", latest: "2.0.0"), now: monday)
        memory.note(checked: report(latest: "1.10.0"), now: hours(1))
        memory.note(shownFor: try! Version("1.10.0"), at: hours(1))
        #expect(memory.storeVersion == "1.10.0")
        #expect(memory.holdBack(report(latest: "1.10.0"), now: hours(2))?.name == "frequency")
        #expect(memory.holdBack(report(latest: "1.11.0"), now: hours(2)) == nil, "a shown 1.10.0 does not hold 1.11.0 back")
    }

    @Test func aForcedAlertIgnoresBothChoices() {
        var memory = ChoiceMemory()
        memory.note(shownFor: try! Version("2.0.0"), at: monday)
        memory.note(skipped: try! Version("2.0.0"))
        #expect(memory.holdBack(report("1.0.0", latest: "2.0.0", rules: "persistent,major=critical"), now: hours(1)) == nil)
    }

    @Test func theLastForcedDecisionIsReappliedOfflineUntilACheckSaysOtherwise() throws {
        var memory = ChoiceMemory()
        #expect(memory.recoveredDecision(appVersion: try Version("1.0.0")) == nil)
        memory.note(checked: report("1.0.0", latest: "1.0.1", rules: "default", minimum: "1.0.1"), now: monday)
        let recovered = try #require(memory.recoveredDecision(appVersion: try Version("1.0.0")))
        #expect(recovered.decision == .forced)
        #expect(recovered.reason == .rememberedForced)
        #expect(recovered.alert?.buttonTitles == ["업데이트"])
        #expect(recovered.latest == (try Version("1.0.1")))
        #expect(memory.recoveredDecision(appVersion: try Version("0.9.0")) != nil, "an older app is forced all the more")
        #expect(memory.recoveredDecision(appVersion: try Version("1.0.1")) == nil, "an updated app is not held to it")
        memory.note(checked: report("1.0.0", latest: "1.0.0", rules: "default"), now: hours(1))
        #expect(memory.forced == nil)
        #expect(memory.recoveredDecision(appVersion: try Version("1.0.0")) == nil)
    }

    @Test func theMemoryRoundTripsThroughJSON() throws {
        var memory = ChoiceMemory()
        memory.note(checked: report("1.0.0", latest: "2.0.0"), now: monday)
        memory.note(shownFor: try Version("2.0.0"), at: monday)
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        #expect(try decoder.decode(ChoiceMemory.self, from: encoder.encode(memory)) == memory)
    }
}
