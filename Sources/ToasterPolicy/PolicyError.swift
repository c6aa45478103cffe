/// A policy that cannot be served; the message says where and why. Where a policy is kept,
/// and why it could not be, is the server's (`StoreError`).
public struct PolicyError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What went wrong, which decides the answer to a `PUT`.
    public enum Kind: Sendable, Equatable {
        /// The document is not a valid policy (400).
        case invalid
        /// A valid policy that strands users in a storefront it serves (409), unless the
        /// request allows dead ends.
        case deadEnd
    }

    public let kind: Kind
    public let description: String
    /// The dead ends found, each with its app's JSON path (`.deadEnd`).
    public let findings: [String]

    package init(_ description: String, kind: Kind = .invalid, findings: [String] = []) {
        self.kind = kind
        self.description = description
        self.findings = findings
    }

    /// A policy whose `deadEnds` are `findings`; nil when there are none.
    package static func deadEnds(_ findings: [String]) -> PolicyError? {
        guard !findings.isEmpty else { return nil }
        return PolicyError("the policy strands users in a storefront it serves (\(findings.count) dead end\(findings.count == 1 ? "" : "s")): "
            + findings.joined(separator: "; "), kind: .deadEnd, findings: findings)
    }
}
