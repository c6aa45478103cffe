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

/// One rule's attempt at a URL it does not match, ranked against the others.
struct NearMissAttempt {
    let passed: Int
    let onlyCase: Bool
    let consumed: Int
    let part: LinkNearMiss.Part
    let item: String?
    let message: String

    func isCloser(than other: NearMissAttempt) -> Bool {
        (passed, onlyCase ? 1 : 0, consumed) > (other.passed, other.onlyCase ? 1 : 0, other.consumed)
    }

    /// The first part of `subject` that `component` fails on; nil when it matches.
    static func of(_ component: LinkComponent, _ subject: LinkSubject) -> NearMissAttempt? {
        let form = subject.form(percentEncoded: component.percentEncoded, caseSensitive: component.caseSensitive)
        // As sent (or decoded), not lowercased, for the message.
        let shown = subject.form(percentEncoded: component.percentEncoded, caseSensitive: true)
        let folds = component.caseSensitive
        var passed = 0
        if let path = component.path {
            let result = path.progress(form.path, foldingCase: false)
            guard result.accepted else {
                return failure(path, result.consumed, part: .path, passed: passed, onlyCase: folds && path.progress(form.path, foldingCase: true).accepted,
                               what: "the path \(text(shown.literalPath))")
            }
            passed += 1
        }
        switch component.query {
        case .whole(let pattern)?:
            let result = pattern.progress(form.query, foldingCase: false)
            guard result.accepted else {
                let what = shown.query.isEmpty ? "the query (absent, so empty)" : "the query \(quote(text(shown.query)))"
                return failure(pattern, result.consumed, part: .query, passed: passed,
                               onlyCase: folds && pattern.progress(form.query, foldingCase: true).accepted, what: what)
            }
            passed += 1
        case .items(let wanted)?:
            for (name, pattern) in wanted {
                let indices = form.queryItems.indices.filter { form.queryItems[$0].name == name }
                let failing = indices.map { ($0, pattern.progress(form.queryItems[$0].value, foldingCase: false)) }.filter { !$1.accepted }
                let written = text(name)
                if indices.isEmpty {
                    let result = pattern.progress([], foldingCase: false)
                    guard result.accepted else {
                        let folded = folds && form.queryItems.contains { lowered($0.name) == lowered(name) && pattern.progress($0.value, foldingCase: true).accepted }
                        return failure(pattern, 0, part: .queryItem, item: written, passed: passed, onlyCase: folded,
                                       what: "the query item \(written) (absent, so empty)")
                    }
                } else if let (index, result) = failing.max(by: { $0.1.consumed < $1.1.consumed }) {
                    let folded = folds && failing.allSatisfy { pattern.progress(form.queryItems[$0.0].value, foldingCase: true).accepted }
                    return failure(pattern, result.consumed, part: .queryItem, item: written, passed: passed, onlyCase: folded,
                                   what: "the query item \(written)=\(text(shown.queryItems[index].value))")
                }
                passed += 1
            }
        case nil:
            break
        }
        if let fragment = component.fragment {
            let result = fragment.progress(form.fragment, foldingCase: false)
            guard result.accepted else {
                let what = shown.fragment.isEmpty ? "the fragment (absent, so empty)" : "the fragment \(quote(text(shown.fragment)))"
                return failure(fragment, result.consumed, part: .fragment, passed: passed,
                               onlyCase: folds && fragment.progress(form.fragment, foldingCase: true).accepted, what: what)
            }
        }
        return nil
    }

    /// A legacy path's attempt: the path alone, always case-sensitive and percent-encoded.
    static func of(_ path: LegacyPath, _ subject: LinkSubject) -> NearMissAttempt? {
        let form = subject.form(percentEncoded: true, caseSensitive: true)
        let result = path.pattern.progress(form.path, foldingCase: false)
        guard !result.accepted else { return nil }
        return failure(path.pattern, result.consumed, part: .path, passed: 0, onlyCase: path.pattern.progress(form.path, foldingCase: true).accepted,
                       what: "the path \(text(form.literalPath))")
    }

    /// `what` names the part as the URL has it: `the path /help/faq`.
    private static func failure(_ pattern: LinkPattern, _ consumed: Int, part: LinkNearMiss.Part, item: String? = nil, passed: Int,
                                onlyCase: Bool, what: String) -> NearMissAttempt {
        let message = onlyCase
            ? "\(what) matches \(quote(pattern.text)) only ignoring case, and the component is case-sensitive"
            : "\(what) does not match \(quote(pattern.text))"
        return NearMissAttempt(passed: passed, onlyCase: onlyCase, consumed: consumed, part: part, item: item, message: message)
    }

    private static func text(_ scalars: [UInt32]) -> String {
        String(String.UnicodeScalarView(scalars.compactMap(Unicode.Scalar.init)))
    }

    private static func lowered(_ scalars: [UInt32]) -> [UInt32] {
        scalars.map { (0x41...0x5A).contains($0) ? $0 + 0x20 : $0 }
    }

    private static func quote(_ text: String) -> String { JSONValue.string(text).serialized() }
}
