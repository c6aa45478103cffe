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
        /// broken by a sentence that explains it.
        var codeLines: [Substring] {
            var inBlock = false
            return lines.map { line in
                var kept = Substring()
                var rest = line[...]
                while !rest.isEmpty {
                    if inBlock {
                        guard let end = rest.range(of: "*/") else { rest = rest[rest.endIndex...]; continue }
                        inBlock = false
                        rest = rest[end.upperBound...]
                    } else if let start = rest.range(of: "/*"), rest.range(of: "//").map({ start.lowerBound < $0.lowerBound }) ?? true {
                        kept += rest[..<start.lowerBound]
                        inBlock = true
                        rest = rest[start.upperBound...]
                    } else if let comment = rest.range(of: "//") {
                        kept += rest[..<comment.lowerBound]
                        rest = rest[rest.endIndex...]
                    } else {
                        kept += rest
                        rest = rest[rest.endIndex...]
                    }
                }
                return kept
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
