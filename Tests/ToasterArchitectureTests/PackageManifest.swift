import Foundation

/// The package's own targets and what each depends on, read from `Package.swift`, so that a rule
/// about what a product links follows the manifest rather than a list beside it.
struct PackageManifest {
    struct Target {
        let name: String
        /// `target`, `executableTarget`, `systemLibrary`, `testTarget`.
        let kind: String
        /// The package's own targets it names (products of other packages left out).
        let dependencies: [String]
        /// Whether its sources are elsewhere than `Sources/<name>` (`path:`).
        let hasOwnPath: Bool
    }

    let targets: [String: Target]

    /// The manifest beside `Sources/`; an error when it cannot be read or declares no target.
    static func read() throws -> PackageManifest {
        let text = try String(contentsOf: SourceTree.root.appendingPathComponent("Package.swift"), encoding: .utf8)
        let declaration = try NSRegularExpression(pattern: #"\.(target|executableTarget|systemLibrary|testTarget)\(\s*name:\s*"([^"]+)""#)
        let whole = NSRange(text.startIndex..., in: text)
        let matches = declaration.matches(in: text, range: whole)
        guard !matches.isEmpty else { throw SourceTree.Unreadable(description: "Package.swift declares no target") }
        let named = #"\b(?:name|package|path):\s*"[^"]*""#
        let quoted = try NSRegularExpression(pattern: #""([^"\n]*)""#)
        let nsText = text as NSString
        var entries: [(name: String, kind: String, body: String)] = []
        for (index, match) in matches.enumerated() {
            let end = index + 1 < matches.count ? matches[index + 1].range.location : nsText.length
            let body = nsText.substring(with: NSRange(location: match.range.location, length: end - match.range.location))
            entries.append((nsText.substring(with: match.range(at: 2)), nsText.substring(with: match.range(at: 1)), body))
        }
        let names = Set(entries.map(\.name))
        var targets: [String: Target] = [:]
        for entry in entries {
            // Only `dependencies: [...]`'s own words: a comment or a path is no dependency.
            let code = entry.body.split(separator: "\n").map { $0.split(separator: "//", maxSplits: 1, omittingEmptySubsequences: false).first ?? "" }
                .joined(separator: "\n")
            let words = code.replacingOccurrences(of: named, with: "", options: .regularExpression)
            let listed = quoted.matches(in: words, range: NSRange(words.startIndex..., in: words)).map { (words as NSString).substring(with: $0.range(at: 1)) }
            targets[entry.name] = Target(name: entry.name, kind: entry.kind, dependencies: listed.filter { names.contains($0) && $0 != entry.name },
                                         hasOwnPath: code.contains("path:"))
        }
        return PackageManifest(targets: targets)
    }

    /// `name` and every target of ours it depends on, directly or not.
    func linked(by name: String) throws -> Set<String> {
        guard targets[name] != nil else { throw SourceTree.Unreadable(description: "Package.swift has no target \(name)") }
        var seen: Set<String> = [], waiting = [name]
        while let next = waiting.popLast() {
            guard seen.insert(next).inserted else { continue }
            waiting += targets[next]?.dependencies ?? []
        }
        return seen
    }

    /// The targets under `Sources/` written in Swift (executables included): every module a rule
    /// about the whole tree must have read.
    var swiftModules: Set<String> {
        Set(targets.values.filter { ["target", "executableTarget"].contains($0.kind) && !$0.hasOwnPath && !isC($0.name) }.map(\.name))
    }

    /// A C target: a system library's shim or a target whose folder holds C and no Swift.
    func isC(_ name: String) -> Bool {
        if targets[name]?.kind == "systemLibrary" { return true }
        let folder = SourceTree.root.appendingPathComponent("Sources").appendingPathComponent(name)
        guard let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil) else { return false }
        let kinds = Set((walker.allObjects as? [URL] ?? []).map(\.pathExtension))
        return !kinds.contains("swift") && !kinds.isDisjoint(with: ["c", "h", "modulemap"])
    }
}
