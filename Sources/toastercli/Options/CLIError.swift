import Glibc

/// A usage or input problem; ArgumentParser prints it as `Error: …` and exits with status 1.
struct CLIError: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) { self.description = description }
}

/// A problem that does not stop the command, on standard error.
func printWarning(_ message: String) {
    let line = Array("warning: \(message)\n".utf8)
    _ = line.withUnsafeBytes { write(STDERR_FILENO, $0.baseAddress, $0.count) }
}
