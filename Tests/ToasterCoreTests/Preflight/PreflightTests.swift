import FoundationEssentials
import Testing
@testable import ToasterCore

/// The preflight evaluation with injected answers and clock.
@Suite struct PreflightTests {
    static func evaluate(_ answers: [LookupAnswer], _ layers: [PolicyLayer], installed: [InstalledGroup]? = nil,
                         rules: UpdateRules = .seed, age: Duration = .seconds(86_400)) throws -> PreflightReport {
        let storefronts = answers.reduce(into: [String]()) { if !$0.contains($1.request.storefront) { $0.append($1.request.storefront) } }
        return try PreflightInput(storefronts: storefronts, answers: answers, layers: layers, installed: installed, rules: rules,
                                  appID: "42", now: Evaluation.now, minimumReleaseAge: age).evaluate()
    }

    static func cms(_ min: String, _ max: String, start: String? = nil, end: String? = nil, url: String? = nil) -> PolicyLayer {
        PolicyLayer(name: "cms cms.json", answer: SourceAnswer(
            forcedRange: ForcedRange(minAppVersion: min, maxAppVersion: max, start: start.flatMap(ISO8601.parse), end: end.flatMap(ISO8601.parse)),
            updateURL: url))
    }

    private func kinds(_ report: PreflightReport) -> [String] { report.findings.map(\.kind.rawValue) }

    @Test func allClearWhenEveryStorefrontServesAnOldEnoughTarget() throws {
        let report = try Self.evaluate(Evaluation.answers("kr", Evaluation.entry("2.0.0")) + Evaluation.answers("us", Evaluation.entry("2.0.0")), [Evaluation.minimum("2.0.0")],
                                       installed: [InstalledGroup(version: "1.0.0", users: 10), InstalledGroup(version: "2.0.0", users: 90)])
        #expect(report.findings.isEmpty)
        #expect(!report.hasDeadEnd)
        #expect(report.cells == [[.forced, .forced], [.none, .none]])
        #expect(report.columnGroups == [[0, 1]], "storefronts that answer alike share a column")
        #expect(report.users(.forced) == 10)
        #expect(report.users(.deadEnd) == 0)
    }

    @Test func minimumAboveTheStoreStrandsEveryoneBelowIt() throws {
        let report = try Self.evaluate(Evaluation.answers("kr", Evaluation.entry("1.9.0")) + Evaluation.answers("us", Evaluation.entry("2.0.0")), [Evaluation.minimum("2.0.0")],
                                       installed: [InstalledGroup(version: "1.0.0", users: 5), InstalledGroup(version: "1.9.0", users: 7)])
        let finding = try #require(report.findings.first)
        #expect(finding.kind == .minAboveStore)
        #expect(finding.severity == .deadEnd)
        #expect(finding.storefronts == ["kr"])
        #expect(finding.versions == ["1.0.0", "1.9.0"])
        #expect(finding.users == 12)
        #expect(finding.message.contains("2.0.0") && finding.message.contains("1.9.0"))
        #expect(report.cells == [[.deadEnd, .forced], [.deadEnd, .forced]])
        #expect(report.users(.deadEnd) == 12)
    }

    @Test func forcedWhereTheAppIsNotListed() throws {
        let report = try Self.evaluate(Evaluation.answers("kr", Evaluation.entry("2.0.0")) + Evaluation.answers("jp", nil), [Evaluation.minimum("2.0.0")],
                                       installed: [InstalledGroup(version: "1.0.0")])
        #expect(kinds(report) == ["forced-not-listed"])
        #expect(report.findings[0].storefronts == ["jp"])
        #expect(report.findings[0].users == nil)
    }

    @Test func forcedRangeToAVersionTheStoreDoesNotServeYet() throws {
        // The CMS forces 1.9.0 while the store still serves 1.9.0: nothing newer, the App Store shows Open.
        let report = try Self.evaluate(Evaluation.answers("kr", Evaluation.entry("1.9.0")), [Self.cms("1.0.0", "1.9.0")],
                                       installed: [InstalledGroup(version: "1.9.0")])
        #expect(kinds(report) == ["forced-not-listed"])
        #expect(report.findings[0].message.contains("Open"))
    }

    @Test func forcedRangeCoveringTheServedVersionLoopsAfterUpdating() throws {
        let report = try Self.evaluate(Evaluation.answers("kr", Evaluation.entry("1.9.5")), [Self.cms("1.0.0", "1.9.9")],
                                       installed: [InstalledGroup(version: "1.0.0")])
        #expect(kinds(report) == ["forced-after-update"])
        #expect(report.findings[0].message.contains("1.9.5"))
    }

    @Test func aStoreVersionTheDeviceCannotInstall() throws {
        let report = try Self.evaluate(Evaluation.answers("kr", Evaluation.entry("2.0.0", minimumOS: "17.0")), [Evaluation.minimum("2.0.0")],
                                       installed: [InstalledGroup(version: "1.0.0", os: "15.4", users: 3),
                                                   InstalledGroup(version: "1.0.0", os: "17.1", users: 4)])
        #expect(kinds(report) == ["os-dead-end"])
        #expect(report.findings[0].users == 3)
        #expect(report.cells == [[.deadEnd], [.forced]])
    }

    @Test func updateURLThatIsNoStoreLinkOrNamesAnotherApp() throws {
        let browser = try Self.evaluate(Evaluation.answers("kr", Evaluation.entry("2.0.0")),
                                        [PolicyLayer(name: "remote config rc.json", answer: SourceAnswer(minimumRequiredVersion: "2.0.0", updateURL: "https://example.com/update"))],
                                        installed: [InstalledGroup(version: "1.0.0")])
        #expect(kinds(browser) == ["store-url"])
        #expect(browser.findings[0].message.contains("not an App Store link"))
        let other = try Self.evaluate(Evaluation.answers("kr", Evaluation.entry("2.0.0")), [Self.cms("1.0.0", "1.9.9", url: "https://apps.apple.com/kr/app/id999")],
                                      installed: [InstalledGroup(version: "1.0.0")])
        #expect(kinds(other) == ["store-url"])
        #expect(other.findings[0].fix.contains("id42"))
    }

    @Test func aReleaseYoungerThanTheMinimumAgeIsTooFresh() throws {
        let report = try Self.evaluate(Evaluation.answers("kr", Evaluation.entry("2.0.0", released: "2026-11-22T03:00:00Z")), [Evaluation.minimum("2.0.0")],
                                       installed: [InstalledGroup(version: "1.0.0")])
        #expect(kinds(report) == ["too-fresh"])
        #expect(report.findings[0].fix.contains("2026-11-23T03:00:00Z"))
        #expect(try Self.evaluate(Evaluation.answers("kr", Evaluation.entry("2.0.0", released: "2026-11-22T03:00:00Z")), [Evaluation.minimum("2.0.0")],
                                  installed: [InstalledGroup(version: "1.0.0")], age: .seconds(3600)).findings.isEmpty)
    }

    @Test func formsThatDisagreeNameTheOlder() throws {
        let report = try Self.evaluate(Evaluation.answers("kr", Evaluation.entry("2.0.0"), query: Evaluation.entry("1.9.0")), [Evaluation.minimum("1.9.0")],
                                       installed: [InstalledGroup(version: "1.0.0")])
        #expect(kinds(report) == ["lookups-disagree"])
        #expect(report.findings[0].message == "In kr the lookups disagree: ?id=42&country=kr answers 1.9.0 while /kr/lookup?id=42 answers 2.0.0, so an app asking that lookup is told 1.9.0.")
        #expect(report.findings[0].fix == "Nothing to change in the policy: users told 1.9.0 are prompted to 2.0.0 once the store catches up (toastercli preflight --watch says when).",
                "1.0.0 is forced in kr, to 1.9.0, which both lookups satisfy")
        #expect(report.storefronts[0].served?.listing.version == "1.9.0", "the oldest answer is what the storefront may still serve")
        let above = try Self.evaluate(Evaluation.answers("kr", Evaluation.entry("2.0.0"), query: Evaluation.entry("1.9.0")), [Evaluation.minimum("2.0.0")],
                                      installed: [InstalledGroup(version: "1.0.0")])
        #expect(above.findings.first { $0.kind == .lookupsDisagree }?.fix.hasPrefix("Force users to 2.0.0 only once every lookup answers it") == true,
                "the minimum is above the older answer")
        let optional = try Self.evaluate(Evaluation.answers("kr", Evaluation.entry("1.10.0"), query: Evaluation.entry("1.9.0")), [Evaluation.minimum("1.0.0")],
                                         installed: [InstalledGroup(version: "1.5.0"), InstalledGroup(version: "0.9.0")])
        #expect(optional.cells == [[.optional], [.forced]])
        #expect(!optional.findings[0].fix.contains("Force"), "the policy forces only to 1.0.0, which both answers satisfy: no advice about forcing")
    }

    @Test func disagreeingFormsAreWrittenWithTheirCountryOrCC() throws {
        let missing = try Self.evaluate(Evaluation.answers("kr", Evaluation.entry("2.0.0"), query: .some(nil)), [Evaluation.minimum("1.0.0")],
                                        installed: [InstalledGroup(version: "1.5.0")])
        #expect(missing.findings[0].message == "In kr the lookups disagree: ?id=42&country=kr does not list the app while /kr/lookup?id=42 answers 2.0.0, so an app asking that lookup finds no app.")
        let two = try Self.evaluate(Evaluation.answers("kr", Evaluation.entry("2.0.0"), query: Evaluation.entry("1.9.0")) + Evaluation.answers("us", Evaluation.entry("2.0.0"), query: Evaluation.entry("1.9.0")),
                                    [Evaluation.minimum("1.0.0")], installed: [InstalledGroup(version: "1.5.0")])
        #expect(two.findings.map(\.storefronts) == [["kr", "us"]])
        #expect(two.findings[0].message.hasPrefix("In kr, us the lookups disagree: ?id=42&country={cc} answers 1.9.0 while /{cc}/lookup?id=42 answers 2.0.0"))
    }

    @Test func aFreshReleaseOnlyPromptedIsAdvisedAsAPrompt() throws {
        let report = try Self.evaluate(Evaluation.answers("kr", Evaluation.entry("1.10.0", released: "2026-11-22T03:00:00Z")), [Evaluation.minimum("1.0.0")],
                                       installed: [InstalledGroup(version: "1.5.0")])
        #expect(kinds(report) == ["too-fresh"])
        #expect(report.findings[0].fix == "Wait until 2026-11-23T03:00:00Z before prompting users to update to 1.10.0.")
        #expect(report.findings[0].message.hasSuffix("while users on 1.5.0 are prompted."))
    }

    @Test func versionStringsReadDifferently() throws {
        let spelled = try Self.evaluate(Evaluation.answers("kr", Evaluation.entry("2.1.0")), [Evaluation.minimum("2.1")], installed: [InstalledGroup(version: "2.0.0")])
        #expect(kinds(spelled) == ["version-string"])
        #expect(spelled.findings[0].message.contains("\"2.1\" and \"2.1.0\"") || spelled.findings[0].message.contains("\"2.1.0\" and \"2.1\""))
        let build = try Self.evaluate(Evaluation.answers("kr", Evaluation.entry("1.3.0 (93)")), [], installed: [InstalledGroup(version: "1.0.0")])
        #expect(kinds(build) == ["version-string"])
        #expect(build.cells == [[.none]], "an unreadable store version prompts nobody")
    }

    @Test func windowsThatForceNobody() throws {
        let over = try Self.evaluate(Evaluation.answers("kr", Evaluation.entry("2.0.0")), [Self.cms("1.0.0", "1.9.9", end: "2026-11-01T00:00:00Z")],
                                     installed: [InstalledGroup(version: "1.0.0")])
        #expect(kinds(over) == ["window"])
        #expect(over.findings[0].message.contains("closed"))
        let backwards = try Self.evaluate(Evaluation.answers("kr", Evaluation.entry("2.0.0")),
                                          [Self.cms("1.0.0", "1.9.9", start: "2026-12-01T00:00:00Z", end: "2026-11-30T00:00:00Z")],
                                          installed: [InstalledGroup(version: "1.0.0")])
        #expect(backwards.findings.map(\.message).contains { $0.contains("before it starts") })
        let empty = try Self.evaluate(Evaluation.answers("kr", Evaluation.entry("2.0.0")), [Self.cms("1.9.9", "1.0.0")], installed: [InstalledGroup(version: "1.0.0")])
        #expect(empty.findings.map(\.message).contains { $0.contains("covers no version") })
    }

    @Test func withoutAnInstalledBaseTheNamedVersionsAreEvaluated() throws {
        let report = try Self.evaluate(Evaluation.answers("kr", Evaluation.entry("1.9.0")), [Evaluation.minimum("2.0.0")])
        #expect(report.rows.map(\.name) == ["1.9.0", "below 2.0.0", "2.0.0"])
        #expect(report.hasDeadEnd)
        #expect(report.findings[0].versions == ["1.9.0", "below 2.0.0"])
        #expect(report.findings[0].message.contains("users on 1.9.0 and versions below 2.0.0 are forced"), "the versions read as English")
    }

    @Test func withoutAnInstalledBaseTheUsersJustBelowTheMinimumAreShown() throws {
        // The stores caught up: without a row below the minimum, only 2.0.0 would be evaluated.
        let report = try Self.evaluate(Evaluation.answers("kr", Evaluation.entry("2.0.0")), [Evaluation.minimum("2.0.0"), Self.cms("1.0.0", "1.4.0")])
        #expect(report.rows.map(\.name) == ["below 1.0.0", "1.0.0", "1.4.0", "below 2.0.0", "2.0.0"])
        #expect(report.cells == [[.forced], [.forced], [.forced], [.forced], [.none]], "below 1.0.0 is forced by the major rule")
        #expect(report.text.contains("below 2.0.0  -      forced"))
        #expect(report.json.serialized().contains(#"{"version":"2.0.0-0","below":"2.0.0","os":null,"users":null,"cells":["forced"]}"#))
        #expect(InstalledGroup(justBelow: "2.0.0-beta") == nil, "nothing sorts just below a pre-release")
    }

    @Test func aFailedLookupHidesNothingThatAnswered() throws {
        // kr answers in both forms; jp's query form answers and its path form is a 404; us answers nothing.
        let notFound = UnansweredLookup(request: LookupRequest(storefront: "jp", key: .id("42"), form: .path),
                                        reason: "HTTP 404 Not Found from 127.0.0.1")
        let unavailable = [LookupRequest.Form.query, .path].map { form in
            UnansweredLookup(request: LookupRequest(storefront: "us", key: .id("42"), form: form),
                             reason: "HTTP 503 Service Unavailable from 127.0.0.1 (after 4 tries)")
        }
        let input = PreflightInput(storefronts: ["kr", "jp", "us"], answers: Evaluation.answers("kr", Evaluation.entry("1.9.0")) + [Evaluation.answers("jp", Evaluation.entry("1.9.0"))[0]],
                                   unanswered: [notFound] + unavailable, layers: [Evaluation.minimum("2.0.0")],
                                   installed: [InstalledGroup(version: "1.0.0", users: 3)], appID: "42", now: Evaluation.now)
        let report = try input.evaluate()
        #expect(kinds(report) == ["min-above-store", "unanswered", "unanswered"], "dead ends first, then errors")
        #expect(report.findings[0].storefronts == ["kr", "jp"], "jp's query form answered 1.9.0: a dead end, not nothing known")
        #expect(report.findings[1].severity == .error)
        #expect(report.findings[1].storefronts == ["jp"])
        #expect(report.findings[1].message == "In jp, /jp/lookup?id=42 failed, so it is evaluated on what the other lookups answered alone, and an app asking the failed one may be told another version; the last reason (/jp/lookup?id=42): HTTP 404 Not Found from 127.0.0.1",
                "only what failed, and no retry claimed for a 404")
        #expect(report.findings[2].storefronts == ["us"])
        #expect(report.findings[2].message == "No lookup answered in us: ?id=42&country=us and /us/lookup?id=42 failed, so nothing is known about what it serves; the last reason (/us/lookup?id=42): HTTP 503 Service Unavailable from 127.0.0.1 (after 4 tries)")
        #expect(report.cells == [[.deadEnd, .deadEnd, .unanswered]])
        #expect(report.hasUnanswered && report.hasDeadEnd)
        #expect(report.users(.deadEnd) == 3, "a row's worst known outcome counts")
        #expect(report.watchStep == .waiting(why: "min-above-store in kr, jp; unanswered in jp; unanswered in us"), "--watch asks an unanswered storefront again")
        let json = report.json.serialized()
        #expect(json.contains(#""storefront":"jp","serves":"1.9.0","unanswered":"HTTP 404 Not Found from 127.0.0.1""#))
        #expect(json.contains(#""storefront":"us","serves":null,"unanswered":"HTTP 503 Service Unavailable from 127.0.0.1 (after 4 tries)""#))
        #expect(report.text.contains("error     unanswered · jp"))
        #expect(report.text.contains("kr, jp    us\n                  1.9.0     no answer\n1.0.0      3      dead-end  unanswered"),
                "the matrix: kr and jp serve 1.9.0, us gave no answer")
    }

    @Test func everySeverityIsSpeltOneWayInEveryFormat() throws {
        let report = try Self.evaluate(Evaluation.answers("kr", Evaluation.entry("1.9.0", released: "2026-11-22T03:00:00Z")) + Evaluation.answers("us", Evaluation.entry("2.0.0", released: "2026-11-22T03:00:00Z")),
                                       [Evaluation.minimum("2.0.0")], installed: [InstalledGroup(version: "1.0.0", users: 1)])
        #expect(Set(report.findings.map(\.severity)) == [.deadEnd, .warning])
        for severity in ["dead-end", "warning"] {
            #expect(report.text.contains("\n\(severity)  ") || report.text.hasPrefix(severity))
            #expect(report.json.serialized().contains(#""severity":"\#(severity)""#))
            #expect(report.markdown.contains(" \(severity) |"))
        }
        #expect(report.text.contains("  dead-end"), "the matrix cell of a stranded user")
        for spelling in ["dead end", "DEAD END", "Dead end"] {
            #expect(!report.text.contains(spelling) && !report.markdown.contains(spelling) && !report.json.serialized().contains(spelling))
        }
    }

    @Test func anUnfinishedRunIsStillOneDocument() {
        let report = PreflightReport.unfinished(now: Evaluation.now, error: "--installed x.csv: line 3: invalid version")
        #expect(report.json.serialized() == #"{"now":"2026-11-22T09:00:00Z","partial":null,"safeAt":null,"findings":[],"storefronts":[],"matrix":{"columns":[],"rows":[]},"totals":null,"decisionRule":null,"appStoreConnect":null,"remoteConfigTemplate":null,"error":"--installed x.csv: line 3: invalid version"}"#)
        #expect(report.markdown.hasPrefix("### toastercli preflight: could not finish\n\n**could not finish:** --installed x.csv: line 3: invalid version"))
    }

    @Test func strongestLayerWins() throws {
        let report = try Self.evaluate(Evaluation.answers("kr", Evaluation.entry("2.0.0")), [Evaluation.minimum("1.0.0"), Self.cms("1.0.0", "1.5.0")],
                                       installed: [InstalledGroup(version: "1.2.0"), InstalledGroup(version: "1.6.0")])
        #expect(report.cells == [[.forced], [.forced]], "1.6.0 is forced by the major rule, 1.2.0 by the CMS range")
        #expect(report.findings.isEmpty)
    }

    @Test func watchWaitsOnlyForWhatTheStoreCanEnd() throws {
        let lagging = try Self.evaluate(Evaluation.answers("kr", Evaluation.entry("1.9.0")), [Evaluation.minimum("2.0.0")], installed: [InstalledGroup(version: "1.0.0")])
        #expect(lagging.watchStep == .waiting(why: "min-above-store in kr"))
        let locked = try Self.evaluate(Evaluation.answers("kr", Evaluation.entry("1.9.0", minimumOS: "17.0")), [Evaluation.minimum("2.0.0")],
                                       installed: [InstalledGroup(version: "1.0.0", os: "15.0")])
        #expect(locked.watchStep == .stuck, "no store update makes iOS 15 install it")
        let served = try Self.evaluate(Evaluation.answers("kr", Evaluation.entry("2.0.0")), [Evaluation.minimum("2.0.0")], installed: [InstalledGroup(version: "1.0.0")])
        #expect(served.watchStep == .safe)
    }

    /// One predicate for both modes: what `--watch` waits on is "not yet" (4) in one run, after a
    /// dead end (3) and an unanswered storefront (1); `safeAt` is given only while it waits.
    @Test func theStatusIsWhatWatchWouldDo() throws {
        let fresh = Evaluation.answers("kr", Evaluation.entry("2.0.0", released: "2026-11-22T03:00:00Z"))
        let waiting = try Self.evaluate(fresh, [Evaluation.minimum("2.0.0")], installed: [InstalledGroup(version: "1.0.0")])
        #expect(waiting.status(strict: false) == 4)
        #expect(waiting.status(strict: true) == 3)
        let input = PreflightInput(storefronts: ["kr"], answers: fresh, layers: [Evaluation.minimum("2.0.0")], installed: [InstalledGroup(version: "1.0.0")],
                                   appID: "42", now: Evaluation.now, minimumReleaseAge: .seconds(86_400))
        #expect(input.safeAt(waiting) == .at(ISO8601.parse("2026-11-23T03:00:00Z")!))
        var said = waiting
        said.safeAt = input.safeAt(waiting)
        #expect(said.text.contains("Not yet (status 4): --watch would wait on too-fresh in kr; safe to force from 2026-11-23T03:00:00Z."))
        #expect(said.json.serialized().contains(#""safeAt":"2026-11-23T03:00:00Z""#))
        let deadEnd = try Self.evaluate(fresh + Evaluation.answers("jp", Evaluation.entry("1.9.0")), [Evaluation.minimum("2.0.0")],
                                        installed: [InstalledGroup(version: "1.0.0")])
        #expect(deadEnd.status(strict: false) == 3, "a dead end first, though --watch would wait on it")
        let served = try Self.evaluate(Evaluation.answers("kr", Evaluation.entry("2.0.0")), [Evaluation.minimum("2.0.0")], installed: [InstalledGroup(version: "1.0.0")])
        #expect(served.status(strict: false) == 0)
        #expect(input.safeAt(served) == nil, "nothing waits")
        #expect(!served.text.contains("Not yet"))
    }

    @Test func unreadablePolicyVersionStopsTheRun() {
        #expect(throws: PreflightError.self) {
            try Self.evaluate(Evaluation.answers("kr", Evaluation.entry("2.0.0")), [Evaluation.minimum("1.3.0 (93)")])
        }
    }

    @Test func outputsCarryEveryFinding() throws {
        let report = try Self.evaluate(Evaluation.answers("kr", Evaluation.entry("1.9.0")) + Evaluation.answers("jp", nil), [Evaluation.minimum("2.0.0")],
                                       installed: [InstalledGroup(version: "1.0.0", users: 5)])
        let json = report.json.serialized()
        #expect(json.contains(#""kind":"min-above-store","severity":"dead-end","storefronts":["kr"],"versions":["1.0.0"],"users":5"#))
        #expect(json.contains(#""kind":"forced-not-listed""#))
        #expect(json.contains(#""totals":{"stranded":5,"forced":0,"prompted":0,"unknown":0,"users":5,"storefronts":null,"notAsked":[]}"#))
        #expect(report.text.contains("dead-end  min-above-store · kr · 1.0.0 · 5 users"))
        #expect(report.text.contains("users: 5 stranded, 0 forced, 0 prompted"))
        #expect(report.markdown.hasPrefix("### toastercli preflight: 2 × dead-end"))
        #expect(report.markdown.contains("| 1.0.0 | 5 | **dead-end** | **dead-end** |"))
    }

    @Test func storefrontListMatchesItsDataFile() throws {
        let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../../data/app-store-storefronts.txt").path
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let codes = text.split(separator: "\n").map(String.init).filter { !$0.hasPrefix("#") && !$0.isEmpty }
        #expect(codes == AppStoreStorefronts.all, "run scripts/generate-storefronts")
        #expect(Set(codes).count == codes.count)
        #expect(codes.allSatisfy { $0.count == 2 && $0 == $0.lowercased() })
        #expect(codes.count == 175, "Apple lists the App Store in 175 countries and regions")
        let table = try String(contentsOfFile: path.replacingOccurrences(of: ".txt", with: "-alpha3.tsv"), encoding: .utf8)
        let rows = table.split(separator: "\n").filter { !$0.hasPrefix("#") }.map { $0.split(separator: "\t").map(String.init) }
        #expect(rows.map { $0[0] } == codes, "run scripts/generate-storefronts")
        #expect(rows.allSatisfy { $0.count == 3 && $0[1].count == 3 && $0[1] == $0[1].uppercased() })
        #expect(Dictionary(uniqueKeysWithValues: rows.map { ($0[2].lowercased(), $0[0]) }) == AppStoreTerritories.storefrontByName,
                "run scripts/generate-territories")
    }

    /// What a person types for a storefront: a name, an alpha-3 code, the UK, a slip.
    @Test(arguments: [("germany", String?.some("de")), ("Germany", "de"), ("deu", "de"), ("uk", "gb"), ("korea", "kr"), ("jpan", "jp"),
                      ("JPN", "jp"), ("congo", "cg"), ("atlantis", nil)])
    func aCodeThatIsNoStorefrontGetsTheOneItMeant(typed: String, meant: String?) {
        #expect(AppStoreStorefronts.nearest(to: typed) == meant)
        #expect(AppStoreStorefronts.problem(typed)?.hasSuffix(meant.map { "did you mean \($0)?" } ?? "storefronts") == true)
    }
}

@Suite struct PreflightProgressTests {
    @Test func fitsOneRow() {
        #expect(PreflightProgress.line(done: 0, total: 4, elapsed: .zero, width: 80) == "░░░░░░░░░░░░░░░░░░░░░░░░ 0/4 requests · estimating time left")
        #expect(PreflightProgress.line(done: 2, total: 4, elapsed: .seconds(60), width: 80).hasSuffix("2/4 requests · about 1 min 1 s left"))
        #expect(PreflightProgress.line(done: 0, total: 700, elapsed: .zero, paced: .seconds(2040), width: 80).hasSuffix("0/700 requests · about 34 min 1 s left"),
                "the rate alone says how long the rest will take")
        #expect(PreflightProgress.line(done: 2, total: 4, elapsed: .seconds(60), width: 80).hasPrefix("████████████░░░░░░░░░░░░ "))
        for width in [10, 30, 45, 60] {
            #expect(DisplayWidth.of(PreflightProgress.line(done: 1, total: 174, elapsed: .seconds(3), width: width)) < width)
        }
    }
}

@Suite struct InstalledBaseTests {
    static func records(_ lines: [String]...) -> [CSVRecord] {
        lines.enumerated().map { CSVRecord(line: $0.offset + 1, fields: $0.element) }
    }

    @Test func readsColumnsInAnyOrderAndNamesTheOthers() throws {
        let (groups, ignored) = try InstalledBase.parse(Self.records(["users", "Platform", "version", "os"], ["120", "iPhone", "1.0.0", "15.4"],
                                                                     ["30", "iPad", "2.0.0", ""]))
        #expect(groups == [InstalledGroup(version: "1.0.0", os: "15.4", users: 120), InstalledGroup(version: "2.0.0", users: 30)])
        #expect(ignored == ["Platform"])
    }

    @Test func aVendorExportsHeaderNamesAreMapped() throws {
        let columns = try InstalledColumns(parsing: "version=App Version, users=Active Devices,os=OS Version")
        let (groups, _) = try InstalledBase.parse(Self.records(["App version", "ACTIVE DEVICES", "OS Version"], ["1.9.0", "48,210", "17.2"]), columns: columns)
        #expect(groups == [InstalledGroup(version: "1.9.0", os: "17.2", users: 48210)])
        #expect(throws: InstalledBaseError(line: nil, problem: "\"colour\" is not a role (roles: version, users, os, country)")) {
            try InstalledColumns(parsing: "colour=Blue")
        }
        #expect(throws: InstalledBaseError.self) { try InstalledColumns(parsing: "version") }
    }

    @Test func aCountryColumnCountsUsersPerStorefront() throws {
        let (groups, ignored) = try InstalledBase.parse(Self.records(["version", "users", "COUNTRY"], ["1.9.0", "100", "JP"], ["1.9.0", "30", "kor"],
                                                                     ["1.9.0", "5", "jp"], ["2.0.0", "7", "us"]))
        #expect(ignored.isEmpty)
        #expect(groups.map(\.version) == ["1.9.0", "2.0.0"], "the rows of one version and OS are one group")
        #expect(groups[0].users == 135)
        #expect(groups[0].usersByStorefront == ["jp": 105, "kr": 30], "alpha-2 in any case, or StoreKit's alpha-3")
        #expect(groups[0].users(in: "kr") == 30)
        #expect(groups[0].users(in: "us") == 0)
        #expect(groups[0].users(in: nil) == 135)
        let mapped = try InstalledBase.parse(Self.records(["v", "n", "Land"], ["1.0.0", "3", "de"]),
                                             columns: try InstalledColumns(parsing: "version=v,users=n,country=Land"))
        #expect(mapped.groups[0].usersByStorefront == ["de": 3])
    }

    @Test(arguments: [("48210", 48210), ("48,210", 48210), ("48 210", 48210), ("1\u{202F}048\u{202F}210", 1_048_210), ("48'210", 48210),
                      ("4,8210", nil), ("48,210 5", nil), ("48.210", nil), (",210", nil), ("", nil), ("1234567890123", nil), ("-5", nil)] as [(String, Int?)])
    func userCountsMayGroupThousands(text: String, users: Int?) {
        #expect(InstalledBase.userCount(text) == users)
    }

    @Test(arguments: [
        ([] as [[String]], "line 1: the file is empty"),
        ([["version"], ["1.0.0"]], "line 1: the header must name the columns \"version\" and \"users\""),
        ([["version", "users", "Version"]], "line 1: the column \"version\" is named twice"),
        ([["version", "users"], ["1.0.0", "10"], ["1.0.0 (93)", "5"]], "line 3: invalid version \"1.0.0 (93)\""),
        ([["version", "users"], ["1.0.0", "ten"]], "line 2: users \"ten\" is not a whole number"),
        ([["version", "users"], ["1.0.0", "10", "3"]], "line 2: 3 fields where the header has 2"),
        ([["version", "users"], [""], ["1.0.0", "1"]], "line 2: the line is empty"),
        ([["version", "users"]], "line 1: the file has a header but no installs"),
        ([["version", "users", "country"], ["1.0.0", "1", "jp"], ["1.0.0", "1", "uk"]],
         "line 3: country \"uk\" is not an App Store storefront's code (ISO 3166 alpha-2 or alpha-3, such as jp or JPN)"),
        ([["version", "users", "country"], ["1.0.0", "1", "Japan"]], "line 2: country \"Japan\" is not an App Store storefront's code"),
        ([["version", "users", "country"], ["1.0.0", "1", ""]], "line 2: country \"\" is empty"),
    ])
    func strictWithLineNumbers(lines: [[String]], expected: String) {
        #expect {
            try InstalledBase.parse(lines.enumerated().map { CSVRecord(line: $0.offset + 1, fields: $0.element) })
        } throws: { error in
            "\(error)".hasPrefix(expected)
        }
    }
}
