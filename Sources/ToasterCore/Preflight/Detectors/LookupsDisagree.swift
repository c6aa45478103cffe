extension DetectedFinding {
    /// `lookups-disagree`: a storefront's lookups answer different versions, so an app asking
    /// the older one is told something else.
    struct LookupsDisagree: Hashable {
        /// nil: those lookups do not list the app.
        let older: String?
        let olderLookups: [LookupRequest.Everywhere]
        let newer: String
        let newerLookups: [LookupRequest.Everywhere]
        /// Whether the policy forces users there past what the older answer gives.
        let forcesPast: Bool
    }
}

extension PreflightGrid {
    func lookupsDisagree(in column: Int) -> DetectedFinding.LookupsDisagree? {
        let view = views[column]
        guard !view.answeredNothing else { return nil }
        let said = view.answers.map { $0.entry?.listing.version }
        func older(_ lhs: String?, _ rhs: String?) -> Bool {
            switch (lhs, rhs) {
            case let (l?, r?): StorefrontView.older(l, than: r)
            case (nil, .some): true
            default: false
            }
        }
        // Answers that differ: at least one lists the app.
        guard Set(said).count > 1, let newest = said.max(by: older) ?? nil else { return nil }
        let oldest = said.min(by: older) ?? nil
        func lookups(_ version: String?) -> [LookupRequest.Everywhere] {
            view.answers.filter { $0.entry?.listing.version == version }.map(\.request.everywhere)
        }
        // Forcing advice only where the policy asks for more than the older answer gives.
        let forcing = cells(inStorefront: column).contains { self[$0]?.report.decision == .forced }
        return DetectedFinding.LookupsDisagree(older: oldest, olderLookups: lookups(oldest), newer: newest, newerLookups: lookups(newest),
                                               forcesPast: forcing && forcesPast(oldest))
    }

    /// Whether a layer forces users past `version`, what some lookup answers: a minimum above
    /// it, or a forced range reaching it. A version that is not listed or cannot be read gives
    /// no update at all, so any forcing does.
    private func forcesPast(_ version: String?) -> Bool {
        guard let version = version.flatMap({ try? Version($0) }) else { return true }
        return input.possibleLayers.contains { layer in
            let answer = layer.answer
            if let minimum = answer.minimumRequiredVersion.flatMap({ try? Version($0) }), version < minimum { return true }
            if let upper = answer.forcedRange.flatMap({ try? Version($0.maxAppVersion) }), version <= upper { return true }
            return false
        }
    }
}
