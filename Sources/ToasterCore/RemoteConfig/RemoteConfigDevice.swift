import FoundationEssentials

/// The simulated device a template is evaluated for: what the Remote Config backend knows of
/// an app instance when it fetches. A value left nil is undefined, and a rule on it is false.
public struct RemoteConfigDevice: Sendable, Equatable {
    /// `device.os` of the simulated device: an iPhone.
    public static let os = "ios"

    /// `device.os`, lower case; nil for a device that has none Remote Config knows (a web app).
    public var os: String?

    public var appVersion: String
    public var build: String?
    public var firebaseAppID: String?
    /// The storefront code (`device.country`), compared in any case.
    public var country: String?
    public var language: String?
    public var userProperties: [String: String]
    public var customSignals: [String: String]
    /// The Analytics audiences the device is in; none given means it is in none.
    public var audiences: Set<String>
    public var firstOpen: Date?
    public var installationID: String?
    /// The device's percentile for every percent rule, in micro-percents; nil when not pinned,
    /// and then every outcome is given with its share of devices.
    public var microPercentile: Int?
    /// Per seed ("" for none), the device's percentile in micro-percents, for the seeds
    /// `microPercentile` does not pin: toaster-server derives them from the installation ID.
    public var seedPercentiles: [String: Int]
    /// Per rollout id, the device's percentile in micro-percents: within a rollout's share it
    /// gets the rollout's value. Firebase assigns rollouts on its own; toaster-server derives
    /// them from the installation ID.
    public var rolloutPercentiles: [String: Int]
    public var now: Date

    public init(appVersion: String, build: String? = nil, firebaseAppID: String? = nil, country: String? = nil,
                language: String? = nil, userProperties: [String: String] = [:], customSignals: [String: String] = [:],
                audiences: Set<String> = [], firstOpen: Date? = nil, installationID: String? = nil,
                microPercentile: Int? = nil, seedPercentiles: [String: Int] = [:], rolloutPercentiles: [String: Int] = [:],
                os: String? = RemoteConfigDevice.os, now: Date) {
        self.os = os
        self.appVersion = appVersion
        self.build = build
        self.firebaseAppID = firebaseAppID
        self.country = country
        self.language = language
        self.userProperties = userProperties
        self.customSignals = customSignals
        self.audiences = audiences
        self.firstOpen = firstOpen
        self.installationID = installationID
        self.microPercentile = microPercentile
        self.seedPercentiles = seedPercentiles
        self.rolloutPercentiles = rolloutPercentiles
        self.now = now
    }
}

/// The offsets of named time zones (IANA names), from the system's time zone data; the core
/// has none of its own.
public protocol TimeZoneRules: Sendable {
    /// Seconds east of UTC in `zone` at `instant`, or nil for a zone not known.
    func secondsFromUTC(zone: String, at instant: Date) -> Int?
}

extension LocalDateTime {
    /// The instant this time names, or nil when its zone is not known.
    func instant(_ zones: any TimeZoneRules) -> Date? {
        guard let zone else { return clock }
        if zone == "UTC" || zone == "GMT" { return clock }
        // The offset at the wall-clock time read as UTC, then again at the instant that gives,
        // so that a time near a daylight-saving change takes the offset in force then.
        guard let first = zones.secondsFromUTC(zone: zone, at: clock) else { return nil }
        let guess = clock.addingTimeInterval(-Double(first))
        guard let second = zones.secondsFromUTC(zone: zone, at: guess) else { return nil }
        return clock.addingTimeInterval(-Double(second))
    }
}
