/// The answer for one URL: the outcome, the rule that decided it, and the URL's path for the
/// screen the app shows (`/videos/123`).
public struct LinkVerdict: Sendable, Equatable {
    /// The URL as asked.
    public let url: String
    public let outcome: LinkOutcome
    /// The URL's path, percent-decoded; empty when the URL could not be read.
    public let path: String
    /// The component or path that matched; nil for `noMatch`.
    public let decidedBy: LinkRulePlace?
    /// Why nothing matched; nil unless `outcome` is `noMatch`.
    public let reason: String?
    /// For `noMatch` against rules for the app: the rule that came closest and where it failed.
    public let nearMiss: LinkNearMiss?
    /// What the file's author probably got wrong that bears on this answer: the file's warnings
    /// about the entry or component that decided it, and a path that matched only because iOS
    /// takes the slashes at its ends as optional.
    public let warnings: [LinkWarning]
}

/// Something iOS reads without complaint but that is probably not what the file's author meant:
/// an unknown key (`exclued`), a value of the wrong type, a pattern that works only because a
/// slash is optional. The answer stays what iOS would do; `links check --strict` fails on these.
public struct LinkWarning: Sendable, Equatable, CustomStringConvertible {
    /// Where in the file (`applinks.details[0].components[1]`), or the URL it is about.
    public let place: String
    public let message: String

    public init(place: String, message: String) {
        self.place = place
        self.message = message
    }

    public var description: String { "\(place) \(message)" }
}

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

/// The rule that decided a URL: which details entry, which of its components or legacy paths,
/// and that rule as the file wrote it.
public struct LinkRulePlace: Sendable, Equatable {
    public enum List: String, Sendable, Equatable {
        case components
        case paths
    }

    /// Index into `applinks.details`.
    public let details: Int
    public let list: List
    /// Index into that entry's `components` or `paths`.
    public let index: Int
    /// The component as short JSON (`{"/": "/videos/*", "exclude": true}`, without `comment`),
    /// or the path string quoted (`"NOT /private/*"`).
    public let text: String

    /// `details[0] components[2]`.
    public var label: String { "details[\(details)] \(list.rawValue)[\(index)]" }
}

extension LinkVerdict {
    /// `excluded by details[0] components[1] {"/": "/links/private/*", "exclude": true}`, or
    /// why nothing matched.
    public var explanation: String {
        switch outcome {
        case .match, .excluded:
            decidedBy.map { "\(outcome.label) by \($0.label) \($0.text)" } ?? outcome.label
        case .noMatch:
            "\(outcome.label): \(reason ?? "no rule matches")"
        }
    }
}
