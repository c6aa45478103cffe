import Testing
@testable import ToasterCore

@Suite struct NearestNameTests {
    private let policyKeys = ["trackId", "bundleId", "name", "version", "countries", "minRequiredVersion", "minimumOsVersion"]

    @Test(arguments: [
        ("minRequiredVersoin", "minRequiredVersion"), ("bundleID", "bundleId"), ("verison", "version"),
        ("countres", "countries"), ("minimumOSVersion", "minimumOsVersion"),
    ])
    func aSlipOfTheKeyboardFindsTheKnownName(typed: String, meant: String) {
        #expect(NearestName.to(typed, among: policyKeys) == meant)
    }

    @Test(arguments: ["comment", "apps", "x"])
    func aDifferentWordFindsNone(typed: String) {
        #expect(NearestName.to(typed, among: policyKeys) == nil)
    }

    @Test func aSwapOfNeighboursIsOneEdit() {
        #expect(NearestName.edits(Array("ab"), Array("ba")) == 1)
        #expect(NearestName.edits(Array(""), Array("abc")) == 3)
        #expect(NearestName.edits(Array("kitten"), Array("sitting")) == 3)
    }
}
