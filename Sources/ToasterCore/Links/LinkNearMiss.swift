/// For a URL that nothing matches: the rule that came closest, and the first part of the URL
/// it failed on — what to fix, in the file or in the URL. The closest is the one that matched
/// the most parts (path, then query or each query item, then fragment) before failing, then
/// the one that fails only by case, then the one whose failing pattern read furthest into its
/// part; the first in file order among equals. Rules that exclude are not candidates: a near
/// miss explains why a URL does not open the app.
public struct LinkNearMiss: Sendable, Equatable {
    public enum Part: String, Sendable, Equatable {
        case path
        case query
        case queryItem = "query item"
        case fragment
    }

    public let rule: LinkRulePlace
    public let part: Part
    /// The query item's name, for `queryItem`.
    public let item: String?
    /// Whether the part would match if the component ignored case.
    public let onlyCase: Bool
    /// `the query item lang=kor does not match "??"`.
    public let message: String
}

/// How a rule's path pattern fared with a URL's path: whether it matched, how many scalars it
/// read before it could not go on, and whether it matches when ASCII letters fold case.
struct PathProgress {
    let accepted: Bool
    let consumed: Int
    let acceptedFoldingCase: Bool
}

/// One rule's attempt at a URL it does not match, ranked against the others. It keeps what
/// failed rather than a sentence: every rule of a file is tried for every URL that matches
/// nothing, and only the closest one's sentence is ever shown (`message`).
struct NearMissAttempt {
    let passed: Int
    let onlyCase: Bool
    let consumed: Int
    let part: LinkNearMiss.Part
    /// The query item's name as the rule writes it, for `queryItem`.
    let item: [UInt32]?
    /// The failing part's pattern.
    let pattern: LinkPattern
    /// The URL's query item shown: the one that failed, or for an absent item the one that
    /// would match but for case; nil when there is none.
    let shownItem: Int?
    /// For `queryItem`: the rule's item is not in the URL under its own name.
    let itemAbsent: Bool
    /// The form of the URL the rule compared (decoded or as sent).
    let percentEncoded: Bool
    /// A legacy `paths` string rather than a component.
    let legacy: Bool

    func isCloser(than other: NearMissAttempt) -> Bool {
        (passed, onlyCase ? 1 : 0, consumed) > (other.passed, other.onlyCase ? 1 : 0, other.consumed)
    }

    var itemName: String? { item.map(Self.text) }

    /// `the query item lang=kor does not match "??"`: the failing part as the URL has it
    /// (decoded or as sent, not lowercased), and the pattern it fails.
    func message(_ subject: LinkSubject) -> String {
        let shown = subject.form(percentEncoded: percentEncoded, caseSensitive: true)
        let caseRule = legacy ? "iOS compares paths case-sensitively" : "the component is case-sensitive"
        let what: String
        switch part {
        case .path:
            what = "the path \(Self.text(shown.literalPath))"
        case .query:
            what = shown.query.isEmpty ? "the query (absent, so empty)" : "the query \(Self.quote(Self.text(shown.query)))"
        case .fragment:
            what = shown.fragment.isEmpty ? "the fragment (absent, so empty)" : "the fragment \(Self.quote(Self.text(shown.fragment)))"
        case .queryItem:
            let name = itemName ?? ""
            guard let index = shownItem else {
                what = "the query item \(name) (absent, so empty)"
                break
            }
            let sent = "\(Self.text(shown.queryItems[index].name))=\(Self.text(shown.queryItems[index].value))"
            guard itemAbsent else {
                what = "the query item \(sent)"
                break
            }
            // Present under a name that differs only by case: say so, rather than call it empty.
            return "the query item \(name) is absent, and \(sent) would match \(Self.quote(pattern.text)) only ignoring case, and \(caseRule)"
        }
        return onlyCase
            ? "\(what) matches \(Self.quote(pattern.text)) only ignoring case, and \(caseRule)"
            : "\(what) does not match \(Self.quote(pattern.text))"
    }

    /// The first part of `subject` that `component` fails on; nil when it matches. `path` is
    /// how its path pattern fared, nil when it has none.
    static func of(_ component: LinkComponent, _ subject: LinkSubject, path progress: PathProgress?) -> NearMissAttempt? {
        let form = subject.form(percentEncoded: component.percentEncoded, caseSensitive: component.caseSensitive)
        let folds = component.caseSensitive
        func failure(_ pattern: LinkPattern, _ consumed: Int, part: LinkNearMiss.Part, item: [UInt32]? = nil, shownItem: Int? = nil,
                     absent: Bool = false, passed: Int, onlyCase: Bool) -> NearMissAttempt {
            NearMissAttempt(passed: passed, onlyCase: onlyCase, consumed: consumed, part: part, item: item, pattern: pattern,
                            shownItem: shownItem, itemAbsent: absent, percentEncoded: component.percentEncoded, legacy: false)
        }
        var passed = 0
        if let path = component.path, let progress {
            guard progress.accepted else {
                return failure(path, progress.consumed, part: .path, passed: passed, onlyCase: folds && progress.acceptedFoldingCase)
            }
            passed += 1
        }
        switch component.query {
        case .whole(let pattern)?:
            let result = pattern.progress(form.query, foldingCase: false)
            guard result.accepted else {
                return failure(pattern, result.consumed, part: .query, passed: passed,
                               onlyCase: folds && pattern.progress(form.query, foldingCase: true).accepted)
            }
            passed += 1
        case .items(let wanted)?:
            for (name, pattern) in wanted {
                let indices = form.queryItems.indices.filter { form.queryItems[$0].name == name }
                let failing = indices.map { ($0, pattern.progress(form.queryItems[$0].value, foldingCase: false)) }.filter { !$1.accepted }
                if indices.isEmpty {
                    let result = pattern.progress([], foldingCase: false)
                    guard result.accepted else {
                        let folded = folds
                            ? form.queryItems.indices.first { lowered(form.queryItems[$0].name) == lowered(name)
                                && pattern.progress(form.queryItems[$0].value, foldingCase: true).accepted }
                            : nil
                        return failure(pattern, 0, part: .queryItem, item: name, shownItem: folded, absent: true, passed: passed,
                                       onlyCase: folded != nil)
                    }
                } else if let (index, result) = failing.max(by: { $0.1.consumed < $1.1.consumed }) {
                    let folded = folds && failing.allSatisfy { pattern.progress(form.queryItems[$0.0].value, foldingCase: true).accepted }
                    return failure(pattern, result.consumed, part: .queryItem, item: name, shownItem: index, passed: passed, onlyCase: folded)
                }
                passed += 1
            }
        case nil:
            break
        }
        if let fragment = component.fragment {
            let result = fragment.progress(form.fragment, foldingCase: false)
            guard result.accepted else {
                return failure(fragment, result.consumed, part: .fragment, passed: passed,
                               onlyCase: folds && fragment.progress(form.fragment, foldingCase: true).accepted)
            }
        }
        return nil
    }

    /// A legacy path's attempt, from how its pattern fared: the path alone, always
    /// case-sensitive and percent-encoded.
    static func of(_ path: LegacyPath, _ progress: PathProgress) -> NearMissAttempt? {
        guard !progress.accepted else { return nil }
        return NearMissAttempt(passed: 0, onlyCase: progress.acceptedFoldingCase, consumed: progress.consumed, part: .path, item: nil,
                               pattern: path.pattern, shownItem: nil, itemAbsent: false, percentEncoded: true, legacy: true)
    }

    private static func text(_ scalars: [UInt32]) -> String {
        String(String.UnicodeScalarView(scalars.compactMap(Unicode.Scalar.init)))
    }

    private static func lowered(_ scalars: [UInt32]) -> [UInt32] {
        scalars.map { (0x41...0x5A).contains($0) ? $0 + 0x20 : $0 }
    }

    private static func quote(_ text: String) -> String { JSONValue.string(text).serialized() }
}
