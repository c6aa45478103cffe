import ToasterCore

/// One app as the store, Remote Config and the CMS describe it.
public struct AppPolicy: Decodable, Sendable, Equatable {
    /// The App Store id (`trackId`, `?id=`).
    public var trackId: Int
    public var bundleId: String
    public var name: String
    /// The store version.
    public var version: String
    /// Store countries (`?country=`) the app is listed in; lower case.
    public var countries: [String]
    public var releaseDate: String?
    public var releaseNotes: String?
    public var minimumOsVersion: String?
    /// Remote Config's minimum required version.
    public var minRequiredVersion: String?
    /// Where Remote Config serves this app (`/v1/projects/{project}/namespaces/{namespace}:fetch`).
    public var remoteConfig: RemoteConfigPlace?
    /// Where the CMS serves this app's force-update object (`/api/v1/{endpoint}`).
    public var cms: CMSPlace?
    /// The CMS force-update object, if any.
    public var forced: ForcedWindow?
    /// What the store served before `releaseDate`; served until then (and, per answer form,
    /// for `lagSeconds` after it). Without it, `version` is served at any time.
    public var previous: StoreRelease?
    /// How long after `releaseDate` an answer form still serves `previous`.
    public var lagSeconds: AnswerLag?
    /// Per-storefront differences from the fields above; every key must be in `countries`.
    public var storefronts: [String: StorefrontRelease]?
    /// What the simulated App Store Connect says about the app; without it, it knows no such app.
    public var appStoreConnect: AppStoreConnectApp?

    /// Every key a policy's app may hold; any other is refused (`ServicePolicy.validated`).
    enum CodingKeys: String, CodingKey, CaseIterable {
        case trackId, bundleId, name, version, countries, releaseDate, releaseNotes, minimumOsVersion
        case minRequiredVersion, remoteConfig, cms, forced
        case previous, lagSeconds, storefronts, appStoreConnect
    }

    package var storeURL: String { AppStoreURL.forApp(id: String(trackId)) }
}

extension AppPolicy {
    /// What `country` serves now, after its release, and before it.
    package func release(in country: String) -> (current: StoreRelease, previous: StoreRelease?, lag: AnswerLag?) {
        let override = storefronts?[country]
        return (StoreRelease(version: override?.version ?? version, releaseDate: override?.releaseDate ?? releaseDate,
                             minimumOsVersion: override?.minimumOsVersion ?? minimumOsVersion),
                override?.previous ?? previous, override?.lagSeconds ?? lagSeconds)
    }

    /// The storefronts where the simulated App Store Connect says the app is available.
    package var availableStorefronts: [String] { appStoreConnect?.territories ?? countries }
}
