/// A usage or input problem; ArgumentParser prints it as `Error: …` and exits with status 1.
struct CLIError: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) { self.description = description }
}
