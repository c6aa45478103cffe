/// A version in the input that cannot be read, with the field it came from.
public struct DecisionError: Error, Sendable, Equatable, CustomStringConvertible {
    public let field: String
    public let underlying: VersionError

    public var description: String { "\(field): \(underlying)" }
}
