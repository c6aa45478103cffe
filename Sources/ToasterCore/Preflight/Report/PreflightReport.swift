import FoundationEssentials

/// What a user on one installed version meets in one storefront.
public enum PreflightCell: String, Sendable {
    case none
    case optional
    case forced
    /// Spelt as the severity of the findings that strand the user.
    case deadEnd = "dead-end"
    /// No lookup of the storefront answered: nothing is known there.
    case unanswered

    /// Unanswered cells rank lowest: a row's worst outcome is the worst one known.
    var rank: Int {
        switch self {
        case .unanswered: -1
        case .none: 0
        case .optional: 1
        case .forced: 2
        case .deadEnd: 3
        }
    }
}

/// A storefront's answers and what it serves: the oldest version any of its answers lists
/// (a device may be told any of them; the store catches up last), nil when none lists the app.
/// A lookup that failed takes nothing away from those that answered: they are evaluated.
public struct StorefrontView: Sendable, Equatable {
    public var storefront: String
    public var answers: [LookupAnswer]
    public var served: LookupEntry?
    /// The last failure of one of its lookups that never answered; nil when every one answered.
    public var unanswered: String?

    init(storefront: String, answers: [LookupAnswer], unanswered: String? = nil) {
        self.storefront = storefront
        self.answers = answers
        self.unanswered = unanswered
        served = answers.compactMap(\.entry).min { Self.older($0.listing.version, than: $1.listing.version) }
    }

    /// Every lookup failed: nothing is known, so the storefront is not evaluated.
    var answeredNothing: Bool { unanswered != nil && answers.isEmpty }

    /// Version order with unreadable versions first (they are the ones to look at).
    static func older(_ lhs: String, than rhs: String) -> Bool {
        switch (try? Version(lhs), try? Version(rhs)) {
        case let (l?, r?): l < r
        case (nil, .some): true
        default: false
        }
    }

    var servedVersion: Version? { served.flatMap { try? Version($0.listing.version) } }
    var servedText: String { answeredNothing ? "no answer" : served?.listing.version ?? "not listed" }
}

/// The outcome: findings, the storefronts' answers, and the matrix of installed versions
/// against storefronts.
public struct PreflightReport: Sendable {
    public var findings: [PreflightFinding]
    public var storefronts: [StorefrontView]
    public var rows: [InstalledGroup]
    /// `cells[row][storefront index]`: with a template whose percent conditions split the
    /// users, the worst any group of devices meets.
    public var cells: [[PreflightCell]]
    /// How many users meet each outcome; nil when the installed base gives no user counts.
    public var totals: PreflightTotals?
    /// The rule the decisions followed, in one sentence (only a minimum forces, unless `--rules`).
    public var decisionRule: String?
    public var now: Date
    /// What App Store Connect said (its versions, the phased release, availability), when asked.
    public var appStoreConnect: AppStoreConnectFacts?
    /// The Remote Config template that was the policy, when one was.
    public var template: TemplateSummary?
    /// Why the run could not finish (a policy that cannot be read, say); the report then holds
    /// what was known by then.
    public var error: String?
    /// Why the report covers only part of the lookups (a signal stopped them): what was
    /// answered is evaluated, the rest is unanswered.
    public var partial: String?
    /// From when forcing is expected to be safe, while `--watch` would wait (`PreflightInput.safeAt`).
    public var safeAt: SafeAt?

    public init(findings: [PreflightFinding], storefronts: [StorefrontView], rows: [InstalledGroup], cells: [[PreflightCell]], now: Date,
                error: String? = nil) {
        self.findings = findings
        self.storefronts = storefronts
        self.rows = rows
        self.cells = cells
        self.now = now
        self.error = error
    }

    /// A run that could not finish before any storefront was evaluated.
    public static func unfinished(now: Date, error: String) -> PreflightReport {
        PreflightReport(findings: [], storefronts: [], rows: [], cells: [], now: now, error: error)
    }

    /// The exit status that blocks a release: a dead end (with `--strict`, any finding), and
    /// quitting the board while anything blocks.
    public static let deadEndStatus: Int32 = 3

    public var hasDeadEnd: Bool { findings.contains { $0.severity == .deadEnd } }

    /// Whether some storefront never answered.
    public var hasUnanswered: Bool { findings.contains { $0.kind == .unanswered } }

    /// What `--watch` does with this round.
    public enum WatchStep: Sendable, Equatable {
        /// Nothing left that waiting could end, and no dead end: force now.
        case safe
        /// Only what the store catching up can end; `why` names each finding and its storefronts.
        case waiting(why: String)
        /// A dead end that waiting cannot end.
        case stuck
        /// A minimum App Store Connect has not released (`forced-unreleased`): no waiting ends
        /// it, someone releasing the version does; `why` names the versions and their states.
        case stuckUntilReleased(why: String)
    }

    public var watchStep: WatchStep {
        if findings.contains(where: { $0.severity == .deadEnd && !$0.kind.endsByWaiting && $0.kind != .forcedUnreleased }) { return .stuck }
        let unreleased = findings.filter { $0.kind == .forcedUnreleased }
        if !unreleased.isEmpty { return .stuckUntilReleased(why: unreleased.map(\.message).joined(separator: " ")) }
        let waiting = findings.filter(\.kind.endsByWaiting)
        if waiting.isEmpty { return .safe }
        return .waiting(why: waiting.map { "\($0.kind.rawValue) in \($0.storefrontList)" }.joined(separator: "; "))
    }

    /// Rows' worst outcome across storefronts.
    public var worstCells: [PreflightCell] { cells.map { $0.max { $0.rank < $1.rank } ?? .none } }

    /// Users by outcome (`totals`); nil when the installed base has no user counts.
    public func users(_ cell: PreflightCell) -> Int? { totals?.all[cell] }

    /// Storefronts whose matrix columns and served version are alike, in the order first seen.
    public var columnGroups: [[Int]] {
        var groups: [[Int]] = []
        for index in storefronts.indices {
            if let at = groups.firstIndex(where: { group in
                storefronts[group[0]].servedText == storefronts[index].servedText && cells.allSatisfy { $0[group[0]] == $0[index] }
            }) {
                groups[at].append(index)
            } else {
                groups.append([index])
            }
        }
        return groups
    }
}
