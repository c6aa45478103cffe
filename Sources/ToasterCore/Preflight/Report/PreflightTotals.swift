/// How many users meet each outcome. Without a country column each installed version is
/// counted once, by its worst storefront (each group of devices by its own); with one, each
/// user in their own storefront. Users whose storefronts no lookup answered are `unknown`, never
/// counted as unharmed.
public struct PreflightTotals: Sendable, Equatable {
    /// Users per outcome, in one place or all of them.
    public struct Counts: Sendable, Equatable {
        public var stranded = 0
        public var forced = 0
        public var prompted = 0
        public var untouched = 0
        /// Users no answered lookup says anything about.
        public var unknown = 0
        public var users = 0

        public subscript(cell: PreflightCell) -> Int {
            switch cell {
            case .deadEnd: stranded
            case .forced: forced
            case .optional: prompted
            case .none: untouched
            case .unanswered: unknown
            }
        }

        /// Whether anything is known of these users: some answered lookup speaks for them.
        public var isKnown: Bool { users == 0 || unknown < users }
    }

    /// The users of one storefront.
    public struct Place: Sendable, Equatable {
        public var storefront: String
        public var counts: Counts
    }

    public var all: Counts
    /// With a country column: per storefront asked, in the order asked.
    public var storefronts: [Place]?
    /// With a country column: the users in storefronts that were not asked (`counts.users`).
    public var notAsked: [Place]

    /// `outcome` of each cell, its storefront a column of `storefronts`; `shares` each group's
    /// share of the users, in percent. Nil when the installed base gives no user counts.
    init?(rows: [InstalledGroup], storefronts: [String], shares: [Double], outcome: (GridCell) -> PreflightCell) {
        guard rows.contains(where: { $0.users != nil }) else { return nil }
        var all = Tally(), byStorefront = Array(repeating: Tally(), count: storefronts.count)
        var notAsked: [String: Int] = [:]
        for (index, row) in rows.enumerated() {
            guard let byCountry = row.usersByStorefront else {
                // Each group of devices by its worst storefront; unanswered ranks lowest.
                for (group, share) in shares.enumerated() {
                    let worst = storefronts.indices.map { outcome(GridCell(row: index, group: group, storefront: $0)) }
                        .max { $0.rank < $1.rank } ?? .unanswered
                    all.add(worst, Double(row.users ?? 0) * share / 100)
                }
                continue
            }
            for (code, users) in byCountry {
                guard let column = storefronts.firstIndex(of: code) else {
                    notAsked[code, default: 0] += users
                    continue
                }
                for (group, share) in shares.enumerated() {
                    let part = Double(users) * share / 100
                    let cell = outcome(GridCell(row: index, group: group, storefront: column))
                    all.add(cell, part)
                    byStorefront[column].add(cell, part)
                }
            }
        }
        self.all = all.counts
        let byCountry = rows.contains { $0.usersByStorefront != nil }
        self.storefronts = byCountry ? zip(storefronts, byStorefront).map { Place(storefront: $0, counts: $1.counts) } : nil
        self.notAsked = notAsked.sorted { $0.key < $1.key }.map { Place(storefront: $0.key, counts: Counts(users: $0.value)) }
    }

    /// Users per outcome as they add up, in fractions where a group of devices holds a share.
    private struct Tally {
        var users: [PreflightCell: Double] = [:]

        mutating func add(_ cell: PreflightCell, _ count: Double) { users[cell, default: 0] += count }

        var counts: Counts {
            func rounded(_ cell: PreflightCell) -> Int { Int((users[cell] ?? 0).rounded()) }
            return Counts(stranded: rounded(.deadEnd), forced: rounded(.forced), prompted: rounded(.optional), untouched: rounded(.none),
                          unknown: rounded(.unanswered), users: Int(users.values.reduce(0, +).rounded()))
        }
    }
}
