import ToasterCore

/// What toaster-server's simulated App Store Connect says about an app (docs/06-server.md):
/// where it is available and its iOS versions, each with its state, its build's minimum iOS
/// and its phased release.
public struct AppStoreConnectApp: Codable, Sendable, Equatable {
    /// Storefront codes where the app is available; without it, the app's `countries`.
    public var territories: [String]?
    public var versions: [AppStoreConnectRelease]

    enum CodingKeys: String, CodingKey, CaseIterable {
        case territories, versions
    }
}

/// One iOS version, named as App Store Connect names its fields.
public struct AppStoreConnectRelease: Codable, Sendable, Equatable {
    public var versionString: String
    public var appVersionState: String
    public var releaseType: String?
    public var earliestReleaseDate: String?
    /// The attached build's `minOsVersion`; without it, no build is attached.
    public var minOsVersion: String?
    public var phasedRelease: PhasedReleasePolicy?

    enum CodingKeys: String, CodingKey, CaseIterable {
        case versionString, appVersionState, releaseType, earliestReleaseDate, minOsVersion, phasedRelease
    }

    /// Every `appVersionState` App Store Connect documents.
    static let states = ["ACCEPTED", "DEVELOPER_REJECTED", "IN_REVIEW", "INVALID_BINARY", "METADATA_REJECTED", "PENDING_APPLE_RELEASE",
                         "PENDING_DEVELOPER_RELEASE", "PREPARE_FOR_SUBMISSION", "PROCESSING_FOR_DISTRIBUTION", "READY_FOR_DISTRIBUTION",
                         "READY_FOR_REVIEW", "REJECTED", "REPLACED_WITH_NEW_VERSION", "WAITING_FOR_EXPORT_COMPLIANCE", "WAITING_FOR_REVIEW"]
    static let releaseTypes = ["MANUAL", "AFTER_APPROVAL", "SCHEDULED"]
}

public struct PhasedReleasePolicy: Codable, Sendable, Equatable {
    public var phasedReleaseState: String
    public var currentDayNumber: Int?
    public var startDate: String?

    enum CodingKeys: String, CodingKey, CaseIterable {
        case phasedReleaseState, currentDayNumber, startDate
    }

    static let states = ["INACTIVE", "ACTIVE", "PAUSED", "COMPLETE"]
}
