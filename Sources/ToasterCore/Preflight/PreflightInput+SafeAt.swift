import FoundationEssentials

extension PreflightReport {
    /// From when forcing is expected to be safe, while only waiting stands in the way.
    public enum SafeAt: Sendable, Equatable {
        case at(Date)
        /// Storefronts still serve an older version after the usual lag has passed: no time to give.
        case pastUsualLag

        /// `safeAt` in JSON: the instant, or null when no time can be given.
        public var date: Date? {
            if case .at(let date) = self { return date }
            return nil
        }
    }

    /// How long a released version may take to reach every storefront: App Store Connect's
    /// help says to allow up to 24 hours (docs/10-preflight.md).
    public static let usualStoreLag: Duration = .seconds(86_400)

    /// "Not yet": what `--watch` would wait on and nothing else blocks; the plain run exits with
    /// it, and so does quitting the board, so that the two modes give one verdict.
    public static let notYetStatus: Int32 = 4

    /// The exit status of a report, in this order: 3 for a dead end (with `--strict`, any
    /// finding); 1 when a storefront never answered or the run could not finish; 4 when
    /// `--watch` would wait (`watchStep`, the one predicate both modes use); else 0.
    public func status(strict: Bool) -> Int32 {
        if hasDeadEnd || (strict && !findings.isEmpty) { return Self.deadEndStatus }
        if error != nil || hasUnanswered { return 1 }
        if case .waiting = watchStep { return Self.notYetStatus }
        return 0
    }
}

extension PreflightInput {
    /// When forcing becomes safe, if `--watch` would wait on `report`: the youngest release
    /// date plus the minimum release age, and, while storefronts still serve an older version
    /// than others, no earlier than the newest version's release plus the usual store lag.
    /// Never while the store catching up would leave a dead end (a minimum no storefront shows
    /// any sign of, a storefront that does not list the app), nor while a storefront is
    /// unanswered: waiting cannot end those, or nothing is known.
    public func safeAt(_ report: PreflightReport) -> PreflightReport.SafeAt? {
        guard case .waiting = report.watchStep, report.findings.allSatisfy({
            $0.kind.endsByWaiting ? $0.kind != .unanswered : $0.severity != .deadEnd
        }) else { return nil }
        var released = report.storefronts.compactMap { $0.served?.listing.releaseDate.flatMap(ISO8601.parse) }
        var lagEnds: Date?
        let lagging = report.findings.filter { $0.kind != .tooFresh && $0.kind.endsByWaiting }
        if !lagging.isEmpty {
            // Only a lag the store ends: each storefront named serves something older than the newest version answered,
            // and once every storefront serves that, no dead end is left.
            guard let newest = Self.newestRelease(report), lagging.allSatisfy({ finding in
                finding.storefronts.allSatisfy { code in
                    report.storefronts.first { $0.storefront == code }?.servedVersion.map { $0 < newest.version } ?? false
                }
            }), catchingUpEnds(report, newest: newest.entry) else { return nil }
            // Once they catch up they serve it, so its release counts for the release age too.
            released.append(newest.released)
            lagEnds = newest.released.addingTimeInterval(Double(PreflightReport.usualStoreLag.wholeSeconds))
        }
        guard let youngest = released.max() else { return nil }
        let safe = max(youngest.addingTimeInterval(Double(minimumReleaseAge.wholeSeconds)), lagEnds ?? .distantPast)
        if safe > now { return .at(safe) }
        return lagEnds == nil ? nil : .pastUsualLag
    }

    /// The newest version any answer lists, the earliest release date given for it, and the
    /// answer that gives it.
    private static func newestRelease(_ report: PreflightReport) -> (version: Version, released: Date, entry: LookupEntry)? {
        let entries = report.storefronts.flatMap { $0.answers.compactMap(\.entry) }
            .compactMap { entry in (try? Version(entry.listing.version)).map { ($0, entry.listing.releaseDate.flatMap(ISO8601.parse), entry) } }
        guard let newest = entries.map(\.0).max(),
              let earliest = entries.filter({ $0.0 == newest && $0.1 != nil }).min(by: { $0.1! < $1.1! }),
              let released = earliest.1 else { return nil }
        return (newest, released, earliest.2)
    }

    /// Whether the store catching up ends every dead end: evaluated again with every answer that
    /// lists the app serving `newest`, nothing strands anyone. A minimum above every version
    /// answered, or a storefront that does not list the app, still does.
    private func catchingUpEnds(_ report: PreflightReport, newest: LookupEntry) -> Bool {
        var caughtUp = self
        caughtUp.storefronts = report.storefronts.map(\.storefront)
        caughtUp.answers = report.storefronts.flatMap { view in
            view.answers.map { LookupAnswer(request: $0.request, entry: $0.entry == nil ? nil : newest) }
        }
        caughtUp.unanswered = []
        guard let after = try? caughtUp.evaluate() else { return false }
        return !after.hasDeadEnd
    }
}
