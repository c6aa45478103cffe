/// The Remote Config parameter names a project uses; `default` is the reference app's, which
/// toaster-server serves and toastercli reads unless told otherwise.
public struct RemoteConfigKeys: Sendable, Equatable {
    public var minimumRequired: String
    public var latest: String
    public var storeURL: String

    public static let `default` = RemoteConfigKeys(minimumRequired: "min_required_version", latest: "latest_version",
                                                    storeURL: "force_update_store_url")

    public init(minimumRequired: String, latest: String, storeURL: String) {
        self.minimumRequired = minimumRequired
        self.latest = latest
        self.storeURL = storeURL
    }
}
