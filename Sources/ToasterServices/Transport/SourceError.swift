import ToasterCore

/// Why a source gave no usable answer: the kind of failure, and a message that is shown after
/// the screen's localized lead-in, traced, and printed by `check` as it is (English, stable).
/// Transport's, as every fetch fails with one, and the sources' on top of it.
public struct SourceError: Error, Sendable, Equatable, CustomStringConvertible {
    public let kind: CheckFailure.Kind
    public let message: String
    /// The status of an HTTP answer outside 2xx, for callers that retry some of them.
    public let httpStatus: Int?
    /// How long the answer asked its client to wait before asking again (its `Retry-After`).
    public let retryAfter: Duration?

    public init(_ kind: CheckFailure.Kind, _ message: String, httpStatus: Int? = nil, retryAfter: Duration? = nil) {
        self.kind = kind
        self.message = message
        self.httpStatus = httpStatus
        self.retryAfter = retryAfter
    }

    public var description: String { message }

    public var failure: CheckFailure { CheckFailure(kind, message) }
}
