/// Something in the policy about to be published, or in what the storefronts serve, that
/// strands or misleads users. `kind` names are stable: CI jobs and docs/10-preflight.md use them.
public struct PreflightFinding: Sendable, Equatable {
    public enum Kind: String, Sendable, CaseIterable {
        // Dead ends.
        case minAboveStore = "min-above-store", forcedNotListed = "forced-not-listed", forcedAfterUpdate = "forced-after-update",
             osDeadEnd = "os-dead-end", storeURL = "store-url", forcedUnreleased = "forced-unreleased"
        // Warnings.
        case tooFresh = "too-fresh", lookupsDisagree = "lookups-disagree", versionString = "version-string", window,
             promptNotServed = "prompt-not-served"
        // Errors: what preflight could not find out.
        case unanswered

        /// Whether the store catching up can end it, so `--watch` keeps asking.
        public var endsByWaiting: Bool {
            switch self {
            case .minAboveStore, .forcedNotListed, .forcedAfterUpdate, .tooFresh, .lookupsDisagree, .unanswered: true
            // A prompt to an unserved version blocks no forcing, so `--watch` does not wait on it.
            case .osDeadEnd, .storeURL, .forcedUnreleased, .versionString, .window, .promptNotServed: false
            }
        }

        /// What the kind always is: whether users are stranded, misled, or nothing is known.
        var severity: Severity {
            switch self {
            case .minAboveStore, .forcedNotListed, .forcedAfterUpdate, .osDeadEnd, .storeURL, .forcedUnreleased: .deadEnd
            case .tooFresh, .lookupsDisagree, .versionString, .window, .promptNotServed: .warning
            case .unanswered: .error
            }
        }
    }

    /// Spelt the same in every format, and as the matrix cell of a stranded user.
    public enum Severity: String, Sendable, CaseIterable {
        /// Users would be stranded.
        case deadEnd = "dead-end"
        /// Preflight could not find out (a lookup that never answered): what it would have said is unknown.
        case error
        /// The policy does not do what the team thinks, or will not yet for some devices.
        case warning
    }

    public var kind: Kind
    public var severity: Severity
    public var storefronts: [String]
    public var versions: [String]
    /// The users on `versions`, when the installed base says how many.
    public var users: Int?
    public var message: String
    public var fix: String
    /// The template condition that caused it (the one that gave the minimum that forces, the
    /// latest version that prompts, the update URL); nil when no condition did.
    public var condition: String?

    /// The storefronts as a short list: at most six, then how many more.
    public var storefrontList: String { PreflightText.list(storefronts, none: "no storefront") }
}
