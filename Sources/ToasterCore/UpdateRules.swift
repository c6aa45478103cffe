/// The outcome for each kind of update (SPEC §3). The defaults are the seed's code path:
/// major forced, minor and patch optional, revision silent.
public struct UpdateRules: Sendable, Equatable {
    public var major: UpdateOutcome
    public var minor: UpdateOutcome
    public var patch: UpdateOutcome
    public var revision: UpdateOutcome

    public static let `default` = UpdateRules(major: .force, minor: .option, patch: .option, revision: .none)

    public init(major: UpdateOutcome, minor: UpdateOutcome, patch: UpdateOutcome, revision: UpdateOutcome) {
        self.major = major
        self.minor = minor
        self.patch = patch
        self.revision = revision
    }

    public subscript(kind: UpdateKind) -> UpdateOutcome {
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
