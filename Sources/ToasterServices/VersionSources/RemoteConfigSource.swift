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

    /// `UPDATE` (or `entries` without a state) gives the configured keys, with a notice naming
    /// those absent; `NO_TEMPLATE` and `EMPTY_CONFIG` hold nothing to compare; `NO_CHANGE` is
    /// thrown as `.unchanged`; `INSTANCE_STATE_UNSPECIFIED`, an unknown state, a template
    /// file and an answer with neither state nor entries are unusable.
    public func fetchAnswer() throws(SourceError) -> SourceAnswer {
        let request = Data(#"{"appId":"\#(appID)","appInstanceId":"toastercli","sdkVersion":"toastercli"}"#.utf8)
        let data = try location.read(timeout: timeout, post: request)
        return try Self.answer(from: data, keys: keys, what: "Remote Config answer from \(location)")
    }

    /// A fetch answer read for `keys`, whoever asked for it; `what` names the answer and its
    /// origin, as its problems begin.
    static func answer(from data: Data, keys: RemoteConfigKeys, what: String) throws(SourceError) -> SourceAnswer {
        let (fetch, tree) = try JSONPayload.decode(RemoteConfigFetch.self, from: data, what: what)
        let state = JSONPlace.root.key("state")
        switch fetch.state ?? (fetch.entries == nil ? nil : "UPDATE") {
        case "UPDATE":
            let entries = fetch.entries ?? [:]
            let expected = [keys.minimumRequired, keys.latest, keys.storeURL]
            for key in [keys.minimumRequired, keys.latest] {
                try JSONPayload.checkVersion(entries[key], at: JSONPlace.root.key("entries").key(key), what: what)
            }
            let latest = entries[keys.latest]
            return SourceAnswer(
                latestVersion: latest,
                minimumRequiredVersion: entries[keys.minimumRequired],
                updateURL: entries[keys.storeURL],
                listing: latest.map { StoreListing(appName: nil, version: $0) },
                notices: JSONPayload.absence(of: expected, in: tree["entries"] ?? .object([]), what: "Remote Config entries")
                    .map { [$0] } ?? []
            )
        case "NO_TEMPLATE", "EMPTY_CONFIG":
            return SourceAnswer(notices: ["Remote Config has no parameters for this app (\(fetch.state ?? "")): nothing to compare"])
        case "NO_CHANGE":
            throw SourceError(.unchanged, "Remote Config answered NO_CHANGE: the last answer stands")
        case "INSTANCE_STATE_UNSPECIFIED":
            throw JSONPayload.unusable(what, at: state, "INSTANCE_STATE_UNSPECIFIED means the server failed")
        case let other?:
            throw JSONPayload.unusable(what, at: state, "\(JSONValue.string(other).serialized()) is not a state Remote Config answers "
                + "(UPDATE, NO_CHANGE, NO_TEMPLATE, EMPTY_CONFIG, INSTANCE_STATE_UNSPECIFIED)")
        case nil where tree["parameters"] != nil:
            throw SourceError(.unusableAnswer, "\(what) is unusable: it is a template (parameters with defaultValue), "
                + "not a fetch answer; evaluate it with --template FILE, or give the fetch endpoint or a saved fetch answer ({\"entries\":{…},\"state\":\"UPDATE\"})")
        case nil:
            throw SourceError(.unusableAnswer, "\(what) is unusable: it has neither \"state\" nor \"entries\" (present: \(JSONPayload.present(tree)))")
        }
    }
}

/// A Firebase Remote Config fetch answer: every value a string, `entries` absent in the
/// NO_CHANGE, NO_TEMPLATE and EMPTY_CONFIG states.
struct RemoteConfigFetch: Decodable, Sendable {
    let entries: [String: String]?
    let state: String?
}
