/// Why a source gave no usable answer; the message is shown on the status line and traced.
public struct SourceError: Error, Sendable, Equatable, CustomStringConvertible {
    public let message: String

    public init(_ message: String) { self.message = message }

    public var description: String { message }
}
