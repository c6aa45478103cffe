import ToasterPolicy

/// Why the store neither served nor kept a policy: the document's own fault (`PolicyError`),
/// or the place's. The message says where and why; the case decides a write's answer.
public enum StoreError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The document is refused as a policy (400), or strands users in a storefront it serves
    /// (409) unless the request allows dead ends.
    case refused(PolicyError)
    /// A write's `If-Match` names a policy that is no longer the stored one (412).
    case stale(String)
    /// A valid policy could not be stored: a full disk, a read-only file (500).
    case unwritable(String)
    /// The place cannot be reached: the policy database away, or the server shutting down (503).
    case unavailable(String)

    public var description: String {
        switch self {
        case .refused(let error): error.description
        case .stale(let message), .unwritable(let message), .unavailable(let message): message
        }
    }

    /// What `Offload` work meets once the server is shutting down.
    static let shuttingDown = StoreError.unavailable("the server is shutting down")

    /// The document is refused: `description` says why.
    static func invalid(_ description: String) -> StoreError { .refused(PolicyError(description)) }

    /// A write's `If-Match` names a policy that is no longer the stored one.
    static func stale(_ eTags: [String]) -> StoreError {
        .stale("the policy changed since the one with ETag \(eTags.joined(separator: ", ")) was read; GET /admin/policy again and reapply the change")
    }
}
