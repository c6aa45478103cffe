/// Why the server cannot start; printed as `Error: …` with exit status 1 (not a usage error).
struct StartupError: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) { self.description = description }
}
