import Testing
@testable import ToasterCore

/// Which storefronts a round asks, given what App Store Connect knows.
@Suite struct StorefrontChoiceTests {
    static let facts = AppStoreConnectFacts(availableStorefronts: ["jp", "kr"], unavailableStorefronts: ["us"], versions: [])

    @Test func allIsNarrowedToWhereTheAppIsAvailableInTheNamedOrder() {
        let all = StorefrontChoice(named: ["kr", "us", "jp"], all: true)
        #expect(all.asked(given: Self.facts) == ["kr", "jp"])
        #expect(all.leftOut(given: Self.facts) == "App Store Connect: the app is not available in 1 of 3 storefronts; only the 2 where it is are asked")
        #expect(all.asked(given: nil) == ["kr", "us", "jp"], "without App Store Connect every storefront is asked")
        #expect(all.leftOut(given: nil) == nil)
    }

    @Test func namedStorefrontsAreAskedAsTold() {
        let named = StorefrontChoice(named: ["kr", "us"], all: false)
        #expect(named.asked(given: Self.facts) == ["kr", "us"], "us then shows as forced-not-listed")
        #expect(named.leftOut(given: Self.facts) == nil)
    }
}
