import ToasterCore

/// A Remote Config project and namespace, and the template served there, if any.
public struct RemoteConfigPlace: Decodable, Sendable, Equatable {
    public var project: String
    public var namespace: String
    /// With a template, the place is a Firebase project as an app reaches it: installations
    /// are issued, and a fetch with an installation's token gets the template evaluated for
    /// its device (docs/06). Read whole, every expression parsed, by `ServicePolicy.validated`
    /// from the document's tree: the template model is Core's, not a decoder's.
    public var template: RemoteConfigTemplate?
    /// The project's API key (`API_KEY` of `GoogleService-Info.plist`): with it, a request
    /// with another key is refused as Google refuses one; without it, any key is taken.
    public var apiKey: String?
    /// The key's iOS application restriction, as the Cloud console's API keys hold it
    /// (`iosKeyRestrictions.allowedBundleIds`): a request naming another bundle is refused.
    public var allowedBundleIds: [String]?
    /// The project's Firebase app IDs (`GOOGLE_APP_ID`): with them, any other app is refused.
    public var appIds: [String]?
    /// The parameters the app reads, as toastercli's `--rc-min-key`, `--rc-latest-key` and
    /// `--rc-url-key` name them; a template's values for the first two must be versions.
    public var minKey: String?
    public var latestKey: String?
    public var urlKey: String?

    enum CodingKeys: String, CodingKey, CaseIterable {
        case project, namespace, template, apiKey, allowedBundleIds, appIds, minKey, latestKey, urlKey
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        project = try container.decode(String.self, forKey: .project)
        namespace = try container.decode(String.self, forKey: .namespace)
        template = nil
        apiKey = try container.decodeIfPresent(String.self, forKey: .apiKey)
        allowedBundleIds = try container.decodeIfPresent([String].self, forKey: .allowedBundleIds)
        appIds = try container.decodeIfPresent([String].self, forKey: .appIds)
        minKey = try container.decodeIfPresent(String.self, forKey: .minKey)
        latestKey = try container.decodeIfPresent(String.self, forKey: .latestKey)
        urlKey = try container.decodeIfPresent(String.self, forKey: .urlKey)
    }

    /// The parameters the app reads: the reference app's unless the place names others.
    public var keys: RemoteConfigKeys {
        let standard = RemoteConfigKeys.default
        return RemoteConfigKeys(minimumRequired: minKey ?? standard.minimumRequired, latest: latestKey ?? standard.latest,
                                storeURL: urlKey ?? standard.storeURL)
    }
}
