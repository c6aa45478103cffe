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

/// A source that asks a service at a `SourceLocation`.
public protocol ServiceSource: VersionSource {
    var location: SourceLocation { get }
}

extension ServiceSource {
    public func prepare() {
        location.prepare()
    }
}

/// Why a source gave no new answer; the message is shown on the status line and traced.
public struct SourceError: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Kind: Sendable, Equatable {
        /// Unreachable, timed out or an answer that cannot be used: the offline rule applies.
        case unusable
        /// The service said nothing changed (Remote Config's `NO_CHANGE`): the last answer stands.
        case unchanged
    }

    public let message: String
    public let kind: Kind

    public init(_ message: String, kind: Kind = .unusable) {
        self.message = message
        self.kind = kind
    }

    public var description: String { message }
}
