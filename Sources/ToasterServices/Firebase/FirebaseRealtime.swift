import FoundationEssentials
import Synchronization
import ToasterCore
import ToasterWire

/// Remote Config's real-time stream as firebase-ios-sdk opens it (`RCNConfigRealtime.m`):
/// `POST {realtime}/v1/projects/{number}/namespaces/firebase:streamFetchInvalidations` with the
/// installation's token and the template version the app knows, held open by the server, its
/// messages read as they come. Which streams to open and when is the app machine's
/// (`LaunchMachine+Realtime`); this opens one on a background thread and says what happens.
public final class FirebaseRealtime: Sendable {
    /// The SDK's request timeout (`gTimeoutSeconds`, 330 s): a stream lasts at most this, then
    /// is reopened as one the server ended.
    static let lifetime = Duration.seconds(330)
    /// The longest message read: both SDKs take a message from a `{` to the next `}`, so a
    /// stream whose `{` has no `}` within this is no stream of theirs.
    static let maximumMessageBytes = 64 << 10

    let endpoint: FirebaseEndpoint
    let installations: FirebaseInstallations
    /// The streams running by number, and the highest number closed: a stream asked for after
    /// its closing never opens.
    private let streams = Mutex<(closedThrough: Int, running: [Int: HTTPStream])>((0, [:]))

    /// The stream of the project, app and installation `source` fetches with.
    init(_ source: FirebaseFetchSource) {
        endpoint = source.endpoint
        installations = source.installations
    }

    /// The stream `source` announces its service's changes on: Remote Config fetched as an
    /// app fetches, alone or with a store beside it; nil for a source without one. A capability
    /// asked for where a listener is wanted (`run --realtime`), not a field of every source.
    public convenience init?(announcing source: any VersionSource) {
        switch source {
        case let fetch as FirebaseFetchSource: self.init(fetch)
        case let paired as SourceWithStore: self.init(announcing: paired.service)
        default: return nil
        }
    }

    /// `…/projects/{number}/…`: the project number from the app ID, as the iOS SDK puts its
    /// `GCMSenderID` there; the project ID when the app ID holds no number.
    var streamURL: String {
        endpoint.realtimeBase + RemoteConfigRealtimeAPI.streamPath(project: RemoteConfigRealtimeAPI.projectNumber(appID: endpoint.appID) ?? endpoint.project)
    }

    /// Opens stream `number` and blocks until it ends, posting what it says; its end is posted
    /// last, unless `close` ended it.
    public func listen(stream number: Int, knownVersion: Int64, post: @escaping @Sendable (RealtimeEvent) -> Void) {
        let stream = HTTPStream(fetcher: HTTPFetcher(timeout: endpoint.timeout, trust: endpoint.trust), lifetime: Self.lifetime)
        let closed = streams.withLock { streams in
            streams.running[number] = stream
            return number <= streams.closedThrough
        }
        defer { _ = streams.withLock { $0.running.removeValue(forKey: number) } }
        if closed { return }
        let ending: HTTPStream.Ending
        do {
            var (installation, registered) = try installations.current()
            let reader = MessageReader(stream: stream, post: post)
            var run = open(stream, installation: installation, knownVersion: knownVersion, reader: reader)
            if case .refused(let answer) = run, answer.status == 401, !registered {
                // A kept installation the service no longer knows: registered anew, once, as a fetch does.
                installations.forget()
                installation = try installations.current().installation
                run = open(stream, installation: installation, knownVersion: knownVersion, reader: reader)
            }
            if let problem = reader.problem {
                return post(.ended(.lost(problem)))
            }
            ending = run
        } catch {
            return post(.ended(.unanswered("no installation token: \(error.message)")))
        }
        switch ending {
        case .ended: post(.ended(.closed))
        case .aborted: break
        case .lost(let problem): post(.ended(.lost(endpoint.redacted(problem))))
        case .failed(let error): post(.ended(.unanswered(endpoint.redacted(error.message))))
        case .refused(let answer):
            let said = GoogleRefusal(answer.body).map(\.summary) ?? TextSanitizer.cleanLine(answer.reason)
            post(.ended(.refused(status: answer.status, detail: endpoint.redacted(said))))
        }
    }

    /// Ends stream `number` and every one before it, running or not yet opened.
    public func close(through number: Int) {
        let running = streams.withLock { streams in
            streams.closedThrough = max(streams.closedThrough, number)
            return streams.running.filter { $0.key <= number }.map(\.value)
        }
        for stream in running { stream.abort() }
    }

    private func open(_ stream: HTTPStream, installation: FirebaseInstallation, knownVersion: Int64, reader: MessageReader) -> HTTPStream.Ending {
        let request = RemoteConfigRealtimeAPI.StreamRequest(
            project: RemoteConfigRealtimeAPI.projectNumber(appID: endpoint.appID) ?? endpoint.project, namespace: RemoteConfigAPI.appNamespace,
            lastKnownVersionNumber: knownVersion > 0 ? String(knownVersion) : nil, appID: endpoint.appID, sdkVersion: FirebaseEndpoint.sdkVersion,
            appInstanceID: installation.fid)
        var headers = [(GoogleAPI.apiKeyHeader, endpoint.apiKey), (RemoteConfigAPI.installationsAuthHeader, installation.authToken),
                       ("Content-Type", "application/json"), ("Accept", "application/json"), (RemoteConfigRealtimeAPI.canRetryHeader, "true")]
        if let bundleID = endpoint.bundleID { headers.append((GoogleAPI.iosBundleIdentifierHeader, bundleID)) }
        // The encoder cannot fail on a few texts.
        let body = (try? WireJSON.encode(request)) ?? Data()
        let post = reader.post
        return stream.run(streamURL, headers: headers, body: body, opened: { status in
            if (200..<300).contains(status) { post(.opened) }
        }, received: reader.read)
    }
}

/// The messages in a stream's body as the SDKs read them: the text from a `{` to the next `}`
/// is one message (the web SDK keeps a message split across reads; so does this), whatever
/// comes between messages is passed over.
final class MessageReader: @unchecked Sendable {
    // @unchecked: only the stream's own thread reads into it.
    let post: @Sendable (RealtimeEvent) -> Void
    private let stream: HTTPStream
    private var pending: [UInt8] = []
    /// Why the stream was cut off: a message too long to be one.
    private(set) var problem: String?

    init(stream: HTTPStream, post: @escaping @Sendable (RealtimeEvent) -> Void) {
        self.stream = stream
        self.post = post
    }

    func read(_ bytes: [UInt8]) {
        pending += bytes
        while let start = pending.firstIndex(of: UInt8(ascii: "{")) {
            guard let end = pending[start...].firstIndex(of: UInt8(ascii: "}")) else {
                pending.removeSubrange(..<start)
                if pending.count > FirebaseRealtime.maximumMessageBytes, problem == nil {
                    problem = "a message longer than \(FirebaseRealtime.maximumMessageBytes) bytes: this is no Remote Config stream"
                    stream.abort()
                }
                return
            }
            post(Self.event(Array(pending[start...end])))
            pending.removeSubrange(...end)
        }
        pending.removeAll()
    }

    /// One message as the app machine hears it. `featureDisabled` present at all is real time
    /// switched off, as the iOS SDK reads it (`objectForKey:`).
    static func event(_ text: [UInt8]) -> RealtimeEvent {
        typealias Message = RemoteConfigRealtimeAPI.Message
        let message: Message
        do {
            message = try StrictJSON.decode(Message.self, from: Data(text)).value
        } catch {
            return .unreadable("a message that is no flat object of known fields (\(TextSanitizer.cleanLine(String(decoding: text.prefix(200), as: UTF8.self)))): \(error)")
        }
        var version: Int64?
        if let text = message.latestTemplateVersionNumber {
            guard let number = Int64(text) else {
                let field = Message.CodingKeys.latestTemplateVersionNumber.stringValue
                return .unreadable("\(field) \(JSONValue.string(text).serialized()) is not a version number")
            }
            version = number
        }
        return .message(RealtimeMessage(templateVersion: version, retryAfterSeconds: message.retryIntervalSeconds, disabled: message.featureDisabled != nil))
    }
}
