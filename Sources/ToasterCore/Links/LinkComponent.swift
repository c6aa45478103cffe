/// One entry of a details entry's `components`, its options already resolved from the
/// component, the entry's `defaults`, the domain's `defaults` and Apple's defaults in that order,
/// and its patterns compiled under them. A class: a file's components are tried for every URL,
/// and handing one over should cost a reference, not a copy of every pattern.
final class LinkComponent: Sendable {
    /// `/`, `?` and `#`; an omitted one matches anything, as Apple's default `*` does.
    let path: LinkPattern?
    let query: LinkQuery?
    let fragment: LinkPattern?
    let exclude: Bool
    let caseSensitive: Bool
    let percentEncoded: Bool
    /// The component as the file wrote it (the keys iOS reads, without `comment`), for messages.
    let text: String

    init(path: LinkPattern?, query: LinkQuery?, fragment: LinkPattern?, exclude: Bool, caseSensitive: Bool,
         percentEncoded: Bool, text: String) {
        self.path = path
        self.query = query
        self.fragment = fragment
        self.exclude = exclude
        self.caseSensitive = caseSensitive
        self.percentEncoded = percentEncoded
        self.text = text
    }

    /// A URL matches when every part the component names matches; its path is matched with
    /// every other component's at once (`LinkDetails`), this the rest: whether the fragment and
    /// the query match. With `percentEncoded` the patterns are compared with the URL as sent;
    /// without it, with the decoded text, so that a pattern can be written in Unicode.
    func matchesBeyondPath(_ subject: LinkSubject) -> Bool {
        let form = subject.form(percentEncoded: percentEncoded, caseSensitive: caseSensitive)
        if let fragment, !fragment.matches(form.fragment) { return false }
        if let query, !query.matches(form) { return false }
        return true
    }

    /// The path as `matches` compared it, when this component's path pattern matched it only
    /// because iOS takes the slashes at a path's ends as optional.
    func pathMatchedOnlyLeniently(_ subject: LinkSubject) -> Bool {
        guard let path else { return false }
        return !path.matchesLiterally(subject.form(percentEncoded: percentEncoded, caseSensitive: caseSensitive).literalPath)
    }
}
