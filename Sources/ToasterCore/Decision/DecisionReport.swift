/// The outcome of one version check: the decision, why, and the alert it calls for.
public struct DecisionReport: Sendable, Equatable {
    public private(set) var decision: Decision
    public let reason: DecisionReason
    /// One sentence: the row that decided, with the versions and the rule it applied.
    public let why: String
    public let current: Version
    public let latest: Version?
    /// The alert to present; nil exactly when the decision is `none`.
    public private(set) var alert: AlertModel?
    public let updateURL: String
    public let listing: StoreListing?
    /// How often an optional alert may come back, from the rule that decided.
    public let frequency: PromptFrequency
    /// The gate that held an alert back.
    public private(set) var heldBack: HoldBack?
    /// What the decision would have been without `heldBack`.
    public private(set) var heldDecision: Decision?
    /// What the source's answer lacked (`SourceAnswer.notices`), and a dead end (`deadEnd`).
    public internal(set) var notices: [String]
    /// A forced minimum above the version the store serves: the update leads nowhere
    /// (`DecisionReport+DeadEnd`); false where the store's version is not known.
    public internal(set) var deadEnd = false
    /// The template's values and the conditions that gave them, when a template was evaluated.
    public internal(set) var remoteConfig: RemoteConfigReport?
    /// The template version a fetch answered with, when no template was evaluated here.
    public internal(set) var templateVersion: String?

    init(decision: Decision, reason: DecisionReason, current: Version, latest: Version?, alert: AlertModel?,
         updateURL: String, listing: StoreListing?, frequency: PromptFrequency = .immediately, why: String, notices: [String] = []) {
        self.decision = decision
        self.reason = reason
        self.why = why
        self.current = current
        self.latest = latest
        self.alert = alert
        self.updateURL = updateURL
        self.listing = listing
        self.frequency = frequency
        self.notices = notices
    }

    /// The same report with the template's outcomes decided.
    func with(_ remoteConfig: RemoteConfigReport) -> DecisionReport {
        var report = self
        report.remoteConfig = remoteConfig
        return report
    }

    /// The same report with no alert, saying which gate held it back.
    public func held(by gate: HoldBack) -> DecisionReport {
        guard decision != .none else { return self }
        var report = self
        report.heldBack = gate
        report.heldDecision = decision
        report.decision = .none
        report.alert = nil
        return report
    }
}

/// Whether the app must, may or need not update.
public enum Decision: String, Sendable, Codable {
    case none, optional, forced

    /// none 0, optional 1, forced 2: where several decisions stand for one gate, the most
    /// severe is the one it reports.
    public var severity: Int {
        switch self {
        case .none: 0
        case .optional: 1
        case .forced: 2
        }
    }
}

/// Which row of the decision table (docs/00 §3) decided.
public enum DecisionReason: String, Sendable, Codable {
    case forcedRange
    case belowMinimumRequired
    /// The rules (given, or the reference app's table where the answer names no minimum)
    /// decided by the kind of update.
    case major, minor, patch, revision
    /// The answer names a minimum, which alone forces: a newer latest version is optional.
    case newerLatestVersion
    case upToDate
    case nothingToCompare
    /// The check failed; the last forced decision stands until a check says otherwise.
    case rememberedForced

    init(_ kind: UpdateKind) {
        switch kind {
        case .major: self = .major
        case .minor: self = .minor
        case .patch: self = .patch
        case .revision: self = .revision
        }
    }
}
