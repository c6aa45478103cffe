/// Everything a version-check source said, before any decision: each field is optional because
/// each source gives only some of them (SPEC §4).
public struct UpdatePolicy: Sendable, Equatable {
    public var latestVersion: String?
    public var minimumRequiredVersion: String?
    public var forcedRange: ForcedRange?
    public var texts: AlertTextOverride?
    public var updateURL: String?
    public var listing: StoreListing?

    public init(latestVersion: String? = nil, minimumRequiredVersion: String? = nil,
                forcedRange: ForcedRange? = nil, texts: AlertTextOverride? = nil,
                updateURL: String? = nil, listing: StoreListing? = nil) {
        self.latestVersion = latestVersion
        self.minimumRequiredVersion = minimumRequiredVersion
        self.forcedRange = forcedRange
        self.texts = texts
        self.updateURL = updateURL
        self.listing = listing
    }
}
