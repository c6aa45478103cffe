import ToasterCore

/// A version-check service: it answers with what it knows, and decides nothing.
public protocol VersionSource: Sendable {
    /// The name the trace and `check` report (`demo`, `appstore`, …).
    var name: String { get }
    /// Blocks the calling thread until the answer, a failure or the source's deadline.
    func fetchPolicy() throws(SourceError) -> UpdatePolicy
    /// Starts, in the background, whatever the first fetch would otherwise wait for.
    func prepare()
}

extension VersionSource {
    public func prepare() {}
}
