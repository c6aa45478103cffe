/// The look of every role, read from a theme file (`themes/NAME.toml`).
///
/// The format is a flat subset of TOML, `role = "FG on BG attributes"`, one role a line, so
/// that every error can name its line; see docs/05-themes.md.
public struct Theme: Sendable, Equatable {
    public let name: String
    private var looks: [CellStyle: CellLook]

    public static let defaultName = "toaster"
    public static let monochromeName = "mono"

    public subscript(style: CellStyle) -> CellLook { looks[style] ?? CellLook() }

    /// Reads a theme; roles it leaves out keep their look in `base`.
    public init(parsing text: String, file: String, base: Theme? = nil) throws(ThemeError) {
        var name = file
        var looks = base?.looks ?? [:]
        var seen: Set<String> = []
        for (number, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = rawLine.trimmingWhitespace()
            guard !line.isEmpty, !line.hasPrefix("#") else { continue }
            func fail(_ key: String?, _ problem: String) -> ThemeError {
                ThemeError(file: file, line: number + 1, key: key, problem: problem)
            }
            guard let equals = line.firstIndex(of: "=") else { throw fail(nil, "expected key = \"value\"") }
            let key = String(line[..<equals].trimmingWhitespace())
            let value = try Self.quotedValue(line[line.index(after: equals)...]) { problem throws(ThemeError) in
                throw fail(key, problem)
            }
            guard seen.insert(key).inserted else { throw fail(key, "is set twice") }
            if key == "name" {
                name = value
                continue
            }
            guard let style = CellStyle(rawValue: key) else {
                throw fail(key, "is not a role (roles: \(CellStyle.allCases.map(\.rawValue).joined(separator: ", ")))")
            }
            do {
                looks[style] = try CellLook(parsing: value)
            } catch {
                throw fail(key, error.message)
            }
        }
        self.name = name
        self.looks = looks
    }

    /// The text between double quotes, with nothing but a comment after it.
    private static func quotedValue(_ text: Substring, or fail: (String) throws(ThemeError) -> Never) throws(ThemeError) -> String {
        let trimmed = text.trimmingWhitespace()
        guard trimmed.first == "\"", let close = trimmed.dropFirst().firstIndex(of: "\"") else {
            try fail("the value must be a string in double quotes")
        }
        let rest = trimmed[trimmed.index(after: close)...].trimmingWhitespace()
        guard rest.isEmpty || rest.hasPrefix("#") else { try fail("unexpected text after the value") }
        return String(trimmed[trimmed.index(after: trimmed.startIndex)..<close])
    }

    /// One of the themes shipped in `themes/`, built into the binary.
    public static func builtin(_ name: String) -> Theme? {
        if name == defaultName { return standard }
        guard let text = BuiltinThemes.texts[name] else { return nil }
        return try? Theme(parsing: text, file: "themes/\(name).toml", base: standard)
    }

    /// The default theme, the base of every other, read once: the first use waits for it, so
    /// that it can be read on another thread while the program does something else.
    private static let standard = BuiltinThemes.texts[defaultName].flatMap { try? Theme(parsing: $0, file: "themes/\(defaultName).toml") }

    public static var builtinNames: [String] { BuiltinThemes.texts.keys.sorted() }

    /// The theme a terminal with `colors` colours can show: itself with 256, the nearest
    /// colours with 8 or 16, and the monochrome theme without colour.
    public func reduced(toColors colors: Int) -> Theme {
        if colors >= 256 { return self }
        guard colors >= 8 else { return Self.builtin(Self.monochromeName) ?? self }
        var reduced = self
        let count = colors >= 16 ? 16 : 8
        for (style, look) in looks { reduced.looks[style] = look.reduced(to: count) }
        return reduced
    }
}

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

/// What is wrong with one value of a theme, before the file and line are known.
struct ThemeProblem: Error {
    let message: String
    init(_ message: String) { self.message = message }
}
