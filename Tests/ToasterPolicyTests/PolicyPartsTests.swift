import Foundation
import Testing
import ToasterCore
@testable import ToasterPolicy

/// The policy's parts on their own: the sentence of an unknown key, the dead ends' error, and
/// what a forced window asks of the app.
@Suite struct PolicyPartsTests {
    private func refusal(_ object: JSONTree, known: [String]) -> String? {
        do throws(PolicyError) {
            try ServicePolicy.refuseUnknownKeys(object, at: JSONPlace.root.key("apps").index(0), known: known, kind: "a policy key")
            return nil
        } catch {
            return error.description
        }
    }

    @Test func anUnknownKeyIsNamedWithItsPlaceAndTheNearestKnownOne() throws {
        let misspelt = try StrictJSON.parse(Data(#"{"trackId": 1, "bundleIdd": "x"}"#.utf8))
        #expect(refusal(misspelt, known: ["trackId", "bundleId"]) == #"apps[0].bundleIdd: "bundleIdd" is not a policy key; did you mean `bundleId`?"#)
        let unlike = try StrictJSON.parse(Data(#"{"zzz": 1}"#.utf8))
        #expect(refusal(unlike, known: ["trackId", "bundleId"]) == #"apps[0].zzz: "zzz" is not a policy key (known: trackId, bundleId)"#)
        #expect(refusal(try StrictJSON.parse(Data(#"{"trackId": 1}"#.utf8)), known: ["trackId"]) == nil)
    }

    @Test func deadEndsAreOneErrorThatCountsThem() throws {
        #expect(PolicyError.deadEnds([]) == nil)
        let one = try #require(PolicyError.deadEnds(["apps[0]: kr"]))
        #expect(one.kind == .deadEnd && one.findings == ["apps[0]: kr"])
        #expect(one.description == "the policy strands users in a storefront it serves (1 dead end): apps[0]: kr")
        #expect(PolicyError.deadEnds(["a", "b"])?.description == "the policy strands users in a storefront it serves (2 dead ends): a; b")
    }

    @Test func aForcedWindowAsksForItsRangeBetweenItsDates() {
        let window = ForcedWindow(title: "Update", message: "Please", startDate: "2026-01-01T00:00:00Z", endDate: "2026-02-01T00:00:00Z",
                                  minAppVersion: "1.0.0", maxAppVersion: "1.9.9", buttonTitle: "OK", url: "https://example.com")
        let answer = window.sourceAnswer
        #expect(answer.forcedRange == ForcedRange(minAppVersion: "1.0.0", maxAppVersion: "1.9.9",
                                                  start: ISO8601.parse("2026-01-01T00:00:00Z"), end: ISO8601.parse("2026-02-01T00:00:00Z")))
        #expect(answer.forcedRange?.start != nil && answer.updateURL == "https://example.com")
        #expect(answer.texts == AlertTextOverride(title: "Update", message: "Please", buttonTitle: "OK"))
    }
}
