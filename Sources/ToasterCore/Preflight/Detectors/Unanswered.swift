extension DetectedFinding {
    /// `unanswered`: the storefronts where the same lookups failed; what did answer there is
    /// still evaluated.
    struct Unanswered: Hashable {
        /// No lookup answered: nothing is known of the storefront.
        let answeredNothing: Bool
        let failed: [LookupRequest.Everywhere]
    }
}

extension PreflightGrid {
    /// One per storefront a lookup of failed, in the order asked.
    func unanswered() -> [(finding: DetectedFinding.Unanswered, site: FindingSite)] {
        views.filter { $0.unanswered != nil }.map { view in
            // Named in a fixed order (the id before the bundle id, the query form first), not the
            // order they gave up in, so that storefronts where the same lookups failed share a finding.
            let requests = input.unanswered.filter { $0.request.storefront == view.storefront }
                .reduce(into: [LookupRequest]()) { if !$0.contains($1.request) { $0.append($1.request) } }
                .sorted { lhs, rhs in
                    func rank(_ request: LookupRequest) -> (Int, Int) {
                        if case .id = request.key { (0, request.form == .query ? 0 : 1) } else { (1, request.form == .query ? 0 : 1) }
                    }
                    return rank(lhs) < rank(rhs)
                }
            return (DetectedFinding.Unanswered(answeredNothing: view.answeredNothing, failed: requests.map(\.everywhere)),
                    FindingSite(storefront: view.storefront, row: nil, group: nil))
        }
    }
}
