import Foundation

/// The words of the wire protocols, read from ToasterWire's own sources (docs/01, rule 6): its
/// coding keys (a `CodingKey` or `String` enum's cases, bare or with a raw value, and the stored
/// properties of a Codable struct that has no `CodingKeys`), every other enum case's raw value,
/// and its `static let` string constants. A word is kept when it cannot
/// be ordinary English: it holds `_`, `-` or `.`, a lower-case letter followed by a capital, or
/// is four capitals or more (`parameterGroups`, `app_instance_id`, `X-Goog-Api-Key`,
/// `googleapis.com`, `UNAUTHENTICATED`); a plain word (`version`, `name`, `JWT`) is everyone's. A constant that is a sentence (Google's error
/// messages) is kept whole.
struct WireSpellings {
    let words: Set<String>
    let sentences: [String]

    /// A charset's IANA name, which every HTTP speaker writes; not a protocol of ours.
    static let everyones: Set = ["utf-8", "UTF-8"]

    /// Our own documents' keys that carry a protocol's value under the protocol's name (check's
    /// and preflight's JSON, whose `appStoreConnect` repeats App Store Connect's attributes;
    /// toaster-server's policy, whose apps mirror the lookup, the CMS object and App Store
    /// Connect it serves): the document's spelling, which would stay if the protocol's changed.
    static let ownDocuments: [(path: String, words: Set<String>)] = [
        ("Sources/ToasterCore/Decision/DecisionReport+JSON.swift", ["templateVersion"]),
        ("Sources/ToasterCore/RemoteConfig/RemoteConfigReport.swift", ["templateVersion"]),
        ("Sources/ToasterCore/Preflight/Report/PreflightReport+RemoteConfig.swift", ["templateVersion"]),
        ("Sources/ToasterCore/Preflight/Report/PreflightReport+Output.swift", ["trackId", "minimumOsVersion"]),
        ("Sources/ToasterCore/Preflight/Report/PreflightReport+AppStoreConnect.swift",
         ["startDate", "phasedReleaseState", "currentDayNumber", "versionString", "appVersionState", "releaseType", "earliestReleaseDate", "minOsVersion"]),
        ("Sources/ToasterPolicy/", ["bundleId", "trackId", "minimumOsVersion", "startDate", "endDate", "minAppVersion", "maxAppVersion",
                                    "appVersionState", "releaseType"]),
    ]

    static func read() throws -> WireSpellings {
        var spellings: [String] = []
        let declaration = try NSRegularExpression(pattern: #"\b(enum|struct|class|extension|protocol)\s+\w+([^{]*)\{"#)
        let rawCase = try NSRegularExpression(pattern: #"^`?\w+`?\s*=\s*"((?:[^"\\]|\\.)*)"$"#)
        let constant = try NSRegularExpression(pattern: #"\bstatic let \w+(?:\s*:\s*[\w.]+)?\s*=\s*"((?:[^"\\]|\\.)*)"\s*$"#)
        let property = try NSRegularExpression(pattern: #"^\s*(?:public |package |internal )?(?:var|let) (\w+)\s*:"#)
        for file in try SourceTree.files(in: "ToasterWire") {
            // The declarations open around each line: whether it is an enum whose cases are
            // spellings, or a Codable struct whose stored properties are its keys unless it
            // spells them in `CodingKeys`.
            var open: [Declaration] = [], depth = 0
            for line in file.codeLines.map(String.init) {
                if let match = first(declaration, in: line) {
                    let kind = group(match, 1, of: line), inherits = group(match, 2, of: line)
                    if inherits.contains("CodingKey") { open.last?.keyed = true }
                    open.append(Declaration(depth: depth,
                                            spells: kind == "enum" && (inherits.contains("CodingKey") || inherits.range(of: #"\bString\b"#, options: .regularExpression) != nil),
                                            codable: kind == "struct" && inherits.range(of: #"\b(?:Codable|Decodable|Encodable)\b"#, options: .regularExpression) != nil))
                } else if let last = open.last, last.codable, depth == last.depth + 1 {
                    if line.contains("init(from decoder") || line.contains("func encode(to encoder") { last.keyed = true }
                    if let match = first(property, in: line) { last.properties.append(group(match, 1, of: line)) }
                }
                let trimmed = line.trimmingCharacters(in: .whitespaces)
                if trimmed.hasPrefix("case ") {
                    for item in trimmed.dropFirst(5).split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces) }) {
                        if let raw = first(rawCase, in: item) {
                            spellings.append(group(raw, 1, of: item))
                        } else if open.last?.spells == true, item.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) {
                            spellings.append(item)
                        }
                    }
                }
                if let match = first(constant, in: line) { spellings.append(group(match, 1, of: line)) }
                depth += line.filter { $0 == "{" }.count - line.filter { $0 == "}" }.count
                while let last = open.last, depth <= last.depth {
                    if last.codable, !last.keyed { spellings += last.properties }
                    open.removeLast()
                }
            }
        }
        let words = Set(spellings.flatMap(tokens).filter(isDistinctive)).subtracting(everyones)
        return WireSpellings(words: words, sentences: spellings.filter { $0.contains(" ") && $0.split(separator: " ").count >= 4 })
    }

    /// A declaration open around a line of Wire's sources.
    private final class Declaration {
        let depth: Int
        /// An enum whose cases are spellings (`CodingKey`, `String`).
        let spells: Bool
        /// A Codable struct, its stored properties, and whether it spells its keys itself
        /// (`CodingKeys`, or its own `init(from:)` or `encode(to:)`).
        let codable: Bool
        var properties: [String] = []
        var keyed = false

        init(depth: Int, spells: Bool, codable: Bool) {
            (self.depth, self.spells, self.codable) = (depth, spells, codable)
        }
    }

    /// The protocol's words `literal` spells in the file at `path`. A literal with a space is
    /// prose for a person, which may name a field; only Wire's own sentences are looked for in it.
    func spelt(in literal: String, at path: String) -> [String] {
        if literal.contains(" ") { return sentences.filter { literal.contains($0) } }
        let allowed = Self.ownDocuments.filter { path.hasPrefix($0.path) }.reduce(into: Set<String>()) { $0.formUnion($1.words) }
        return Self.tokens(literal).filter { token in
            !allowed.contains(token) && (words.contains(token) || (token.contains("-") && words.contains { $0.caseInsensitiveCompare(token) == .orderedSame }))
        }
    }

    /// A spelling's parts: what lies between characters no key, header or host holds.
    static func tokens(_ text: String) -> [String] {
        text.split(whereSeparator: { !($0.isASCII && ($0.isLetter || $0.isNumber)) && !"_.-".contains($0) })
            .map { $0.trimmingCharacters(in: CharacterSet(charactersIn: "_.-")) }.filter { !$0.isEmpty }
    }

    static func isDistinctive(_ word: String) -> Bool {
        word.contains { "_.-".contains($0) } || zip(word, word.dropFirst()).contains { $0.isLowercase && $1.isUppercase }
            || (word.count >= 4 && word.allSatisfy(\.isUppercase))
    }

    private static func first(_ expression: NSRegularExpression, in text: String) -> NSTextCheckingResult? {
        expression.firstMatch(in: text, range: NSRange(text.startIndex..., in: text))
    }

    private static func group(_ match: NSTextCheckingResult, _ index: Int, of text: String) -> String {
        (text as NSString).substring(with: match.range(at: index))
    }
}
