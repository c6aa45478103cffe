/// Gathers what the detectors found, cell by cell, into one finding per problem, with every
/// storefront and installed version it touches and the users it reaches.
struct FindingCollector {
    /// The groups of devices a finding reaches on one installed version in one storefront.
    private enum Reach {
        case every
        case groups(Set<Int>)

        init(_ group: Int?) { self = group.map { .groups([$0]) } ?? .every }

        func adding(_ group: Int?) -> Reach {
            guard case .groups(let known) = self, let group else { return .every }
            return .groups(known.union([group]))
        }
    }

    /// An installed version in a storefront; nil: a finding about no one storefront.
    private struct Place: Hashable {
        let row: Int
        let storefront: String?
    }

    private struct Entry {
        var storefronts: [String] = []
        var rows: [Int] = []
        /// Each place in the order found, and the groups of devices reached there.
        var places: [Place] = []
        var reach: [Place: Reach] = [:]
    }

    let rows: [InstalledGroup]
    /// Each group of devices' share of the users, in percent: one group of 100 without a
    /// template's percent conditions.
    let shares: [Double]
    private var order: [DetectedFinding] = []
    private var entries: [DetectedFinding: Entry] = [:]

    init(rows: [InstalledGroup], shares: [Double]) {
        self.rows = rows
        self.shares = shares
    }

    mutating func add(_ finding: DetectedFinding, at site: FindingSite) {
        if entries[finding] == nil { order.append(finding) }
        var entry = entries[finding] ?? Entry()
        if let storefront = site.storefront, !entry.storefronts.contains(storefront) { entry.storefronts.append(storefront) }
        if let row = site.row {
            if !entry.rows.contains(row) { entry.rows.append(row) }
            let place = Place(row: row, storefront: site.storefront)
            if let known = entry.reach[place] {
                entry.reach[place] = known.adding(site.group)
            } else {
                entry.places.append(place)
                entry.reach[place] = Reach(site.group)
            }
        }
        entries[finding] = entry
    }

    /// The share of users (in percent) that a reach holds.
    private func share(_ reach: Reach) -> Double {
        guard case .groups(let groups) = reach, shares.count > 1 else { return 100 }
        return groups.sorted().reduce(0) { $0 + shares[$1] }
    }

    /// The groups a finding reaches on a row, in any of its storefronts.
    private func reach(_ entry: Entry, row: Int) -> Reach {
        var union: Set<Int> = []
        for place in entry.places where place.row == row {
            guard case .groups(let groups) = entry.reach[place] else { return .every }
            union.formUnion(groups)
        }
        return .groups(union)
    }

    /// The users a finding reaches: on each row, those in each storefront it was found in when
    /// the installed base says where users are, else the row's users once.
    private func users(_ entry: Entry, rows sorted: [Int]) -> Int? {
        guard sorted.contains(where: { rows[$0].users != nil }) else { return nil }
        let total = sorted.reduce(0.0) { sum, row in
            guard rows[row].usersByStorefront != nil else { return sum + Double(rows[row].users ?? 0) * share(reach(entry, row: row)) / 100 }
            return entry.places.filter { $0.row == row }.reduce(sum) { sum, place in
                sum + Double(rows[row].users(in: place.storefront) ?? 0) * share(entry.reach[place] ?? .every) / 100
            }
        }
        return Int(total.rounded())
    }

    /// Dead ends first, then errors, then warnings, each in the order found; `unanswered`, the
    /// lookups that never answered, for the reason an `unanswered` finding gives.
    func findings(unanswered: [UnansweredLookup]) -> [PreflightFinding] {
        let all = order.map { finding -> PreflightFinding in
            let entry = entries[finding]!
            let sorted = entry.rows.sorted()
            let groups = sorted.map { rows[$0] }
            var versions: [String] = []
            for group in groups where !versions.contains(group.name) { versions.append(group.name) }
            let usersOn = PreflightText.usersOn(groups, shares: sorted.map { share(reach(entry, row: $0)) })
            let (message, fix) = finding.sentences(places: FindingPlaces(codes: entry.storefronts), versions: usersOn, unanswered: unanswered)
            return PreflightFinding(kind: finding.kind, severity: finding.kind.severity, storefronts: entry.storefronts, versions: versions,
                                    users: users(entry, rows: sorted), message: message, fix: fix, condition: finding.condition)
        }
        return PreflightFinding.Severity.allCases.flatMap { severity in all.filter { $0.severity == severity } }
    }
}
