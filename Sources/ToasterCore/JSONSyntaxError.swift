/// Why a text is not JSON, and where: line and column (in characters) from 1.
struct JSONSyntaxError: Error, Sendable, Equatable, CustomStringConvertible {
    let line: Int
    let column: Int
    let problem: String

    var description: String { "line \(line), column \(column): \(problem)" }
}
