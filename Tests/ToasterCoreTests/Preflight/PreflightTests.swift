import FoundationEssentials
import Testing
@testable import ToasterCore

/// The preflight evaluation with injected answers and clock.
@Suite struct PreflightTests {
    static let now = ISO8601.parse("2026-11-22T09:00:00Z")!
    static let longAgo = "2026-11-01T00:00:00Z"

    static func entry(_ version: String, released: String = longAgo, minimumOS: String? = "15.0", trackID: Int = 42) -> LookupEntry {
        LookupEntry(listing: StoreListing(appName: "Toaster", version: version, releaseDate: released, minimumOSVersion: minimumOS),
                    trackID: trackID, bundleID: "com.example.toaster")
    }

    /// Both forms of the id lookup in `storefront`; `query` overrides the query form's answer.
    static func answers(_ storefront: String, _ entry: LookupEntry?, query: LookupEntry?? = .none) -> [LookupAnswer] {
        [LookupAnswer(request: LookupRequest(storefront: storefront, key: .id("42"), form: .query), entry: query ?? entry),
         LookupAnswer(request: LookupRequest(storefront: storefront, key: .id("42"), form: .path), entry: entry)]
    }

    static func evaluate(_ answers: [LookupAnswer], _ layers: [PolicyLayer], installed: [InstalledGroup]? = nil,
                         rules: UpdateRules = .seed, age: Duration = .seconds(86_400)) throws -> PreflightReport {
        let storefronts = answers.reduce(into: [String]()) { if !$0.contains($1.request.storefront) { $0.append($1.request.storefront) } }
        return try PreflightInput(storefronts: storefronts, answers: answers, layers: layers, installed: installed, rules: rules,
                                  appID: "42", now: now, minimumReleaseAge: age).evaluate()
    }

    static func minimum(_ version: String) -> PolicyLayer {
        PolicyLayer(name: "--min-required-version", policy: UpdatePolicy(minimumRequiredVersion: version))
    }

    static func cms(_ min: String, _ max: String, start: String? = nil, end: String? = nil, url: String? = nil) -> PolicyLayer {
        PolicyLayer(name: "cms cms.json", policy: UpdatePolicy(
            forcedRange: ForcedRange(minAppVersion: min, maxAppVersion: max, start: start.flatMap(ISO8601.parse), end: end.flatMap(ISO8601.parse)),
            updateURL: url))
    }

    private func kinds(_ report: PreflightReport) -> [String] { report.findings.map(\.kind.rawValue) }

    @Test func allClearWhenEveryStorefrontServesAnOldEnoughTarget() throws {
        let report = try Self.evaluate(Self.answers("kr", Self.entry("2.0.0")) + Self.answers("us", Self.entry("2.0.0")), [Self.minimum("2.0.0")],
                                       installed: [InstalledGroup(version: "1.0.0", users: 10), InstalledGroup(version: "2.0.0", users: 90)])
        #expect(report.findings.isEmpty)
        #expect(!report.hasDeadEnd)
        #expect(report.cells == [[.forced, .forced], [.none, .none]])
        #expect(report.columnGroups == [[0, 1]], "storefronts that answer alike share a column")
        #expect(report.users(.forced) == 10)
        #expect(report.users(.deadEnd) == 0)
    }

    @Test func minimumAboveTheStoreStrandsEveryoneBelowIt() throws {
        let report = try Self.evaluate(Self.answers("kr", Self.entry("1.9.0")) + Self.answers("us", Self.entry("2.0.0")), [Self.minimum("2.0.0")],
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
        let report = try Self.evaluate(Self.answers("kr", Self.entry("2.0.0")) + Self.answers("jp", nil), [Self.minimum("2.0.0")],
                                       installed: [InstalledGroup(version: "1.0.0")])
        #expect(kinds(report) == ["forced-not-listed"])
        #expect(report.findings[0].storefronts == ["jp"])
        #expect(report.findings[0].users == nil)
    }

    @Test func forcedRangeToAVersionTheStoreDoesNotServeYet() throws {
        // The CMS forces 1.9.0 while the store still serves 1.9.0: nothing newer, the App Store shows Open.
        let report = try Self.evaluate(Self.answers("kr", Self.entry("1.9.0")), [Self.cms("1.0.0", "1.9.0")],
                                       installed: [InstalledGroup(version: "1.9.0")])
        #expect(kinds(report) == ["forced-not-listed"])
        #expect(report.findings[0].message.contains("Open"))
    }

    @Test func forcedRangeCoveringTheServedVersionLoopsAfterUpdating() throws {
        let report = try Self.evaluate(Self.answers("kr", Self.entry("1.9.5")), [Self.cms("1.0.0", "1.9.9")],
                                       installed: [InstalledGroup(version: "1.0.0")])
        #expect(kinds(report) == ["forced-after-update"])
        #expect(report.findings[0].message.contains("1.9.5"))
    }

    @Test func aStoreVersionTheDeviceCannotInstall() throws {
        let report = try Self.evaluate(Self.answers("kr", Self.entry("2.0.0", minimumOS: "17.0")), [Self.minimum("2.0.0")],
                                       installed: [InstalledGroup(version: "1.0.0", os: "15.4", users: 3),
                                                   InstalledGroup(version: "1.0.0", os: "17.1", users: 4)])
        #expect(kinds(report) == ["os-dead-end"])
        #expect(report.findings[0].users == 3)
        #expect(report.cells == [[.deadEnd], [.forced]])
    }

    @Test func updateURLThatIsNoStoreLinkOrNamesAnotherApp() throws {
        let browser = try Self.evaluate(Self.answers("kr", Self.entry("2.0.0")),
                                        [PolicyLayer(name: "remote config rc.json", policy: UpdatePolicy(minimumRequiredVersion: "2.0.0", updateURL: "https://example.com/update"))],
                                        installed: [InstalledGroup(version: "1.0.0")])
        #expect(kinds(browser) == ["store-url"])
        #expect(browser.findings[0].message.contains("not an App Store link"))
        let other = try Self.evaluate(Self.answers("kr", Self.entry("2.0.0")), [Self.cms("1.0.0", "1.9.9", url: "https://apps.apple.com/kr/app/id999")],
                                      installed: [InstalledGroup(version: "1.0.0")])
        #expect(kinds(other) == ["store-url"])
        #expect(other.findings[0].fix.contains("id42"))
    }

    @Test func aReleaseYoungerThanTheMinimumAgeIsTooFresh() throws {
        let report = try Self.evaluate(Self.answers("kr", Self.entry("2.0.0", released: "2026-11-22T03:00:00Z")), [Self.minimum("2.0.0")],
                                       installed: [InstalledGroup(version: "1.0.0")])
        #expect(kinds(report) == ["too-fresh"])
        #expect(report.findings[0].fix.contains("2026-11-23T03:00:00Z"))
        #expect(try Self.evaluate(Self.answers("kr", Self.entry("2.0.0", released: "2026-11-22T03:00:00Z")), [Self.minimum("2.0.0")],
                                  installed: [InstalledGroup(version: "1.0.0")], age: .seconds(3600)).findings.isEmpty)
    }

    @Test func formsThatDisagreeNameTheOlder() throws {
        let report = try Self.evaluate(Self.answers("kr", Self.entry("2.0.0"), query: Self.entry("1.9.0")), [Self.minimum("1.9.0")],
                                       installed: [InstalledGroup(version: "1.0.0")])
        #expect(kinds(report) == ["lookups-disagree"])
        #expect(report.findings[0].message.contains("?id=42&country= answers 1.9.0"))
        #expect(report.findings[0].message.contains("?id=42&country= is the older"))
        #expect(report.storefronts[0].served?.listing.version == "1.9.0", "the oldest answer is what the storefront may still serve")
    }

    @Test func versionStringsReadDifferently() throws {
        let spelled = try Self.evaluate(Self.answers("kr", Self.entry("2.1.0")), [Self.minimum("2.1")], installed: [InstalledGroup(version: "2.0.0")])
        #expect(kinds(spelled) == ["version-string"])
        #expect(spelled.findings[0].message.contains("\"2.1\" and \"2.1.0\"") || spelled.findings[0].message.contains("\"2.1.0\" and \"2.1\""))
        let build = try Self.evaluate(Self.answers("kr", Self.entry("1.3.0 (93)")), [], installed: [InstalledGroup(version: "1.0.0")])
        #expect(kinds(build) == ["version-string"])
        #expect(build.cells == [[.none]], "an unreadable store version prompts nobody")
    }

    @Test func windowsThatForceNobody() throws {
        let over = try Self.evaluate(Self.answers("kr", Self.entry("2.0.0")), [Self.cms("1.0.0", "1.9.9", end: "2026-11-01T00:00:00Z")],
                                     installed: [InstalledGroup(version: "1.0.0")])
        #expect(kinds(over) == ["window"])
        #expect(over.findings[0].message.contains("closed"))
        let backwards = try Self.evaluate(Self.answers("kr", Self.entry("2.0.0")),
                                          [Self.cms("1.0.0", "1.9.9", start: "2026-12-01T00:00:00Z", end: "2026-11-30T00:00:00Z")],
                                          installed: [InstalledGroup(version: "1.0.0")])
        #expect(backwards.findings.map(\.message).contains { $0.contains("before it starts") })
        let empty = try Self.evaluate(Self.answers("kr", Self.entry("2.0.0")), [Self.cms("1.9.9", "1.0.0")], installed: [InstalledGroup(version: "1.0.0")])
        #expect(empty.findings.map(\.message).contains { $0.contains("covers no version") })
    }

    @Test func withoutAnInstalledBaseTheNamedVersionsAreEvaluated() throws {
        let report = try Self.evaluate(Self.answers("kr", Self.entry("1.9.0")), [Self.minimum("2.0.0")])
        #expect(report.rows.map(\.version) == ["1.9.0", "2.0.0"])
        #expect(report.hasDeadEnd)
    }

    @Test func strongestLayerWins() throws {
        let report = try Self.evaluate(Self.answers("kr", Self.entry("2.0.0")), [Self.minimum("1.0.0"), Self.cms("1.0.0", "1.5.0")],
                                       installed: [InstalledGroup(version: "1.2.0"), InstalledGroup(version: "1.6.0")])
        #expect(report.cells == [[.forced], [.forced]], "1.6.0 is forced by the major rule, 1.2.0 by the CMS range")
        #expect(report.findings.isEmpty)
    }

    @Test func watchWaitsOnlyForWhatTheStoreCanEnd() throws {
        let lagging = try Self.evaluate(Self.answers("kr", Self.entry("1.9.0")), [Self.minimum("2.0.0")], installed: [InstalledGroup(version: "1.0.0")])
        #expect(lagging.watchStep == .waiting(why: "min-above-store in kr"))
        let locked = try Self.evaluate(Self.answers("kr", Self.entry("1.9.0", minimumOS: "17.0")), [Self.minimum("2.0.0")],
                                       installed: [InstalledGroup(version: "1.0.0", os: "15.0")])
        #expect(locked.watchStep == .stuck, "no store update makes iOS 15 install it")
        let served = try Self.evaluate(Self.answers("kr", Self.entry("2.0.0")), [Self.minimum("2.0.0")], installed: [InstalledGroup(version: "1.0.0")])
        #expect(served.watchStep == .safe)
    }

    @Test func unreadablePolicyVersionStopsTheRun() {
        #expect(throws: PreflightError.self) {
            try Self.evaluate(Self.answers("kr", Self.entry("2.0.0")), [Self.minimum("1.3.0 (93)")])
        }
    }

    @Test func outputsCarryEveryFinding() throws {
        let report = try Self.evaluate(Self.answers("kr", Self.entry("1.9.0")) + Self.answers("jp", nil), [Self.minimum("2.0.0")],
                                       installed: [InstalledGroup(version: "1.0.0", users: 5)])
        let json = report.json.serialized()
        #expect(json.contains(#""kind":"min-above-store","severity":"dead-end","storefronts":["kr"],"versions":["1.0.0"],"users":5"#))
        #expect(json.contains(#""kind":"forced-not-listed""#))
        #expect(json.contains(#""totals":{"stranded":5,"forced":0,"prompted":0,"users":5}"#))
        #expect(report.text.contains("DEAD END  min-above-store · kr · 1.0.0 · 5 users"))
        #expect(report.text.contains("users: 5 stranded, 0 forced, 0 prompted"))
        #expect(report.markdown.hasPrefix("### toastercli preflight: 2 dead ends, 0 warnings"))
        #expect(report.markdown.contains("| 1.0.0 | 5 | **dead end** | **dead end** |"))
    }

    @Test func storefrontListMatchesItsDataFile() throws {
        let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../../data/app-store-storefronts.txt").path
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let codes = text.split(separator: "\n").map(String.init).filter { !$0.hasPrefix("#") && !$0.isEmpty }
        #expect(codes == AppStoreStorefronts.all, "run scripts/generate-storefronts")
        #expect(Set(codes).count == codes.count)
        #expect(codes.allSatisfy { $0.count == 2 && $0 == $0.lowercased() })
    }
}

@Suite struct PreflightProgressTests {
    @Test func fitsOneRow() {
        #expect(PreflightProgress.line(done: 0, total: 4, elapsed: .zero, width: 80) == "░░░░░░░░░░░░░░░░░░░░░░░░ 0/4 storefronts · estimating time left")
        #expect(PreflightProgress.line(done: 2, total: 4, elapsed: .seconds(60), width: 80).hasSuffix("2/4 storefronts · about 1 min 1 s left"))
        #expect(PreflightProgress.line(done: 2, total: 4, elapsed: .seconds(60), width: 80).hasPrefix("████████████░░░░░░░░░░░░ "))
        for width in [10, 30, 45, 60] {
            #expect(DisplayWidth.of(PreflightProgress.line(done: 1, total: 174, elapsed: .seconds(3), width: width)) < width)
        }
    }
}

@Suite struct InstalledBaseTests {
    @Test func readsColumnsInAnyOrder() throws {
        let groups = try InstalledBase.parse(csv: "\u{FEFF}users,version,os\r\n120,1.0.0,15.4\n30,2.0.0,\n")
        #expect(groups == [InstalledGroup(version: "1.0.0", os: "15.4", users: 120), InstalledGroup(version: "2.0.0", users: 30)])
    }

    @Test(arguments: [
        ("", "line 1: the file is empty"),
        ("version\n1.0.0\n", "line 1: the header must name version and users"),
        ("version,users,colour\n", "line 1: unknown column \"colour\""),
        ("version,users\n1.0.0,10\n1.0.0 (93),5\n", "line 3: invalid version \"1.0.0 (93)\""),
        ("version,users\n1.0.0,ten\n", "line 2: users \"ten\" is not a whole number"),
        ("version,users\n1.0.0,10,3\n", "line 2: 3 fields where the header has 2"),
        ("version,users\n\n1.0.0,1\n", "line 2: the line is empty"),
        ("version,users\n", "line 1: the file has a header but no installs"),
    ])
    func strictWithLineNumbers(text: String, expected: String) {
        #expect {
            try InstalledBase.parse(csv: text)
        } throws: { error in
            "\(error)".hasPrefix(expected)
        }
    }
}
