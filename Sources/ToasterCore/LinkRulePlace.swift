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
