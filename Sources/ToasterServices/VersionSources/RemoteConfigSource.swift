import FoundationEssentials
import ToasterCore
import ToasterWire

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
        let request = RemoteConfigAPI.FetchRequest(appInstanceID: "toastercli", appID: appID, sdkVersion: "toastercli")
        let data: Data
        do {
            data = try location.read(timeout: timeout, post: try JSONPayload.encode(request.camelCased, what: "the Remote Config fetch"))
        } catch where error.httpStatus == 401 {
            throw wantsInstallation(error)
        }
        return try Self.answer(from: data, keys: keys, what: "Remote Config answer from \(location)")
    }

    /// A 401 to this small request: the service is Firebase as an app reaches it (Google, or
    /// toaster-server with a template), which serves only an installation's fetch.
    private func wantsInstallation(_ error: SourceError) -> SourceError {
        var how = "--firebase-project PROJECT --firebase-app-id APP_ID --url BASE"
        if case .web(let url, _) = location, let parts = URLComponents(string: url), let scheme = parts.scheme, let host = parts.host {
            let path = parts.path.split(separator: "/")
            // `/v1/projects/{project}/namespaces/{namespace}:fetch`
            let project = path.count >= 3 && path[1] == "projects" ? String(path[2]) : "PROJECT"
            how = "--firebase-project \(project) --firebase-app-id APP_ID --url \(scheme)://\(parts.port.map { "\(host):\($0)" } ?? host)"
        }
        return SourceError(.misconfigured, "\(location) answered 401: it serves Remote Config only to a Firebase installation, as an app fetches "
            + "(\(error.message)); fetch as the app does with \(how)", httpStatus: 401)
    }

    /// A fetch answer read for `keys`, whoever asked for it; `what` names the answer and its
    /// origin, as its problems begin.
    static func answer(from data: Data, keys: RemoteConfigKeys, what: String) throws(SourceError) -> SourceAnswer {
        typealias Fetch = RemoteConfigAPI.FetchAnswer
        let (fetch, tree) = try JSONPayload.decode(Fetch.self, from: data, what: what)
        let entriesKey = Fetch.CodingKeys.entries.stringValue
        let state = JSONPlace.root.key(Fetch.CodingKeys.state.stringValue)
        guard let stated = fetch.state ?? (fetch.entries == nil ? nil : RemoteConfigAPI.State.update.rawValue) else {
            if tree[RemoteConfigTemplate.Key.parameters.rawValue] != nil {
                throw SourceError(.unusableAnswer, "\(what) is unusable: it is a template (parameters with defaultValue), "
                    + "not a fetch answer; evaluate it with --template FILE, or give the fetch endpoint or a saved fetch answer ({\"entries\":{…},\"state\":\"UPDATE\"})")
            }
            throw SourceError(.unusableAnswer, "\(what) is unusable: it has neither \"state\" nor \"entries\" (present: \(JSONPayload.present(tree)))")
        }
        switch RemoteConfigAPI.State(rawValue: stated) {
        case .update:
            let entries = fetch.entries ?? [:]
            for key in [keys.minimumRequired, keys.latest] {
                try JSONPayload.checkVersion(entries[key], at: JSONPlace.root.key(entriesKey).key(key), what: what)
            }
            let latest = entries[keys.latest]
            var answer = SourceAnswer(
                latestVersion: latest,
                minimumRequiredVersion: entries[keys.minimumRequired],
                texts: keys.texts { entries[$0] },
                updateURL: entries[keys.storeURL],
                listing: latest.map { StoreListing(appName: nil, version: $0) },
                notices: JSONPayload.absence(of: keys.decisive, in: tree[entriesKey] ?? .object([]), what: "Remote Config entries")
                    .map { [$0] } ?? []
            )
            answer.minimumName = keys.minimumRequired
            answer.latestName = keys.latest
            answer.templateVersion = fetch.templateVersion
            answer.origin = .updateService
            return answer
        case .noTemplate, .emptyConfig:
            var answer = SourceAnswer(notices: ["Remote Config has no parameters for this app (\(stated)): nothing to compare"])
            answer.origin = .updateService
            return answer
        case .noChange:
            throw SourceError(.unchanged, "Remote Config answered \(stated): the last answer stands")
        case .unspecified:
            throw JSONPayload.unusable(what, at: state, "\(stated) means the server failed")
        case nil:
            throw JSONPayload.unusable(what, at: state, "\(JSONValue.string(stated).serialized()) is not a state Remote Config answers "
                + "(" + RemoteConfigAPI.State.allCases.map(\.rawValue).joined(separator: ", ") + ")")
        }
    }
}
