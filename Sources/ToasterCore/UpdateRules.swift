/// The rule for each kind of update (SPEC §3).
public struct UpdateRules: Sendable, Equatable {
    public var major: UpdateRule
    public var minor: UpdateRule
    public var patch: UpdateRule
    public var revision: UpdateRule

    /// The seeds' code path, used without `--rules`: major forced, minor and patch optional,
    /// revision silent, every optional alert again at the next launch. (Siren's own default,
    /// the `default` preset, would add a skip button and wait a day.)
    public static let seed = UpdateRules(major: UpdateRule(.force), minor: UpdateRule(.option),
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
