/// Why the server cannot start; printed as `Error: …` with exit status 1 (not a usage error).
public struct StartupError: Error, CustomStringConvertible {
    public let description: String

    public init(_ description: String) { self.description = description }
}
