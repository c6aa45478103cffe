/// One string of a details entry's pre-iOS 13 `paths`: a pattern for the URL's path only,
/// always case-sensitive and compared with the percent-encoded path, as Apple's archived
/// universal links guide describes; `NOT ` in front excludes what it matches.
struct LegacyPath: Sendable {
    let pattern: LinkPattern
    let exclude: Bool
    /// The string as the file wrote it, quoted, for messages.
    let text: String

    init(_ written: String, variables: SubstitutionVariables) {
        exclude = written.hasPrefix("NOT ")
        pattern = LinkPattern(exclude ? String(written.dropFirst(4)) : written, isPath: true, variables: variables)
        text = JSONValue.string(written).serialized()
    }

    /// The form of a URL every legacy path compares: percent-encoded, case-sensitive.
    static let formKey = LinkSubject.formKey(percentEncoded: true, caseSensitive: true)

    func pathMatchedOnlyLeniently(_ subject: LinkSubject) -> Bool {
        !pattern.matchesLiterally(subject.form(Self.formKey).literalPath)
    }
}
