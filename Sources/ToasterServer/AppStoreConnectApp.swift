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

extension AppPolicy {
    /// The storefronts where the simulated App Store Connect says the app is available.
    var availableStorefronts: [String] { appStoreConnect?.territories ?? countries }
}

extension ServicePolicy {
    /// Checks an app's `appStoreConnect` object: known states, readable versions and dates,
    /// storefront codes, a phased release day within its seven.
    static func validate(_ app: AppStoreConnectApp, at place: String) throws(PolicyError) {
        for code in app.territories ?? [] where !AppStoreStorefronts.all.contains(code) {
            throw PolicyError("\(place).territories: \"\(code)\" is not an App Store storefront code")
        }
        var seen: Set<Version> = []
        for (index, release) in app.versions.enumerated() {
            let at = "\(place).versions[\(index)]"
            let version: Version
            do { version = try Version(release.versionString) } catch { throw PolicyError("\(at).versionString: \(error)") }
            guard seen.insert(version).inserted else { throw PolicyError("\(at).versionString \(release.versionString) is listed twice") }
            try check(release.appVersionState, among: AppStoreConnectRelease.states, at: "\(at).appVersionState")
            if let type = release.releaseType { try check(type, among: AppStoreConnectRelease.releaseTypes, at: "\(at).releaseType") }
            if let date = release.earliestReleaseDate, ISO8601.parse(date) == nil {
                throw PolicyError("\(at).earliestReleaseDate: \"\(date)\" is not an ISO 8601 date")
            }
            if let os = release.minOsVersion {
                do { _ = try Version(os) } catch { throw PolicyError("\(at).minOsVersion: \(error)") }
            }
            if let phased = release.phasedRelease {
                try check(phased.phasedReleaseState, among: PhasedReleasePolicy.states, at: "\(at).phasedRelease.phasedReleaseState")
                if let day = phased.currentDayNumber, !(0...PhasedRelease.days).contains(day) {
                    throw PolicyError("\(at).phasedRelease.currentDayNumber: \(day) is not between 0 and \(PhasedRelease.days)")
                }
                if let date = phased.startDate, ISO8601.parse(date) == nil {
                    throw PolicyError("\(at).phasedRelease.startDate: \"\(date)\" is not an ISO 8601 date")
                }
            }
        }
    }

    private static func check(_ value: String, among known: [String], at place: String) throws(PolicyError) {
        guard !known.contains(value) else { return }
        let nearest = NearestName.to(value, among: known).map { "; did you mean \($0)?" } ?? " (known: \(known.joined(separator: ", ")))"
        throw PolicyError("\(place): \"\(value)\" is not a value App Store Connect uses\(nearest)")
    }

    /// The keys an `appStoreConnect` object may hold, inside too.
    static func refuseUnknownAppStoreConnectKeys(_ object: JSONTree, at place: JSONPlace) throws(PolicyError) {
        try refuseUnknownKeys(object, at: place, known: AppStoreConnectApp.CodingKeys.self)
        for (index, release) in (object["versions"]?.items ?? []).enumerated() {
            let at = place.key("versions").index(index)
            try refuseUnknownKeys(release, at: at, known: AppStoreConnectRelease.CodingKeys.self)
            try release["phasedRelease"].map { value throws(PolicyError) in
                try refuseUnknownKeys(value, at: at.key("phasedRelease"), known: PhasedReleasePolicy.CodingKeys.self)
            }
        }
    }
}
