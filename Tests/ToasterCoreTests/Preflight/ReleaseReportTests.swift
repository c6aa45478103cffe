import FoundationEssentials
import Testing
@testable import ToasterCore

/// preflight over a realistic template as a release manager reads it: only the minimum forces,
/// every finding a condition caused names it, users count in their own storefront, a prompt to
/// a version the store does not serve is a finding, and what nobody answered is unknown.
@Suite struct ReleaseReportTests {
    typealias P = Evaluation

    /// The issue's template: a minimum of 1.5.0, 2.0.0 for old versions in jp and kr; the
    /// latest version 2.0.0, and 2.1.0 for a 10 % rollout.
    static let template = """
        {"conditions": [{"name": "jp_kr_old", "expression": "device.country in ['jp', 'kr'] && app.version.<(['2.0.0'])"},
                        {"name": "ios", "expression": "device.os == 'ios'"}],
         "parameters": {
           "min_required_version": {"defaultValue": {"value": "1.5.0"}, "conditionalValues": {"jp_kr_old": {"value": "2.0.0"}}},
           "latest_version": {"defaultValue": {"value": "2.0.0"},
                              "conditionalValues": {"ios": {"rolloutValue": {"rolloutId": "rollout_2_1", "value": "2.1.0", "percent": 10}}}},
           "force_update_message": {"defaultValue": {"value": "Please update to keep saving links."}}},
         "version": {"versionNumber": "7"}}
        """

    /// us serves 2.0.0, which needs iOS 16.0; jp still serves 1.9.0.
    static let answers = P.answers("us", P.entry("2.0.0", minimumOS: "16.0")) + P.answers("jp", P.entry("1.9.0"))

    static func installed() throws -> [InstalledGroup] {
        try InstalledBase.parse(InstalledBaseTests.records(
            ["version", "os", "users", "country"],
            ["1.9.0", "15.8", "100", "us"], ["1.9.0", "15.8", "50", "JP"], ["1.9.0", "17.2", "200", "jpn"],
            ["1.9.0", "17.2", "300", "US"], ["2.0.0", "17.2", "1000", "us"])).groups
    }

    static func report(installed: [InstalledGroup]? = nil, unanswered: [UnansweredLookup] = [], answers: [LookupAnswer] = answers,
                       storefronts: [String] = ["us", "jp"]) throws -> PreflightReport {
        var input = PreflightInput(storefronts: storefronts, answers: answers, unanswered: unanswered, layers: [],
                                   installed: try installed ?? Self.installed(), appID: "42", now: P.now)
        input.template = try TemplatePreflightTests.template(template)
        return try input.evaluate()
    }

    @Test func onlyTheMinimumForcesAndEachFindingNamesItsCondition() throws {
        let report = try Self.report()
        #expect(report.findings.map(\.kind) == [.minAboveStore, .promptNotServed, .promptNotServed])
        let stranded = report.findings[0]
        #expect(stranded.storefronts == ["jp"])
        #expect(stranded.condition == "jp_kr_old")
        #expect(stranded.users == 250, "the users on 1.9.0 in jp, not every old user in the world")
        #expect(!report.findings.contains { $0.kind == .osDeadEnd }, "us 1.9.0 on iOS 15.8 is prompted, not forced to a build it cannot install")
        // us: 1.9.0 above the minimum of 1.5.0 is prompted; jp: forced to a version it does not serve.
        #expect(report.cells == [[.optional, .deadEnd], [.optional, .deadEnd], [.optional, .optional]])
        #expect(report.decisionRule?.hasPrefix("Only the policy's minimum (or forced window) forces") == true)
        let json = report.json.serialized()
        #expect(json.contains(#""users":250,"condition":"jp_kr_old","message":"Condition jp_kr_old forces users on 1.9.0 in jp to 2.0.0"#))
        #expect(report.text.contains("dead-end  min-above-store · jp · 1.9.0 · 250 users · condition jp_kr_old"))
        #expect(report.markdown.contains("| 250 | `jp_kr_old` |"))
    }

    @Test func aRolloutToAVersionTheStoreDoesNotServeIsAFindingOfItsOwn() throws {
        let report = try Self.report()
        let us = try #require(report.findings.first { $0.kind == .promptNotServed && $0.storefronts == ["us"] })
        #expect(us.severity == .warning)
        #expect(us.condition == "ios")
        #expect(us.versions == ["1.9.0", "2.0.0"])
        #expect(us.users == 140, "10 % of the 400 users on 1.9.0 and of the 1000 on 2.0.0 in us")
        #expect(us.message == "Users on 1.9.0 (10% of them) and 2.0.0 (10% of them) in us are prompted (optional) to update to 2.1.0 by condition ios, "
                + "which us does not serve (2.0.0 is served there): the App Store offers 2.0.0, or shows Open to users already on it.")
        #expect(report.watchStep == .waiting(why: "min-above-store in jp"), "a prompt blocks no forcing")
    }

    @Test func usersCountInTheirOwnStorefront() throws {
        let report = try Self.report()
        let totals = try #require(report.totals)
        #expect(totals.all.stranded == 250)
        #expect(totals.all.forced == 0)
        #expect(totals.all.prompted == 500)
        #expect(totals.all.users == 1650)
        #expect(totals.storefronts?.map(\.storefront) == ["us", "jp"])
        #expect(totals.storefronts?.map(\.counts.stranded) == [0, 250])
        #expect(totals.storefronts?.map(\.counts.users) == [1400, 250])
        #expect(report.text.contains("users: 250 stranded, 0 forced, 500 prompted (of 1650; each user counted in their own storefront)\n"
                                     + "  us: 0 stranded, 0 forced, 500 prompted (of 1400)\n  jp: 250 stranded, 0 forced, 0 prompted (of 250)"))
        #expect(report.json.serialized().contains(#""totals":{"stranded":250,"forced":0,"prompted":500,"unknown":0,"users":1650,"storefronts":[{"storefront":"us","#))
    }

    @Test func usersInAStorefrontNotAskedAreSaid() throws {
        var installed = try Self.installed()
        installed[0].usersByStorefront?["fr"] = 9
        installed[0].users = (installed[0].users ?? 0) + 9
        let report = try Self.report(installed: installed)
        #expect(report.totals?.notAsked == [PreflightTotals.Place(storefront: "fr", counts: PreflightTotals.Counts(users: 9))])
        #expect(report.text.contains("  not asked: fr 9 users in storefronts preflight did not ask"))
    }

    @Test func totalsAreUnknownWhereNoLookupAnswered() throws {
        let failed = P.requests(["us", "jp"]).map { UnansweredLookup(request: $0, reason: "HTTP 503 Service Unavailable (after 4 tries)") }
        let report = try Self.report(unanswered: failed, answers: [])
        let totals = try #require(report.totals)
        #expect(!totals.all.isKnown)
        #expect(totals.all.unknown == 1650)
        #expect(report.text.contains("users: unknown: no lookup answered (1650 users)"))
        #expect(report.json.serialized().contains(#""totals":{"stranded":null,"forced":null,"prompted":null,"unknown":1650,"users":1650,"#))

        // Without a country column too: nothing known is not "0 stranded".
        let plain = [InstalledGroup(version: "1.9.0", users: 30)]
        let unknown = try Self.report(installed: plain, unanswered: failed, answers: [])
        #expect(unknown.text.contains("users: unknown: no lookup answered (30 users)"))
        #expect(unknown.users(.unanswered) == 30)
        // One storefront answered: its users are known, the other's unknown.
        let jpFailed = failed.filter { $0.request.storefront == "jp" }
        let part = try Self.report(unanswered: jpFailed, answers: P.answers("us", P.entry("2.0.0", minimumOS: "16.0")))
        #expect(part.totals?.storefronts?.map(\.counts.isKnown) == [true, false])
        #expect(part.text.contains("  jp: unknown: no lookup answered (250 users)"))
        #expect(part.json.serialized().contains(#"{"storefront":"jp","stranded":null,"forced":null,"prompted":null,"unknown":250,"users":250}"#))
    }

    @Test func aPartialReportSaysSo() throws {
        var report = try Self.report()
        report.partial = "stopped by SIGTERM after 2 of 4 lookups had answered; storefronts without an answer are reported unanswered"
        #expect(report.text.hasPrefix("partial: stopped by SIGTERM after 2 of 4 lookups"))
        #expect(report.json.serialized().contains(#""partial":"stopped by SIGTERM after 2 of 4"#))
        #expect(report.markdown.hasPrefix("### toastercli preflight: partial, 1 × dead-end, 2 × warning"))
    }

    @Test func givenRulesStillDecideByKind() throws {
        var input = PreflightInput(storefronts: ["us"], answers: P.answers("us", P.entry("2.0.0", minimumOS: "16.0")), layers: [],
                                   installed: [InstalledGroup(version: "1.9.0", os: "15.8", users: 10)], rules: .seed, appID: "42", now: P.now)
        input.template = try TemplatePreflightTests.template(Self.template)
        let report = try input.evaluate()
        // The major update forced by --rules: 2.0.0, the default, for 90 %; 2.1.0, the rollout's, for 10 %.
        #expect(report.findings.filter { $0.kind == .osDeadEnd }.map(\.condition) == ["ios", nil])
        #expect(report.decisionRule == "--rules decides what each kind of update leads to, beside any minimum the policy names.")
    }

    @Test func theBoardGivesNoTimeWhileTheStoreCatchingUpLeavesADeadEnd() throws {
        // jp must reach 2.1.0, of which no storefront shows a sign: waiting for jp to serve 2.0.0 ends nothing.
        let template = try TemplatePreflightTests.template("""
            {"conditions": [{"name": "jp_old", "expression": "device.country in ['jp'] && app.version.<(['2.1.0'])"}],
             "parameters": {"min_required_version": {"defaultValue": {"value": "1.0.0"}, "conditionalValues": {"jp_old": {"value": "2.1.0"}}}}}
            """)
        var input = PreflightInput(storefronts: ["us", "jp"], answers: [], layers: [], installed: [InstalledGroup(version: "1.9.0", users: 10)],
                                   appID: "42", now: P.now)
        input.template = template
        var board = BoardState(input: input, app: "id 42")
        board.apply(.roundStarted(P.requests(["us", "jp"])))
        BoardTests.answer(&board, "us", P.entry("2.0.0", released: "2026-11-22T05:15:00Z"))
        BoardTests.answer(&board, "jp", P.entry("1.9.0"))
        board.apply(.roundEnded(round: board.round))
        #expect(board.report?.findings.map(\.kind) == [.minAboveStore, .tooFresh])
        #expect(board.safeAt == nil)
        #expect(!BoardTests.text(BoardRenderer.render(board, width: 80, height: 16)).contains("safe to force at"))
    }
}
