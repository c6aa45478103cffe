import FoundationEssentials
import Testing
@testable import ToasterCore

/// A Remote Config template as preflight's policy: evaluated per storefront, installed version
/// and group of devices, its findings naming the condition that forces.
@Suite struct TemplatePreflightTests {
    struct NoZones: TimeZoneRules {
        func secondsFromUTC(zone: String, at instant: Date) -> Int? { nil }
    }

    static let appID = "1:1234567890:ios:0a1b2c3d4e5f6789"

    static func template(_ text: String) throws -> TemplatePolicy {
        let template = try RemoteConfigTemplate(reading: try StrictJSON.parse(Data(text.utf8)), versionKeys: .default)
        return try TemplatePolicy(template: template, source: "Remote Config template t.json", keys: .default,
                                  device: RemoteConfigDevice(appVersion: "0", firebaseAppID: appID, now: Evaluation.now), zones: NoZones())
    }

    static func evaluate(_ template: TemplatePolicy, _ answers: [LookupAnswer], installed: [InstalledGroup]?,
                         layers: [PolicyLayer] = []) throws -> PreflightReport {
        let storefronts = answers.reduce(into: [String]()) { if !$0.contains($1.request.storefront) { $0.append($1.request.storefront) } }
        var input = PreflightInput(storefronts: storefronts, answers: answers, layers: layers, installed: installed, appID: "42", now: Evaluation.now)
        input.template = template
        return try input.evaluate()
    }

    /// jp still serves 1.9.0; a condition forces old versions in jp to 2.0.0, the default forces nobody.
    static let japanFirst = """
        {"conditions": [{"name": "japan_first", "expression": "device.country in ['JP'] && app.version.<(['2.0.0'])"}],
         "parameters": {"min_required_version": {"defaultValue": {"value": "1.0.0"},
                                                 "conditionalValues": {"japan_first": {"value": "2.0.0"}}}},
         "version": {"versionNumber": "12"}}
        """

    @Test func theConditionThatForcesIsNamedPerStorefront() throws {
        let report = try Self.evaluate(try Self.template(Self.japanFirst),
                                       Evaluation.answers("kr", Evaluation.entry("2.0.0")) + Evaluation.answers("jp", Evaluation.entry("1.9.0")),
                                       installed: [InstalledGroup(version: "1.9.0", users: 1000), InstalledGroup(version: "2.0.0", users: 500)])
        #expect(report.findings.map(\.kind) == [.minAboveStore])
        let finding = try #require(report.findings.first)
        #expect(finding.storefronts == ["jp"])
        #expect(finding.users == 1000)
        #expect(finding.message.hasPrefix("Condition japan_first forces users on 1.9.0 in jp to 2.0.0, which jp does not serve (1.9.0 is served there)"))
        // kr: the default's minimum of 1.0.0 forces nobody, and alone forces: the major update kr serves is optional.
        #expect(report.cells == [[.optional, .deadEnd], [.none, .none]])
        #expect(report.users(.deadEnd) == 1000)
    }

    @Test func aFixedTemplateClearsTheDeadEnd() throws {
        let fixed = Self.japanFirst.replacingOccurrences(of: "\"2.0.0\"}}", with: "\"1.9.0\"}}")
        let report = try Self.evaluate(try Self.template(fixed), Evaluation.answers("jp", Evaluation.entry("1.9.0")),
                                       installed: [InstalledGroup(version: "1.9.0", users: 1000)])
        #expect(!report.hasDeadEnd)
    }

    @Test func aPercentConditionCountsItsShareOfTheUsers() throws {
        let rollout = """
            {"conditions": [{"name": "rollout", "expression": "percent <= 10"}],
             "parameters": {"min_required_version": {"defaultValue": {"value": "1.0.0"},
                                                     "conditionalValues": {"rollout": {"value": "2.0.0"}}}}}
            """
        let report = try Self.evaluate(try Self.template(rollout), Evaluation.answers("jp", Evaluation.entry("1.9.0")),
                                       installed: [InstalledGroup(version: "1.9.0", users: 1000)])
        let finding = try #require(report.findings.first)
        #expect(finding.kind == .minAboveStore)
        #expect(finding.users == 100)
        #expect(finding.message.contains("Condition rollout forces users on 1.9.0 (10% of them) in jp to 2.0.0"))
        #expect(report.cells == [[.deadEnd]], "the matrix shows the worst any group meets")
        #expect(report.users(.deadEnd) == 100)
        #expect(report.users(.optional) == 0)
        #expect(report.users(.none) == 900)
        #expect(report.text.contains("Remote Config template t.json, version unknown: evaluated for each storefront and installed version; "
                                     + "its percent conditions split users into groups of 10% and 90%."))
    }

    @Test func theVersionAUserUpdatesToIsEvaluatedAgain() throws {
        // Users on 2.0.0 fall outside `old`, so updating ends the forcing: no forced-after-update.
        let old = """
            {"conditions": [{"name": "old", "expression": "app.version.<(['2.0.0'])"}],
             "parameters": {"min_required_version": {"conditionalValues": {"old": {"value": "2.0.0"}}},
                            "force_update_store_url": {"defaultValue": {"value": "https://example.com/app"}}}}
            """
        let report = try Self.evaluate(try Self.template(old), Evaluation.answers("kr", Evaluation.entry("2.0.0")),
                                       installed: [InstalledGroup(version: "1.9.0", users: 10)])
        #expect(report.findings.map(\.kind) == [.storeURL])
        #expect(report.findings[0].message.contains("(the template's default)"), "the URL's own origin is named")
    }

    @Test func withoutAnInstalledBaseTheTemplatesVersionsAreTheRows() throws {
        let report = try Self.evaluate(try Self.template(Self.japanFirst), Evaluation.answers("jp", Evaluation.entry("1.9.0")), installed: nil)
        #expect(report.rows.map(\.name).contains("below 2.0.0"))
        #expect(report.hasDeadEnd)
    }

    @Test func aVersionThatIsNoVersionIsRefusedBeforeAnythingIsAsked() throws {
        // The one reader of templates refuses it, whichever branch gives it: before any storefront is asked.
        let bad = Self.japanFirst.replacingOccurrences(of: "\"2.0.0\"}}", with: "\"two\"}}")
        #expect(throws: RemoteConfigTemplateError.self) { try Self.template(bad) }
    }

    @Test func theBoardEvaluatesTheTemplateReadAtEachRound() throws {
        var input = PreflightInput(storefronts: ["jp"], answers: [], layers: [], installed: [InstalledGroup(version: "1.9.0", users: 10)],
                                   appID: "42", now: Evaluation.now)
        input.template = try Self.template(Self.japanFirst)
        var board = BoardState(input: input, app: "id 42", requests: Evaluation.requests(["jp"]))
        func step(_ event: BoardEvent) { board = BoardMachine.step(board, event).0 }
        step(.start)
        for answer in Evaluation.answers("jp", Evaluation.entry("1.9.0")) { step(.answered(answer)) }
        step(.roundEnded(round: 1))
        #expect(board.report?.findings.map(\.kind) == [.minAboveStore])
        // Round 2: the fix is published, and reading it fails first, then succeeds.
        step(.clock(Evaluation.now.addingTimeInterval(600)))
        step(.templateFailed(reason: "HTTP 503 from firebaseremoteconfig.googleapis.com"))
        for answer in Evaluation.answers("jp", Evaluation.entry("1.9.0")) { step(.answered(answer)) }
        step(.roundEnded(round: 2))
        #expect(board.watchStep == nil, "nothing is safe while the template could not be read")
        step(.template(try Self.template(Self.japanFirst.replacingOccurrences(of: "\"2.0.0\"}}", with: "\"1.9.0\"}}"))))
        #expect(board.report?.hasDeadEnd == false)
        #expect(board.templateFailure == nil)
    }
}
