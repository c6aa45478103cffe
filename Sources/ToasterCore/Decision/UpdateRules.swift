/// The rule for each kind of update (docs/00 §3).
public struct UpdateRules: Sendable, Equatable {
    public var major: UpdateRule
    public var minor: UpdateRule
    public var patch: UpdateRule
    public var revision: UpdateRule

    /// The reference app's code path, used without `--rules`: major forced, minor and patch optional,
    /// revision silent, every optional alert again at the next launch. (Siren's own default,
    /// the `default` preset, would add a skip button and wait a day.)
    public static let seed = UpdateRules(major: UpdateRule(.force), minor: UpdateRule(.option),
                                         patch: UpdateRule(.option), revision: UpdateRule(.none))

    /// Where the answer names a minimum, without `--rules`: only the minimum forces, so a newer
    /// latest version is optional of its kind (major and minor NoticeFeatUpdate, patch
    /// NoticeUpdate), and a revision stays silent as in the reference app's table.
    public static let minimumDecides = UpdateRules(major: UpdateRule(.option), minor: UpdateRule(.option),
                                                   patch: UpdateRule(.option), revision: UpdateRule(.none))

    public init(major: UpdateRule, minor: UpdateRule, patch: UpdateRule, revision: UpdateRule) {
        self.major = major
        self.minor = minor
        self.patch = patch
        self.revision = revision
    }

    /// One rule for every kind, as Siren's `RulesManager(globalRules:)`.
    public init(all rule: UpdateRule) {
        self.init(major: rule, minor: rule, patch: rule, revision: rule)
    }

    public subscript(kind: UpdateKind) -> UpdateRule {
        get {
            switch kind {
            case .major: major
            case .minor: minor
            case .patch: patch
            case .revision: revision
            }
        }
        set {
            switch kind {
            case .major: major = newValue
            case .minor: minor = newValue
            case .patch: patch = newValue
            case .revision: revision = newValue
            }
        }
    }
}

/// What happens for one kind of update: the alert, and how often it may come back once shown.
public struct UpdateRule: Sendable, Equatable {
    public var outcome: UpdateOutcome
    public var frequency: PromptFrequency

    public init(_ outcome: UpdateOutcome, _ frequency: PromptFrequency = .immediately) {
        self.outcome = outcome
        self.frequency = frequency
    }

    /// Siren's presets (`Rules.critical` …), same names and meanings.
    public static let presets: [(name: String, rule: UpdateRule)] = [
        ("critical", UpdateRule(.force, .immediately)),
        ("annoying", UpdateRule(.option, .immediately)),
        ("persistent", UpdateRule(.option, .daily)),
        ("hinting", UpdateRule(.option, .weekly)),
        ("relaxed", UpdateRule(.skip, .weekly)),
        ("default", UpdateRule(.skip, .daily)),
    ]

    public static func preset(named name: String) -> UpdateRule? {
        presets.first { $0.name == name }?.rule
    }
}

/// Which component of the version an update changes first.
public enum UpdateKind: String, Sendable, CaseIterable, Codable {
    case major, minor, patch, revision

    init(componentIndex: Int) {
        switch componentIndex {
        case 0: self = .major
        case 1: self = .minor
        case 2: self = .patch
        default: self = .revision
        }
    }
}

/// What a rule does with an update of one kind, in Siren's words (its `AlertType`).
public enum UpdateOutcome: String, Sendable, CaseIterable, Codable {
    /// A forced alert: one button, nothing else closes it.
    case force
    /// An optional alert: `다음에` and `업데이트`.
    case option
    /// An optional alert with a third button, `이 버전 건너뛰기`.
    case skip
    /// No alert.
    case none

    /// What the outcome does with an update of `kind`, as a decision's sentence says it:
    /// `forces a major update`.
    func phrase(for kind: UpdateKind) -> String {
        switch self {
        case .force: "forces a \(kind.rawValue) update"
        case .option: "offers a \(kind.rawValue) update as optional"
        case .skip: "offers a \(kind.rawValue) update as optional, with a skip button"
        case .none: "shows nothing for a \(kind.rawValue) update"
        }
    }
}

/// A `--rules` item that cannot be read.
public struct RulesError: Error, Sendable, Equatable, CustomStringConvertible {
    public let item: String
    public let problem: String
    public var description: String { "invalid rule \"\(item)\": \(problem)" }
}

/// How long an optional alert, once shown, stays away (Siren's `UpdatePromptFrequency`).
public enum PromptFrequency: String, Sendable, CaseIterable, Codable {
    /// Every launch (and every return to the foreground after a new check).
    case immediately
    case daily
    case weekly

    public var days: Int {
        switch self {
        case .immediately: 0
        case .daily: 1
        case .weekly: 7
        }
    }
}
