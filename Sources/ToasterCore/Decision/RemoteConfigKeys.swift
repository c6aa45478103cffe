/// The Remote Config parameter names a project uses; `default` is the reference app's, which
/// toaster-server serves and toastercli reads unless told otherwise.
public struct RemoteConfigKeys: Sendable, Equatable {
    public var minimumRequired: String
    public var latest: String
    public var storeURL: String
    /// The forced alert's title and message: present, they replace the built-in texts; absent,
    /// which is usual, nothing is said of them.
    public var title: String
    public var message: String

    public static let `default` = RemoteConfigKeys(minimumRequired: "min_required_version", latest: "latest_version",
                                                    storeURL: "force_update_store_url")

    public init(minimumRequired: String, latest: String, storeURL: String, title: String = "force_update_title",
                message: String = "force_update_message") {
        self.minimumRequired = minimumRequired
        self.latest = latest
        self.storeURL = storeURL
        self.title = title
        self.message = message
    }

    /// The keys the decision reads, whose absence is said: minimum, latest, store URL.
    public var decisive: [String] { [minimumRequired, latest, storeURL] }

    /// Every key read, each once, in the order minimum, latest, store URL, title, message.
    public var read: [String] {
        var read: [String] = []
        for key in decisive + [title, message] where !read.contains(key) { read.append(key) }
        return read
    }

    /// The forced alert's texts among `values`, nil when it gives neither.
    public func texts(_ value: (String) -> String?) -> AlertTextOverride? {
        let title = value(self.title), message = value(self.message)
        guard title != nil || message != nil else { return nil }
        return AlertTextOverride(title: title, message: message)
    }
}
