import FoundationEssentials

extension DetectedFinding {
    /// `too-fresh`: a release younger than the minimum age may not have reached every device's store yet.
    struct TooFresh: Hashable {
        let version: String
        let releaseDate: String
        /// Forced, else prompted.
        let forced: Bool
        let condition: String?
        /// Whole hours since the release; nil while it is still to come.
        let hoursAgo: Int?
        let minimumAge: Duration
        let safeAt: Date
    }
}

extension PreflightGrid {
    func tooFresh(at cell: GridCell) -> DetectedFinding.TooFresh? {
        let view = self.view(cell)
        guard let decided = self[cell], decided.report.decision != .none, let served = view.served, let version = view.servedVersion,
              decided.report.current < version, let releaseText = served.listing.releaseDate, let released = ISO8601.parse(releaseText)
        else { return nil }
        let safeAt = released.addingTimeInterval(Double(input.minimumReleaseAge.wholeSeconds))
        guard input.now < safeAt else { return nil }
        return DetectedFinding.TooFresh(version: served.listing.version, releaseDate: releaseText, forced: decided.report.decision == .forced,
                                        condition: decided.layer.cause(of: decided.report.reason).condition,
                                        hoursAgo: input.now < released ? nil : max(0, Int(input.now.timeIntervalSince(released) / 3600)),
                                        minimumAge: input.minimumReleaseAge, safeAt: safeAt)
    }
}
