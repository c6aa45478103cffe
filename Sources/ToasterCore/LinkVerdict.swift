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
}
