/// What an apple-app-site-association file says of one URL for one app.
public enum LinkOutcome: String, Sendable, Equatable {
    /// A rule matched: the URL opens the app.
    case match
    /// An `exclude` component or a `NOT ` path matched first: the URL stays in the browser.
    case excluded
    /// Nothing matched, or the URL cannot be a universal link: the URL stays in the browser.
    case noMatch

    /// The word `links check` prints.
    public var label: String {
        switch self {
        case .match: "match"
        case .excluded: "excluded"
        case .noMatch: "no match"
        }
    }
}
