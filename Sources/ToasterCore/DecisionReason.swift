/// Which row of the decision table (SPEC §3) decided.
public enum DecisionReason: String, Sendable, Codable {
    case forcedRange
    case belowMinimumRequired
    case major, minor, patch, revision
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
