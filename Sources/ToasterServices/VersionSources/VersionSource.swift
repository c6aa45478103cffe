import ToasterCore

/// A version-check service: it answers with what it knows, and decides nothing.
public protocol VersionSource: Sendable {
    /// The name the trace and `check` report (`demo`, `appstore`, …).
    var name: String { get }
    /// Blocks the calling thread until the answer, a failure or the source's deadline.
    func fetchAnswer() throws(SourceError) -> SourceAnswer
    /// The fetch a real-time announcement asked for, its attempt counted from 1: the same
    /// answer, asked for as the SDK asks after an announcement.
    func fetchAnswer(realtimeAttempt: Int) throws(SourceError) -> SourceAnswer
    /// Starts, in the background, whatever the first fetch would otherwise wait for.
    func prepare()
    /// The real-time stream that announces the service's changes, where it has one.
    var realtime: FirebaseRealtime? { get }
}

extension VersionSource {
    public func prepare() {}

    public var realtime: FirebaseRealtime? { nil }

    public func fetchAnswer(realtimeAttempt: Int) throws(SourceError) -> SourceAnswer {
        try fetchAnswer()
    }
}

/// A source that asks a service at a `SourceLocation`.
public protocol ServiceSource: VersionSource {
    var location: SourceLocation { get }
}

extension ServiceSource {
    public func prepare() {
        location.prepare()
    }
}

/// Why a source gave no usable answer: the kind of failure, and a message that is shown after
/// the screen's localized lead-in, traced, and printed by `check` as it is (English, stable).
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
