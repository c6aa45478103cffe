/// A theme that cannot be used; the message names the file, the line and the key.
public struct ThemeError: Error, Sendable, Equatable, CustomStringConvertible {
    public let file: String
    public let line: Int?
    public let key: String?
    public let problem: String

    public var description: String {
        let place = line.map { "\(file):\($0)" } ?? file
        return "theme \(place)\(key.map { ": key \"\($0)\"" } ?? ""): \(problem)"
    }
}
