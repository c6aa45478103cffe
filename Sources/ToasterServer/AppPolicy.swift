import ToasterCore

/// One app as the store, Remote Config and the CMS describe it.
public struct AppPolicy: Codable, Sendable, Equatable {
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

    /// Every key a policy's app may hold; any other is refused (`ServicePolicy.validated`).
    enum CodingKeys: String, CodingKey, CaseIterable {
        case trackId, bundleId, name, version, countries, releaseDate, releaseNotes, minimumOsVersion
        case minRequiredVersion, remoteConfig, cms, forced
    }

    var storeURL: String { AppStoreURL.forApp(id: String(trackId)) }
}
