/// What is wrong with one value of a theme, before the file and line are known.
struct ThemeProblem: Error {
    let message: String
    init(_ message: String) { self.message = message }
}
