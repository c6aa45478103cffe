import FoundationEssentials
import Testing
@testable import ToasterCore

/// What App Store Connect's facts change in preflight's evaluation, and the territory table.
@Suite struct AppStoreConnectEvaluationTests {
    private static func facts(_ versions: [AppStoreConnectVersion], phased: PhasedRelease? = nil, minimumOS: String? = nil) -> AppStoreConnectFacts {
        AppStoreConnectFacts(availableStorefronts: ["jp", "kr"], unavailableStorefronts: ["us"], versions: versions,
                             phasedRelease: phased, buildMinimumOSVersion: minimumOS)
    }

    private static func evaluate(_ answers: [LookupAnswer], _ layers: [PolicyLayer], installed: [InstalledGroup],
                                 facts: AppStoreConnectFacts?) throws -> PreflightReport {
        var input = PreflightInput(storefronts: ["kr", "jp"], answers: answers, layers: layers, installed: installed, appID: "42",
                                   now: Evaluation.now)
        input.appStoreConnect = facts
        return try input.evaluate()
    }

    private static let lagging = Evaluation.answers("kr", Evaluation.entry("2.0.0", minimumOS: "16.0"))
        + Evaluation.answers("jp", Evaluation.entry("1.9.0", minimumOS: "15.0"))

    @Test func everyStorefrontHasItsTerritoryAndNoOther() {
        let table = AppStoreTerritories.storefrontByTerritory
        for code in AppStoreStorefronts.all {
            #expect(AppStoreTerritories.territory(forStorefront: code) != nil, "storefront \(code) has no territory")
        }
        #expect(Set(table.values) == Set(AppStoreStorefronts.all), "the table names only storefronts, and every one")
        #expect(table.keys.allSatisfy { $0.count == 3 && $0 == $0.uppercased() })
        #expect(table["KOR"] == "kr" && table["USA"] == "us" && table["JPN"] == "jp" && table["GBR"] == "gb")
        #expect(table["XKS"] == "xk", "App Store Connect's code for Kosovo")
        #expect(AppStoreTerritories.territory(forStorefront: "xk") == "XKS")
    }

    @Test func aMinimumNotReleasedIsADeadEndEverywhereItForces() throws {
        let pending = Self.facts([AppStoreConnectVersion(versionString: "1.9.0", state: "REPLACED_WITH_NEW_VERSION"),
                                  AppStoreConnectVersion(versionString: "2.0.0", state: "PENDING_DEVELOPER_RELEASE", releaseType: "MANUAL")])
        let report = try Self.evaluate(Evaluation.answers("kr", Evaluation.entry("2.0.0")) + Evaluation.answers("jp", Evaluation.entry("2.0.0")),
                                       [Evaluation.minimum("2.0.0")], installed: [InstalledGroup(version: "1.9.0", users: 10)], facts: pending)
        let finding = try #require(report.findings.first { $0.kind == .forcedUnreleased })
        #expect(finding.severity == .deadEnd)
        #expect(finding.storefronts == ["kr", "jp"])
        #expect(finding.users == 10)
        #expect(finding.message.contains("2.0.0 as pending developer release"), "\(finding.message)")
        #expect(report.cells == [[.deadEnd, .deadEnd]], "the lookup serving 2.0.0 early does not make it installable")
        guard case .stuckUntilReleased(let why) = report.watchStep else {
            Issue.record("--watch must report it as stuck until released, not as waiting: \(report.watchStep)")
            return
        }
        #expect(why.contains("pending developer release"))

        let released = Self.facts([AppStoreConnectVersion(versionString: "2.0.0", state: "READY_FOR_DISTRIBUTION")])
        let after = try Self.evaluate(Evaluation.answers("kr", Evaluation.entry("2.0.0")) + Evaluation.answers("jp", Evaluation.entry("2.0.0")),
                                      [Evaluation.minimum("2.0.0")], installed: [InstalledGroup(version: "1.9.0", users: 10)], facts: released)
        #expect(after.findings.isEmpty)
        #expect(after.watchStep == .safe)
    }

    @Test func aMinimumAppStoreConnectHasNoVersionForSaysSo() throws {
        let report = try Self.evaluate(Self.lagging, [Evaluation.minimum("3.0.0")], installed: [InstalledGroup(version: "2.0.0")],
                                       facts: Self.facts([AppStoreConnectVersion(versionString: "2.0.0", state: "READY_FOR_DISTRIBUTION")]))
        let finding = try #require(report.findings.first { $0.kind == .forcedUnreleased })
        #expect(finding.message.contains("App Store Connect has no version 3.0.0 or later"))
    }

    @Test func theBuildsMinimumIOSCountsWhereTheLookupHasNotCaughtUp() throws {
        let installed = [InstalledGroup(version: "1.9.0", os: "15.8", users: 3)]
        let without = try Self.evaluate(Self.lagging, [Evaluation.minimum("2.0.0")], installed: installed, facts: nil)
        #expect(without.findings.first { $0.kind == .osDeadEnd }?.storefronts == ["kr"], "without App Store Connect, jp's lookup says iOS 15.0")

        let facts = Self.facts([AppStoreConnectVersion(versionString: "2.0.0", state: "READY_FOR_DISTRIBUTION")], minimumOS: "16.0")
        let with = try Self.evaluate(Self.lagging, [Evaluation.minimum("2.0.0")], installed: installed, facts: facts)
        let fromBuild = try #require(with.findings.first { $0.kind == .osDeadEnd && $0.storefronts == ["jp"] })
        #expect(fromBuild.message.contains("2.0.0 needs iOS 16.0 (its build in App Store Connect; the lookup still serves 1.9.0)"), "\(fromBuild.message)")
    }

    /// Both storefronts serve 2.0.0, App Store Connect's newest, with the lookup's `minimumOS`;
    /// 1.9.0 on iOS 16.2 is forced to it.
    private static func servingTheNewest(lookupOS: String?, buildOS: String?) throws -> PreflightReport {
        let served = Evaluation.entry("2.0.0", minimumOS: lookupOS)
        return try evaluate(Evaluation.answers("kr", served) + Evaluation.answers("jp", served), [Evaluation.minimum("2.0.0")],
                            installed: [InstalledGroup(version: "1.9.0", os: "16.2", users: 5)],
                            facts: facts([AppStoreConnectVersion(versionString: "2.0.0", state: "READY_FOR_DISTRIBUTION")], minimumOS: buildOS))
    }

    @Test func theBuildsHigherMinimumIOSWinsWhereTheLookupServesTheSameVersion() throws {
        let report = try Self.servingTheNewest(lookupOS: "15.0", buildOS: "17.0")
        let finding = try #require(report.findings.first { $0.kind == .osDeadEnd }, "the lookup's iOS 15.0 must not hide the build's 17.0")
        #expect(finding.severity == .deadEnd)
        #expect(finding.storefronts == ["kr", "jp"])
        #expect(finding.users == 5)
        #expect(finding.message.hasPrefix("2.0.0 needs iOS 17.0 (its build in App Store Connect; the lookup says iOS 15.0), but users on 1.9.0 with iOS 16.2"),
                "\(finding.message)")
        #expect(finding.fix.contains("below iOS 17.0"))
        #expect(report.cells == [[.deadEnd, .deadEnd]])
        #expect(report.watchStep == .stuck)

        let noLookupOS = try Self.servingTheNewest(lookupOS: nil, buildOS: "17.0")
        #expect(noLookupOS.findings.first { $0.kind == .osDeadEnd }?.message
            .contains("needs iOS 17.0 (its build in App Store Connect; the lookup gives no minimum iOS)") == true)
    }

    @Test func theLookupsHigherMinimumIOSWinsAndTheFindingSaysWhose() throws {
        let report = try Self.servingTheNewest(lookupOS: "17.0", buildOS: "16.0")
        let finding = try #require(report.findings.first { $0.kind == .osDeadEnd })
        #expect(finding.message.hasPrefix("2.0.0 needs iOS 17.0 (the lookup's minimumOsVersion; its build in App Store Connect says iOS 16.0)"),
                "\(finding.message)")

        let agreeing = try Self.servingTheNewest(lookupOS: "17.0", buildOS: "17")
        #expect(agreeing.findings.first { $0.kind == .osDeadEnd }?.message
            .hasPrefix("2.0.0 needs iOS 17.0 (its build in App Store Connect and the lookup agree)") == true)
    }

    @Test func bothMinimumsAtOrBelowTheDevicesIOSStrandNobody() throws {
        let report = try Self.servingTheNewest(lookupOS: "15.0", buildOS: "16.2")
        #expect(report.findings.isEmpty, "\(report.findings.map(\.message))")
        #expect(report.cells == [[.forced, .forced]])
        #expect(report.watchStep == .safe)
    }

    @Test func thePhasedReleaseIsShownWithWhatItDoesNotPace() throws {
        let facts = Self.facts([AppStoreConnectVersion(versionString: "2.0.0", state: "READY_FOR_DISTRIBUTION", releaseType: "AFTER_APPROVAL")],
                               phased: PhasedRelease(state: "ACTIVE", currentDayNumber: 3, startDate: "2026-11-20T00:00:00Z"), minimumOS: "16.0")
        let report = try Self.evaluate(Evaluation.answers("kr", Evaluation.entry("2.0.0")) + Evaluation.answers("jp", Evaluation.entry("2.0.0")),
                                       [Evaluation.minimum("2.0.0")], installed: [InstalledGroup(version: "1.9.0")], facts: facts)
        #expect(report.text.contains("App Store Connect: 2.0.0 is ready for distribution (after approval release); its build needs iOS 16.0."))
        #expect(report.text.contains("Phased release: active, day 3 of 7 (since 2026-11-20T00:00:00Z); a phased release paces only automatic updates"))
        #expect(report.text.contains("Available in 2 of 3 storefronts."))
        #expect(report.markdown.contains("Phased release: active, day 3 of 7"))
        let json = report.json.serialized()
        #expect(json.contains(#""phasedRelease":{"phasedReleaseState":"ACTIVE","currentDayNumber":3,"days":7"#), "\(json)")
        #expect(json.contains(#""unavailableStorefronts":["us"]"#))
        #expect(json.contains(#""minOsVersion":"16.0""#))
    }

    @Test func withoutAppStoreConnectTheReportSaysNothingOfIt() throws {
        let report = try Self.evaluate(Self.lagging, [Evaluation.minimum("1.9.0")], installed: [InstalledGroup(version: "1.9.0")], facts: nil)
        #expect(!report.text.contains("App Store Connect"))
        #expect(report.json.serialized().contains(#""appStoreConnect":null"#))
    }
}
