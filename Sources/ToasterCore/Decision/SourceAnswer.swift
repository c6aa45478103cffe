import FoundationEssentials

/// Everything a version-check source said, before any decision: each field is optional because
/// each source gives only some of them (docs/00 §4).
public struct SourceAnswer: Sendable, Equatable {
    public var latestVersion: String?
    public var minimumRequiredVersion: String?
    public var forcedRange: ForcedRange?
    public var texts: AlertTextOverride?
    public var updateURL: String?
    public var listing: StoreListing?
    /// What the answer lacked that a reader would expect (a key it did not hold), said in
    /// `check`'s output so that a misspelt key is not read as "no minimum" without a word.
    public var notices: [String]
    /// What a Remote Config template gave, and why (`--template`).
    public var remoteConfig: RemoteConfigReport?
    /// What the service calls its minimum and its latest version, as a decision's sentence
    /// names them (`min_required_version`, `--min-required-version`); nil: unnamed.
    public var minimumName: String?
    public var latestName: String?
    /// The template version a Remote Config fetch answered with (`templateVersion`).
    public var templateVersion: String?
    /// The version the App Store serves, where a store said it (the demo store, a lookup, the
    /// store beside a service); nil where only the service names a version.
    public var storeVersion: String?
    /// What kind of service answered, which says what an answer naming no minimum means.
    public var origin: AnswerOrigin = .store

    /// Whether the answer names a minimum (a minimum required version, or a forced window).
    public var namesMinimum: Bool { minimumRequiredVersion != nil || forcedRange != nil }

    /// Whether only a minimum forces, unless the user gives rules: where the answer names one,
    /// and wherever an update service answered, named or not — a template without its minimum
    /// forces nobody, as its author meant.
    public var minimumDecides: Bool { namesMinimum || origin == .updateService }

    public init(latestVersion: String? = nil, minimumRequiredVersion: String? = nil,
                forcedRange: ForcedRange? = nil, texts: AlertTextOverride? = nil,
                updateURL: String? = nil, listing: StoreListing? = nil, notices: [String] = []) {
        self.latestVersion = latestVersion
        self.minimumRequiredVersion = minimumRequiredVersion
        self.forcedRange = forcedRange
        self.texts = texts
        self.updateURL = updateURL
        self.listing = listing
        self.notices = notices
    }
}

/// Who gave an answer, which says what it means when it names no minimum (docs/07, "What decides").
public enum AnswerOrigin: Sendable, Equatable {
    /// An App Store listing (the lookup, the demo store): naming no minimum, the reference
    /// app's table decides, and a major update forces.
    case store
    /// A service a team keeps to say who must update (Remote Config, a CMS): only a minimum it
    /// names forces, and naming none it forces nobody.
    case updateService
}

/// A CMS-style forced window: versions `minAppVersion...maxAppVersion` must update while `now`
/// lies in `start...end` (an absent bound is open).
public struct ForcedRange: Sendable, Equatable {
    public var minAppVersion: String
    public var maxAppVersion: String
    public var start: Date?
    public var end: Date?

    public init(minAppVersion: String, maxAppVersion: String, start: Date?, end: Date?) {
        self.minAppVersion = minAppVersion
        self.maxAppVersion = maxAppVersion
        self.start = start
        self.end = end
    }

    func isOpen(at now: Date) -> Bool {
        (start.map { $0 <= now } ?? true) && (end.map { now <= $0 } ?? true)
    }
}
