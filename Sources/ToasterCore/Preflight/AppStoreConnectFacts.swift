import FoundationEssentials

/// What App Store Connect knows for certain, where the lookups only hint: the storefronts the
/// app is available in, its iOS versions and their states, and for the newest one its phased
/// release and its build's minimum iOS (docs/10-preflight.md).
public struct AppStoreConnectFacts: Sendable, Equatable {
    /// Storefront codes, in the order App Store Connect listed their territories.
    public var availableStorefronts: [String]
    public var unavailableStorefronts: [String]
    public var versions: [AppStoreConnectVersion]
    /// The phased release of `newest`; nil when it has none.
    public var phasedRelease: PhasedRelease?
    /// `minOsVersion` of the build attached to `newest`; nil when none is attached yet.
    public var buildMinimumOSVersion: String?

    public init(availableStorefronts: [String], unavailableStorefronts: [String], versions: [AppStoreConnectVersion],
                phasedRelease: PhasedRelease? = nil, buildMinimumOSVersion: String? = nil) {
        self.availableStorefronts = availableStorefronts
        self.unavailableStorefronts = unavailableStorefronts
        self.versions = versions
        self.phasedRelease = phasedRelease
        self.buildMinimumOSVersion = buildMinimumOSVersion
    }

    /// The highest version string (unreadable ones never win): the one a release is under way for.
    public static func newest(of versions: [AppStoreConnectVersion]) -> AppStoreConnectVersion? {
        readable(versions).max { $0.version < $1.version }?.item
    }

    private static func readable(_ versions: [AppStoreConnectVersion]) -> [(version: Version, item: AppStoreConnectVersion)] {
        versions.compactMap { item in (try? Version(item.versionString)).map { ($0, item) } }
    }

    public var newest: AppStoreConnectVersion? { Self.newest(of: versions) }

    /// The lowest released version at or above `version`; nil when none is released yet.
    func released(atLeast version: Version) -> AppStoreConnectVersion? {
        Self.readable(versions).filter { $0.item.isReleased && $0.version >= version }.min { $0.version < $1.version }?.item
    }
}

/// One iOS App Store version in App Store Connect.
public struct AppStoreConnectVersion: Sendable, Equatable {
    public var versionString: String
    /// `appVersionState`: `READY_FOR_DISTRIBUTION`, `PENDING_DEVELOPER_RELEASE`, `IN_REVIEW`, …
    public var state: String
    /// `MANUAL`, `AFTER_APPROVAL` or `SCHEDULED`.
    public var releaseType: String?
    public var earliestReleaseDate: String?

    public init(versionString: String, state: String, releaseType: String? = nil, earliestReleaseDate: String? = nil) {
        self.versionString = versionString
        self.state = state
        self.releaseType = releaseType
        self.earliestReleaseDate = earliestReleaseDate
    }

    /// The states in which the App Store distributes the version (or did, until a newer one).
    public static let releasedStates: Set<String> = ["READY_FOR_DISTRIBUTION", "REPLACED_WITH_NEW_VERSION"]

    public var isReleased: Bool { Self.releasedStates.contains(state) }

    /// `PENDING_DEVELOPER_RELEASE` as people say it: "pending developer release".
    public var stateText: String { state.lowercased().replacing("_", with: " ") }
}

/// A phased release: automatic updates reach a growing share of devices over seven days.
public struct PhasedRelease: Sendable, Equatable {
    /// `INACTIVE`, `ACTIVE`, `PAUSED` or `COMPLETE`.
    public var state: String
    /// 1 to 7 while it runs.
    public var currentDayNumber: Int?
    public var startDate: String?

    public static let days = 7

    public init(state: String, currentDayNumber: Int?, startDate: String?) {
        self.state = state
        self.currentDayNumber = currentDayNumber
        self.startDate = startDate
    }

    /// "active, day 3 of 7 (since 2026-11-20)".
    public var text: String {
        var text = state.lowercased()
        if let day = currentDayNumber, state == "ACTIVE" || state == "PAUSED" { text += ", day \(day) of \(Self.days)" }
        if let startDate { text += " (since \(startDate))" }
        return text
    }

    /// Why it does not protect a forced update: the pacing applies only to automatic updates.
    public static let note = "a phased release paces only automatic updates: anyone sent to the App Store, as a forced alert does, can update at once"
}

extension AppStoreTerritories {
    /// The territory App Store Connect names a storefront by (`kr` → `KOR`).
    public static func territory(forStorefront code: String) -> String? {
        storefrontByTerritory.filter { $0.value == code }.keys.sorted().last
    }
}
