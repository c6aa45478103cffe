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

    /// Every `.swift` file under `Sources/`, or under `Sources/<module>/` when one is named.
    static func files(in module: String? = nil) throws -> [File] {
        let base = root.appendingPathComponent("Sources").appendingPathComponent(module ?? "")
        guard let walker = FileManager.default.enumerator(at: base, includingPropertiesForKeys: nil) else { return [] }
        var found: [File] = []
        for case let url as URL in walker where url.pathExtension == "swift" {
            let path = String(url.path.dropFirst(root.path.count + 1))
            found.append(File(path: path, text: try String(contentsOf: url, encoding: .utf8)))
        }
        return found.sorted { $0.path < $1.path }
    }

    /// The module a source path belongs to: `Sources/<module>/…`.
    static func module(of path: String) -> String {
        String(path.split(separator: "/").dropFirst().first ?? "")
    }
}
