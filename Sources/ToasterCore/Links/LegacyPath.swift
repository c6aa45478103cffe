/// One string of a details entry's pre-iOS 13 `paths`: a pattern for the URL's path only,
/// always case-sensitive and compared with the percent-encoded path, as Apple's archived
/// universal links guide describes; `NOT ` in front excludes what it matches.
struct LegacyPath: Sendable {
    let pattern: LinkPattern
    let exclude: Bool
    /// The string as the file wrote it, quoted, for messages.
    let text: String

    init(_ written: String) {
        exclude = written.hasPrefix("NOT ")
        pattern = LinkPattern(text: exclude ? String(written.dropFirst(4)) : written)
        text = JSONValue.string(written).serialized()
    }

    func matches(_ url: LinkURL) -> Bool {
        pattern.matches(url.path, caseSensitive: true)
    }
}
