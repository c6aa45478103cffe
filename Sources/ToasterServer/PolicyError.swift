/// A policy that cannot be served; the message says where and why.
public struct PolicyError: Error, Sendable, Equatable, CustomStringConvertible {
    public let description: String

    init(_ description: String) { self.description = description }
}
