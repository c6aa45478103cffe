/// A component's `?`: one pattern for the whole query string, or a dictionary of query item
/// names to value patterns.
enum LinkQuery: Sendable {
    case whole(LinkPattern)
    /// Every named item must match; other items may be present. As Apple's WWDC19 session on
    /// universal links says, an absent item, or one without a value, counts as the empty string,
    /// and when a name repeats every instance must match.
    case items([(name: String, value: LinkPattern)])

    func matches(_ url: LinkURL, caseSensitive: Bool, form: (String) -> String) -> Bool {
        switch self {
        case .whole(let pattern):
            return pattern.matches(form(url.query ?? ""), caseSensitive: caseSensitive)
        case .items(let wanted):
            let present = url.queryItems.map { (name: form($0.name), value: form($0.value)) }
            return wanted.allSatisfy { name, pattern in
                let values = present.filter { Self.same($0.name, name, caseSensitive: caseSensitive) }.map(\.value)
                return (values.isEmpty ? [""] : values).allSatisfy { pattern.matches($0, caseSensitive: caseSensitive) }
            }
        }
    }

    /// Item names are plain strings, not patterns; `caseSensitive: false` applies to them too.
    private static func same(_ name: String, _ wanted: String, caseSensitive: Bool) -> Bool {
        caseSensitive ? name == wanted : name.lowercased() == wanted.lowercased()
    }
}
