/// Which storefronts a round of preflight asks: those `--countries` names, and with
/// `--countries all` and App Store Connect's facts, only those where the app is available.
public struct StorefrontChoice: Sendable, Equatable {
    /// The storefronts named, in order (every storefront for `all`).
    public let named: [String]
    /// `--countries all`: App Store Connect's availability may narrow it.
    public let all: Bool

    public init(named: [String], all: Bool) {
        self.named = named
        self.all = all
    }

    /// The storefronts to ask, given what App Store Connect knows (nil: not asked).
    public func asked(given facts: AppStoreConnectFacts?) -> [String] {
        guard let facts, all else { return named }
        return named.filter(facts.availableStorefronts.contains)
    }

    /// The warning when App Store Connect leaves storefronts out; nil when it leaves none out.
    public func leftOut(given facts: AppStoreConnectFacts?) -> String? {
        let available = asked(given: facts)
        guard available.count < named.count else { return nil }
        return "App Store Connect: the app is not available in \(named.count - available.count) of \(named.count) storefronts; "
            + "only the \(available.count) where it is are asked"
    }
}
