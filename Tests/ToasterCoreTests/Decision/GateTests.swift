import FoundationEssentials
import Testing
@testable import ToasterCore

@Suite struct GateTests {
    private let now = ISO8601.parse("2026-11-22T09:00:00Z")!

    private func decide(_ current: String, latest: String = "2.0.0", minimum: String? = nil, released: String = "2026-11-22T08:00:00Z",
                        minimumOS: String = "17.0", days: Int = 0, os: String? = nil) throws -> DecisionReport {
        let answer = SourceAnswer(latestVersion: latest, minimumRequiredVersion: minimum,
                                  listing: StoreListing(appName: "토스터", version: latest, releaseDate: released, minimumOSVersion: minimumOS))
        return try UpdateDecider(appID: "1", releasedForDays: days, osVersion: os.map { try Version($0) })
            .decide(current: current, answer: answer, now: now)
    }

    @Test func noGateByDefaultLikeTheSeeds() throws {
        #expect(try decide("1.0.0").decision == .forced)
        #expect(try decide("1.0.0").heldBack == nil)
    }

    @Test func aYoungReleaseHoldsStoreVersionPromptsBack() throws {
        let held = try decide("1.9.0", latest: "1.10.0", days: 1)
        #expect(held.decision == .none)
        #expect(held.alert == nil)
        #expect(held.heldDecision == .optional)
        #expect(held.reason == .minor, "the row that decided stays visible")
        #expect(held.heldBack == .releaseAge(releasedAt: ISO8601.parse("2026-11-22T08:00:00Z")!, days: 1))
        #expect(try decide("1.0.0", days: 1).heldDecision == .forced, "a major update from the store waits too")
        #expect(try decide("1.9.0", latest: "1.10.0", released: "2026-11-21T08:59:59Z", days: 1).decision == .optional)
        #expect(try decide("1.9.0", latest: "1.10.0", released: "2026-11-21", days: 1).decision == .optional,
                "a bare day reads as its midnight UTC")
    }

    @Test func withoutAReleaseDateTheReleaseGateHoldsLikeSiren() throws {
        for released in ["", "last week"] {
            let held = try decide("1.9.0", latest: "1.10.0", released: released, days: 1)
            #expect(held.decision == .none)
            #expect(held.heldBack == .releaseDateUnknown(days: 1))
            #expect(held.text.contains("held back: optional alert held by releaseAge (no release date to count 1 day from)"))
        }
        let noListing = SourceAnswer(latestVersion: "1.10.0", listing: StoreListing(appName: "Toaster", version: "1.10.0"))
        #expect(try UpdateDecider(appID: "1", releasedForDays: 2).decide(current: "1.9.0", answer: noListing, now: now).heldBack
                == .releaseDateUnknown(days: 2))
        #expect(try decide("1.9.0", latest: "1.10.0", released: "").decision == .optional, "no gate asked for, none applied")
    }

    @Test func theReleaseGateLeavesExplicitForcingAlone() throws {
        let report = try decide("1.0.0", latest: "1.0.1", minimum: "1.0.1", days: 7)
        #expect(report.decision == .forced)
        #expect(report.reason == .belowMinimumRequired)
    }

    @Test func anOSTooOldForTheUpdateHoldsEveryAlert() throws {
        let optional = try decide("1.9.0", latest: "1.10.0", os: "16.4")
        #expect(optional.heldBack == .osVersion(required: "17.0", device: "16.4"))
        #expect(optional.heldDecision == .optional)
        let forced = try decide("1.0.0", latest: "1.0.1", minimum: "1.0.1", os: "16.4")
        #expect(forced.decision == .none, "the device cannot install it: forcing would lock the user out")
        #expect(forced.heldDecision == .forced)
        #expect(try decide("1.9.0", latest: "1.10.0", os: "17").decision == .optional)
        #expect(try decide("1.9.0", latest: "1.10.0", minimumOS: "unknown", os: "16").decision == .optional,
                "an unreadable minimumOsVersion cannot be held against the device")
    }

    @Test func checkOutputNamesTheGate() throws {
        let held = try decide("1.9.0", latest: "1.10.0", days: 3)
        #expect(held.text.contains("held back: optional alert held by releaseAge (released 2026-11-22T08:00:00Z, prompts 3 days after release)"))
        let json = held.json.serialized()
        #expect(json.contains(#""decision":"none""#))
        #expect(json.contains(#""heldBackBy":"releaseAge""#))
        #expect(json.contains(#""heldDecision":"optional""#))
        #expect(try decide("1.0.0").json.serialized().contains(#""heldBackBy":null"#))
    }
}
