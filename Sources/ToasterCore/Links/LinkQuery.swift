/// A component's `?`: one pattern for the whole query string, or a dictionary of query item
/// names to value patterns.
enum LinkQuery: Sendable {
    case whole(LinkPattern)
    /// Every named item must match; other items may be present. As Apple's WWDC19 session on
    /// universal links says, an absent item, or one without a value, counts as the empty string,
    /// and when a name repeats every instance must match. Names are plain text, in the
    /// component's case rule (lowercased when it ignores case).
    case items([(name: [UInt32], value: LinkPattern)])

    func matches(_ form: LinkSubject.Form) -> Bool {
        switch self {
        case .whole(let pattern):
            return pattern.matches(form.query)
        case .items(let wanted):
            return wanted.allSatisfy { name, pattern in
                let values = form.queryItems.filter { $0.name == name }.map(\.value)
                return (values.isEmpty ? [[]] : values).allSatisfy(pattern.matches)
            }
        }
    }
}
