/// A `--rules` item that cannot be read.
public struct RulesError: Error, Sendable, Equatable, CustomStringConvertible {
    public let item: String
    public let problem: String
    public var description: String { "invalid rule \"\(item)\": \(problem)" }
}
