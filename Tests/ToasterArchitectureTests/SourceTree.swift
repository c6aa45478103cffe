import Foundation

/// The package's Swift sources as text, read from the checkout this test was built from, so
/// that a rule of docs/01 is checked against the code itself rather than a description of it.
struct SourceTree {
    struct File {
        /// The path from the package root, `Sources/ToasterCore/…`.
        let path: String
        let text: String

        var lines: [Substring] { text.split(separator: "\n", omittingEmptySubsequences: false) }

        /// The lines without comments: what the compiler reads, so that a rule about code is not
        /// broken by a sentence that explains it. `//` inside a string literal is text, not a comment.
        var codeLines: [Substring] {
            var inBlock = false, inMultiline = false
            return lines.map { line in
                if line.contains("\"\"\""), !inBlock { inMultiline.toggle(); return line }
                if inMultiline { return line }
                var kept = "", inString = false, escaped = false
                var index = line.startIndex
                while index < line.endIndex {
                    let character = line[index], next = line.index(after: index)
                    let pair = next < line.endIndex ? String(line[index...next]) : ""
                    if inBlock {
                        if pair == "*/" { inBlock = false; index = line.index(after: next) } else { index = next }
                        continue
                    }
                    if inString {
                        kept.append(character)
                        if escaped { escaped = false } else if character == "\\" { escaped = true } else if character == "\"" { inString = false }
                    } else if pair == "//" {
                        break
                    } else if pair == "/*" {
                        inBlock = true
                        index = line.index(after: next)
                        continue
                    } else {
                        kept.append(character)
                        if character == "\"" { inString = true }
                    }
                    index = next
                }
                return Substring(kept)
            }
        }

        /// Each code line's string literals, joined: the text the program spells, as opposed to
        /// the names it uses. A multi-line literal (`"""`) counts as literal to its end.
        var literalLines: [(number: Int, text: String)] {
            var inMultiline = false
            return codeLines.enumerated().map { number, line in
                if line.contains("\"\"\"") {
                    inMultiline.toggle()
                    return (number + 1, "")
                }
                if inMultiline { return (number + 1, String(line)) }
                var literal = "", inside = false, escaped = false
                for character in line {
                    if escaped { escaped = false; if inside { literal.append(character) }; continue }
                    if character == "\\" { escaped = true; continue }
                    if character == "\"" { inside.toggle(); literal.append(" "); continue }
                    if inside { literal.append(character) }
                }
                return (number + 1, literal)
            }
        }

        /// Each string literal on its own, by line, an interpolation (`\(…)`) replaced by a
        /// control character: the text the program spells, without the names it interpolates.
        var stringLiterals: [(number: Int, text: String)] {
            var inMultiline = false
            return codeLines.enumerated().flatMap { number, line -> [(number: Int, text: String)] in
                if line.contains("\"\"\"") {
                    inMultiline.toggle()
                    return []
                }
                if inMultiline { return [(number + 1, String(line))] }
                var found: [(number: Int, text: String)] = []
                var literal: String?, escaped = false, depth = 0
                for character in line {
                    if depth > 0 {
                        if character == "(" { depth += 1 } else if character == ")" { depth -= 1 }
                        continue
                    }
                    if escaped {
                        escaped = false
                        if character == "(" { depth = 1; literal?.append("\u{1}") } else { literal?.append(character) }
                        continue
                    }
                    if character == "\\", literal != nil { escaped = true; continue }
                    if character == "\"" {
                        if let text = literal { found.append((number + 1, text)); literal = nil } else { literal = "" }
                        continue
                    }
                    literal?.append(character)
                }
                return found
            }
        }

        /// The modules the file imports (`import X`, `@testable import X`, `public import X`).
        var imports: Set<String> {
            Set(codeLines.compactMap { line -> String? in
                let words = line.split(separator: " ")
                guard let index = words.firstIndex(of: "import"), index + 1 < words.count,
                      words[..<index].allSatisfy({ $0.hasPrefix("@") || ["public", "internal", "package", "private"].contains($0) })
                else { return nil }
                return String(words[index + 1].split(separator: ".").first ?? "")
            })
        }
    }

    static let root: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// A rule that read nothing proves nothing: the tree could not be read where it was looked for.
    struct Unreadable: Error, CustomStringConvertible {
        let description: String
    }

    /// Every `.swift` file under `Sources/`, or under `Sources/<module>/` when one is named;
    /// never none: a folder that cannot be read or holds no Swift is an error.
    static func files(in module: String? = nil) throws -> [File] {
        try files(under: module, extensions: ["swift"])
    }

    /// The C sources and headers under `Sources/` (`CHTTPFetch`, `CTerminalSupport`, the shims).
    static func cFiles() throws -> [File] {
        try files(under: nil, extensions: ["c", "h"])
    }

    private static func files(under module: String?, extensions: Set<String>) throws -> [File] {
        let base = root.appendingPathComponent("Sources").appendingPathComponent(module ?? "")
        guard let walker = FileManager.default.enumerator(at: base, includingPropertiesForKeys: nil) else {
            throw Unreadable(description: "cannot read \(base.path)")
        }
        var found: [File] = []
        for case let url as URL in walker where extensions.contains(url.pathExtension) {
            let path = String(url.path.dropFirst(root.path.count + 1))
            found.append(File(path: path, text: try String(contentsOf: url, encoding: .utf8)))
        }
        guard !found.isEmpty else { throw Unreadable(description: "no .\(extensions.sorted().joined(separator: "/.")) file under \(base.path)") }
        return found.sorted { $0.path < $1.path }
    }

    /// The module a source path belongs to: `Sources/<module>/…`.
    static func module(of path: String) -> String {
        String(path.split(separator: "/").dropFirst().first ?? "")
    }
}
