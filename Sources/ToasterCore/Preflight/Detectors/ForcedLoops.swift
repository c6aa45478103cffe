/// The dead ends of a forced user whom updating does not release: the app is not listed, the
/// store serves nothing newer than what forces them, or the version they update to is forced too.
extension DetectedFinding {
    /// `forced-not-listed`.
    enum ForcedNotListed: Hashable {
        /// The storefront does not list the app, yet `cause` forces its users.
        case notListed(cause: PolicyCause)
        /// The storefront serves `served`, which `cause` still forces: nothing newer to update to.
        case nothingNewer(served: String, cause: PolicyCause)
    }

    /// `min-above-store`: a minimum above the version the storefront serves.
    struct MinAboveStore: Hashable {
        let minimum: String
        let served: String
        let cause: PolicyCause
        /// A template's condition is named first: it is what the team edits.
        let fromTemplate: Bool
    }

    /// `forced-after-update`: the version a forced user updates to is forced as well.
    struct ForcedAfterUpdate: Hashable {
        let served: String
        let cause: PolicyCause
        let reason: DecisionReason
    }
}

extension PreflightGrid {
    func forcedNotListed(at cell: GridCell) -> DetectedFinding.ForcedNotListed? {
        guard let decided = self[cell], decided.report.decision == .forced else { return nil }
        guard let served = view(cell).served else { return .notListed(cause: decided.layer.cause(of: decided.report.reason)) }
        guard let loop = loop(at: cell), !loop.afterUpdate, loop.report.reason != .belowMinimumRequired else { return nil }
        return .nothingNewer(served: served.listing.version, cause: loop.cause)
    }

    func minAboveStore(at cell: GridCell) -> DetectedFinding.MinAboveStore? {
        guard let loop = loop(at: cell), loop.report.reason == .belowMinimumRequired, let served = view(cell).served else { return nil }
        return DetectedFinding.MinAboveStore(minimum: loop.layer.answer.minimumRequiredVersion ?? "?", served: served.listing.version,
                                             cause: loop.cause, fromTemplate: loop.layer.template != nil)
    }

    func forcedAfterUpdate(at cell: GridCell) -> DetectedFinding.ForcedAfterUpdate? {
        guard let loop = loop(at: cell), loop.afterUpdate, loop.report.reason != .belowMinimumRequired,
              let served = view(cell).served else { return nil }
        return DetectedFinding.ForcedAfterUpdate(served: served.listing.version, cause: loop.cause, reason: loop.report.reason)
    }
}
