import FoundationEssentials
import ToasterPolicy

/// Where the served policy is kept: a file (the default, `PolicyFile`) or a PostgreSQL table
/// shared by several instances (`PostgresPolicy`, in `PostgresDatabase`).
public protocol PolicyBackend: Sendable {
    /// The place in log lines, without secrets: a path, or a database URL without its password.
    var place: String { get }
    /// The stored document.
    func read() async throws(PolicyError) -> StoredPolicy
    /// Stores `document` if the stored one's ETag is still one of `expected` (whatever it is
    /// when nil), in one step with that check; `.stale` when it is not.
    func write(_ document: Data, ifMatch expected: [String]?) async throws(PolicyError) -> StoredPolicy
}

/// A policy document as stored, and its revision: a number that grows with every read or
/// write of the place, so that of two results the later one can be told.
public struct StoredPolicy: Sendable {
    public let document: Data
    public let revision: Int64
}

extension PolicyError {
    /// A write's `If-Match` names a policy that is no longer the stored one.
    static func stale(_ eTags: [String]) -> PolicyError {
        PolicyError("the policy changed since the one with ETag \(eTags.joined(separator: ", ")) was read; GET /admin/policy again and reapply the change",
                    kind: .stale)
    }
}
