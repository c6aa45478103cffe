import Testing
import ToasterPercentile

/// Firebase's placement of an installation for a percent condition, checked against the vectors
/// of its own server-side evaluator (firebase-admin-go `remoteconfig/condition_evaluator_test.go`,
/// `TestInstanceMicroPercentileComputation` and the `abcdef.123` of its percent tests).
@Suite struct InstallationPercentileTests {
    @Test(arguments: [
        ("1", "one", 64_146_488), ("2", "two", 76_516_209), ("3", "three", 6_701_947), ("4", "four", 85_000_289),
        ("5", "five", 2_514_745), ("", "😊", 9_911_325), ("", "😀", 62_040_281), ("hêl£o", "wørlÐ", 67_411_682),
        ("řemøťe", "çōnfįġ", 19_728_496), ("long", String(repeating: ".", count: 100), 39_278_120),
        ("very-long", String(repeating: ".", count: 1000), 71_699_042), ("abcdef", "123", 9_571_542),
    ])
    func firebasesVectors(seed: String, installationID: String, micro: Int) {
        #expect(InstallationPercentile.micro(seed: seed, installationID: installationID) == micro)
    }

    @Test func eachSeedIsPlacedOnItsOwn() {
        let placed = InstallationPercentile.bySeed(["1", "2"], installationID: "one")
        #expect(placed["1"] == 64_146_488)
        #expect(placed.count == 2 && placed["2"] != placed["1"], "seeds are independent")
    }
}
