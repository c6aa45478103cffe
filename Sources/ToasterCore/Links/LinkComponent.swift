/// One entry of a details entry's `components`, its options already resolved from the
/// component, the entry's `defaults`, the domain's `defaults` and Apple's defaults in that order.
struct LinkComponent: Sendable {
    /// `/`, `?` and `#`; an omitted one matches anything, as Apple's default `*` does.
    let path: LinkPattern?
    let query: LinkQuery?
    let fragment: LinkPattern?
    let exclude: Bool
    let caseSensitive: Bool
    let percentEncoded: Bool
    /// The component as the file wrote it (without `comment`), for messages.
    let text: String

    /// A URL matches when every component the entry names matches. With `percentEncoded` the
    /// pattern is compared with the URL as sent; without it, with the decoded text, so that a
    /// pattern can be written in Unicode.
    func matches(_ url: LinkURL) -> Bool {
        func form(_ text: String) -> String { percentEncoded ? text : PercentEncoding.decode(text) }
        if let path, !path.matches(form(url.path), caseSensitive: caseSensitive) { return false }
        if let fragment, !fragment.matches(form(url.fragment ?? ""), caseSensitive: caseSensitive) { return false }
        if let query, !query.matches(url, caseSensitive: caseSensitive, form: form) { return false }
        return true
    }
}
