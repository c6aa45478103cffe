/// `caseSensitive` and `percentEncoded` as one level sets them: the domain's `defaults`, a
/// details entry's `defaults`, or a component. A level that leaves one out inherits it.
struct MatchOptions: Sendable {
    var caseSensitive: Bool?
    var percentEncoded: Bool?

    /// These options over `outer`, the more specific level winning.
    func over(_ outer: MatchOptions) -> MatchOptions {
        MatchOptions(caseSensitive: caseSensitive ?? outer.caseSensitive,
                     percentEncoded: percentEncoded ?? outer.percentEncoded)
    }
}
