import FoundationEssentials
import ToasterCore

/// `--source remote-config`: a Firebase-style fetch (`POST …/namespaces/{namespace}:fetch`).
public struct RemoteConfigSource: ServiceSource {
    public let location: SourceLocation
    public let keys: RemoteConfigKeys
    public let appID: String
    public let timeout: Duration

    public init(location: SourceLocation, keys: RemoteConfigKeys, appID: String, timeout: Duration = .seconds(5)) {
        self.location = location
        self.keys = keys
        self.appID = appID
        self.timeout = timeout
    }

    public var name: String { "remote-config" }

    public func fetchPolicy() throws(SourceError) -> UpdatePolicy {
        let request = Data(#"{"appId":"\#(appID)","appInstanceId":"toastercli","sdkVersion":"toastercli"}"#.utf8)
        let data = try location.read(timeout: timeout, post: request)
        let fetch = try JSONPayload.decode(RemoteConfigFetch.self, from: data, what: "Remote Config")
        let known = ["UPDATE", "NO_CHANGE", "NO_TEMPLATE", "EMPTY_CONFIG", "INSTANCE_STATE_UNSPECIFIED"]
        if let state = fetch.state, !known.contains(state) {
            throw SourceError(.unusableAnswer, "Remote Config answer is unusable: unknown state \"\(state)\"")
        }
        let entries = fetch.entries ?? [:]
        let latest = entries[keys.latest]
        return UpdatePolicy(
            latestVersion: latest,
            minimumRequiredVersion: entries[keys.minimumRequired],
            updateURL: entries[keys.storeURL],
            listing: latest.map { StoreListing(appName: "Toaster", version: $0) }
        )
    }
}

/// A Firebase Remote Config fetch answer: every value a string, `entries` absent in the
/// NO_CHANGE, NO_TEMPLATE and EMPTY_CONFIG states.
struct RemoteConfigFetch: Decodable, Sendable {
    let entries: [String: String]?
    let state: String?
}
