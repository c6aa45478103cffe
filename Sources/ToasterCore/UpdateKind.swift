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
