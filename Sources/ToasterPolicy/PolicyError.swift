/// A policy that cannot be served or stored; the message says where and why.
public struct PolicyError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What went wrong, which decides the answer to a `PUT`.
    public enum Kind: Sendable, Equatable {
        /// The document is not a valid policy (400).
        case invalid
        /// `If-Match` names a policy that is no longer the stored one (412).
        case stale
        /// A valid policy could not be stored: a full disk, a read-only file (500).
        case unwritable
        /// The policy database cannot be reached (503).
        case unavailable
    }

    public let kind: Kind
    public let description: String

    package init(_ description: String, kind: Kind = .invalid) {
        self.kind = kind
        self.description = description
    }
}
