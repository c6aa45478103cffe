import FoundationEssentials
import Testing
@testable import ToasterCore

/// Each detector on a small grid: the typed finding it returns for one cell, or none.
@Suite struct DetectorTests {
    private static func grid(_ answers: [LookupAnswer], _ layers: [PolicyLayer], installed: [String] = ["1.0.0"],
                             unanswered: [UnansweredLookup] = []) throws -> PreflightGrid {
        let storefronts = (answers.map(\.request.storefront) + unanswered.map(\.request.storefront))
            .reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
        return try PreflightGrid(PreflightInput(storefronts: storefronts, answers: answers, unanswered: unanswered, layers: layers,
                                                installed: installed.map { InstalledGroup(version: $0) }, rules: .seed, appID: "42",
                                                now: Evaluation.now))
    }

    private static let first = GridCell(row: 0, group: 0, storefront: 0)
    private static let minimumCause = PolicyCause(name: "--min-required-version", condition: nil)

    @Test func aMinimumAboveTheStoreIsFoundAsItsOwnKindOnly() throws {
        let grid = try Self.grid(Evaluation.answers("kr", Evaluation.entry("1.9.0")), [Evaluation.minimum("2.0.0")])
        #expect(grid.minAboveStore(at: Self.first)
            == DetectedFinding.MinAboveStore(minimum: "2.0.0", served: "1.9.0", cause: Self.minimumCause, fromTemplate: false))
        #expect(grid.forcedNotListed(at: Self.first) == nil)
        #expect(grid.forcedAfterUpdate(at: Self.first) == nil)
        #expect(grid.findings(at: Self.first).map(\.kind) == [.minAboveStore])
        #expect(grid.outcome(Self.first, stranded: []) == .forced, "the grid decides; only a finding that strands makes a dead end")
        #expect(grid.outcome(Self.first, stranded: [Self.first]) == .deadEnd)
    }

    @Test func forcedWhereTheAppIsNotListedOrNothingNewerIsServed() throws {
        let missing = try Self.grid(Evaluation.answers("jp", nil), [Evaluation.minimum("2.0.0")])
        #expect(missing.forcedNotListed(at: Self.first) == .notListed(cause: Self.minimumCause))
        let range = PreflightTests.cms("1.0.0", "1.9.0")
        let same = try Self.grid(Evaluation.answers("kr", Evaluation.entry("1.9.0")), [range], installed: ["1.9.0"])
        #expect(same.forcedNotListed(at: Self.first) == .nothingNewer(served: "1.9.0", cause: PolicyCause(name: "cms cms.json", condition: nil)))
    }

    @Test func aForcedRangeCoveringTheServedVersionForcesAgainAfterUpdating() throws {
        let grid = try Self.grid(Evaluation.answers("kr", Evaluation.entry("1.9.5")), [PreflightTests.cms("1.0.0", "1.9.9")])
        let found = try #require(grid.forcedAfterUpdate(at: Self.first))
        #expect(found == DetectedFinding.ForcedAfterUpdate(served: "1.9.5", cause: PolicyCause(name: "cms cms.json", condition: nil),
                                                           reason: .forcedRange))
        #expect(grid.loop(at: Self.first)?.afterUpdate == true)
    }

    @Test func anOSTheServedVersionNoLongerSupports() throws {
        let answers = Evaluation.answers("kr", Evaluation.entry("2.0.0", minimumOS: "17.0"))
        let input = PreflightInput(storefronts: ["kr"], answers: answers, layers: [Evaluation.minimum("2.0.0")],
                                   installed: [InstalledGroup(version: "1.0.0", os: "15.4"), InstalledGroup(version: "1.0.0", os: "17.1")],
                                   rules: .seed, appID: "42", now: Evaluation.now)
        let grid = try PreflightGrid(input)
        #expect(grid.osDeadEnd(at: Self.first)
            == DetectedFinding.OSDeadEnd(version: "2.0.0", minimumOS: "17.0", os: "15.4", source: "", condition: nil))
        #expect(grid.osDeadEnd(at: GridCell(row: 1, group: 0, storefront: 0)) == nil)
    }

    @Test func lookupsThatDisagreeNameTheirFormsInEveryStorefront() throws {
        let grid = try Self.grid(Evaluation.answers("kr", Evaluation.entry("2.0.0"), query: Evaluation.entry("1.9.0")),
                                 [Evaluation.minimum("2.0.0")])
        let found = try #require(grid.lookupsDisagree(in: 0))
        #expect(found.older == "1.9.0" && found.newer == "2.0.0" && found.forcesPast)
        #expect(found.olderLookups == [LookupRequest.Everywhere(key: .id("42"), form: .query)])
        #expect(found.newerLookups.map { $0.formName(country: "jp") } == ["/jp/lookup?id=42"])
    }

    @Test func aStorefrontThatAnsweredNothingIsNotDecided() throws {
        let failed = UnansweredLookup(request: Evaluation.request("jp", .query), reason: "HTTP 503")
        let grid = try Self.grid(Evaluation.answers("kr", Evaluation.entry("2.0.0")), [Evaluation.minimum("2.0.0")], unanswered: [failed])
        let jp = GridCell(row: 0, group: 0, storefront: 1)
        #expect(grid[jp] == nil)
        #expect(grid.outcome(jp, stranded: []) == .unanswered)
        #expect(grid.findings(at: jp).isEmpty)
        #expect(grid.unanswered().map(\.finding) == [DetectedFinding.Unanswered(answeredNothing: true, failed: [failed.request.everywhere])])
    }

    @Test func aClosedWindowIsFoundOnEveryVersionInsideIt() throws {
        let range = PreflightTests.cms("1.0.0", "1.5.0", end: "2026-11-01T00:00:00Z")
        let grid = try Self.grid(Evaluation.answers("kr", Evaluation.entry("2.0.0")), [range], installed: ["1.0.0", "1.2.0", "1.9.0"])
        let window = DetectedFinding.Window(layer: "cms cms.json", problem: .closed(end: ISO8601.parse("2026-11-01T00:00:00Z")!))
        #expect(grid.windows().map(\.finding) == [window, window])
        #expect(grid.windows().map(\.site.row) == [0, 1])
    }

    @Test func oneFindingGathersEveryStorefrontAndGroupItWasFoundIn() {
        let rows = [InstalledGroup(version: "1.0.0", users: 10)]
        var findings = FindingCollector(rows: rows, shares: [25, 75])
        let found = DetectedFinding.forcedNotListed(.notListed(cause: Self.minimumCause))
        findings.add(found, at: FindingSite(storefront: "jp", row: 0, group: 0))
        findings.add(found, at: FindingSite(storefront: "gb", row: 0, group: 0))
        findings.add(.forcedNotListed(.notListed(cause: PolicyCause(name: "condition a", condition: "a"))),
                     at: FindingSite(storefront: "jp", row: 0, group: 1))
        let all = findings.findings(unanswered: [])
        #expect(all.map(\.storefronts) == [["jp", "gb"], ["jp"]])
        #expect(all.map(\.condition) == [nil, "a"])
        #expect(all.map(\.users) == [3, 8], "a quarter of 10 users, then three quarters")
        #expect(all[0].message.hasPrefix("The app is not listed in jp, gb, yet --min-required-version forces users on 1.0.0 (25% of them) there"))
    }
}
