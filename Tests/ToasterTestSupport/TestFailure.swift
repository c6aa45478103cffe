/// A pty test's wait that ran out, with what the screen or trace showed last.
struct PTYError: Error, CustomStringConvertible {
    let description: String
}
