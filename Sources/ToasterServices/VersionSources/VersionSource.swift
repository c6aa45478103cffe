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
}

extension VersionSource {
    public func prepare() {}

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
