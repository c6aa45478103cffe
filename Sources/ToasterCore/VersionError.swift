/// A version string that cannot be read; the message names the string and what is wrong.
public struct VersionError: Error, Sendable, Equatable, CustomStringConvertible {
    public let text: String
    public let problem: String

    public var description: String { "invalid version \"\(text)\": \(problem)" }
}
