import FoundationEssentials
import HTTPTypes
import Logging
import Hummingbird
import NIOCore
import ToasterCore
import ToasterWire

/// Remote Config's real-time stream as Google serves it (docs/06):
/// `POST /v1/projects/{project}/namespaces/{namespace}:streamFetchInvalidations`, `project` the
/// project's number (the iOS SDK's `GCMSenderID`, from its app ID) or its ID (the web SDK), the
/// body the iOS SDK's gzipped quoting or the web SDK's JSON, the API key checked as the fetch's
/// is and the installation's auth token required; answered 200 and held open, a flat `{"latestTemplateVersionNumber": "N"}` written at
/// once when the template is newer than the client's `lastKnownVersionNumber` and again on every
/// newer version (`RealtimeStreams`).
enum RealtimeRoutes {
    /// A message the client does not take within this closes its connection: a reader that
    /// stopped reading holds no write, and no memory, for longer.
    static let writeDeadline = TimeAmount.seconds(30)
    /// A stream's messages are a few dozen bytes, and rare: its connection's kernel send buffer
    /// (doubled by Linux, 4.5 KiB at least) and its queue in the server (`waterMark`) are made
    /// small enough that a client that stopped taking them fills both after a few hundred, and
    /// its next message meets `writeDeadline`. With the kernel's own sizes, megabytes on
    /// loopback, no stream would ever fill them.
    static let sendBuffer: SocketOptionValue = 2048
    static let waterMark = ChannelOptions.Types.WriteBufferWaterMark(low: 1024, high: 2048)

    private typealias Request = Hummingbird.Request
    private typealias Field = RemoteConfigRealtimeAPI.StreamRequest.CodingKeys

    static func add(to router: some RouterMethods<BasicRequestContext>, store: PolicyStore, settings: ServerSettings, streams: RealtimeStreams,
                    tokens: InstallationTokens, draining: @escaping @Sendable () -> Bool) {
        router.post(RouterPath(RemoteConfigRealtimeAPI.streamPath(project: ":project", namespace: "{namespace}"))) { request, context in
            try await settings.delay()
            let project = context.parameters.get("project") ?? "", namespace = context.parameters.get("namespace") ?? ""
            return await stream(request, project: project, namespace: namespace, store: store, streams: streams, tokens: tokens, draining: draining,
                                logger: context.logger)
        }
    }

    private static func stream(_ request: Request, project path: String, namespace: String, store: PolicyStore, streams: RealtimeStreams,
                               tokens: InstallationTokens, draining: @Sendable () -> Bool, logger: Logger) async -> Response {
        let served = store.served
        // The project by its ID (the web SDK), else every project whose template this namespace
        // serves, by number (the iOS SDK): the token tells which one it is, the app ID its number.
        let byID = served.template(project: path, namespace: namespace) != nil
        if byID, let refusal = keyRefusal(request, served, project: path) { return refusal }
        let body: RemoteConfigRealtimeAPI.StreamRequest
        do throws(TemplateFetch.Refusal) {
            body = try streamRequest(try await FirebaseRoutes.json(request))
        } catch {
            return refusal(request, .invalidArgument, error.message)
        }
        let known: Int64
        switch body.lastKnownVersionNumber {
        case nil, ""?: known = 0
        case let text?:
            guard let number = Int64(text), number >= 0 else {
                let field = Field.lastKnownVersionNumber.rawValue
                return refusal(request, .invalidArgument, "\(field) \(JSONValue.string(text).serialized()) is not a version number")
            }
            known = number
        }
        let candidates = byID ? [path] : served.firebaseProjects.sorted().filter { served.template(project: $0, namespace: namespace) != nil }
        guard !candidates.isEmpty else {
            return refusal(request, .notFound, "no policy's remoteConfig serves a template for project \(path), namespace \(namespace)")
        }
        guard let token = request.headers[FirebaseRoutes.installationAuth], !token.isEmpty else {
            return refusal(request, .unauthenticated, "\(RemoteConfigAPI.installationsAuthHeader) must carry the auth token of an installation "
                + "(POST \(FirebaseInstallationsAPI.registrationPath(project: candidates[0])) issues one)")
        }
        let now = Date()
        var project: String?
        for candidate in candidates where (try? await tokens.installation(authToken: token, project: candidate, now: now)) != nil {
            project = candidate
            break
        }
        guard let project else {
            return refusal(request, .unauthenticated, "\(RemoteConfigAPI.installationsAuthHeader) carries no unexpired auth token of an installation "
                + "of project \(path)")
        }
        if !byID {
            if let refusal = keyRefusal(request, served, project: project) { return refusal }
            let number = body.appID.flatMap(RemoteConfigRealtimeAPI.projectNumber(appID:))
            guard number == path else {
                return refusal(request, .notFound, "project \(path) is not the number of project \(project), whose installation this is: "
                    + "the path names the project by its ID, or by the number in the app ID (\(Field.appID.rawValue) 1:NUMBER:ios:…)")
            }
        }
        if let named = body.project, named != path {
            return refusal(request, .invalidArgument, "the body's \(Field.project.rawValue) \(JSONValue.string(named).serialized()) is not the path's \(path)")
        }
        if let refusal = served.access(project: project).appRefusal(appID: body.appID) { return FirebaseRoutes.answer(request, refusal) }
        if draining() {
            return refusal(request, .unavailable, "the server is shutting down")
        }
        switch streams.takeFault() {
        case .status(let status)?:
            return refusal(request, status, "a fault asked for with POST /admin/realtime/fail")
        case .retryInterval(let seconds)?:
            let message = EncodedAnswer(RemoteConfigRealtimeAPI.Message(retryIntervalSeconds: seconds))
            return Response(status: .ok, headers: [.contentType: contentType], body: .init(byteBuffer: message.body))
        case nil:
            break
        }
        guard let (id, signals) = streams.open(project: project, namespace: namespace, known: known, served: served) else {
            return refusal(request, .unavailable, "the server is shutting down")
        }
        let channel = ServedConnection.channel, lifetime = streams.lifetime
        return Response(status: .ok, headers: [.contentType: contentType], body: ResponseBody { writer in
            defer { streams.close(id) }
            try await withThrowingTaskGroup(of: Void.self) { group in
                // Ends the stream at its lifetime, or as soon as its client leaves.
                group.addTask {
                    try? await Task.sleep(for: lifetime)
                    streams.end(id)
                }
                if let channel { try await Departure.watch(channel) { streams.end(id) } }
                defer {
                    group.cancelAll()
                    channel?.pipeline.removeHandler(name: Departure.name, promise: nil)
                }
                try await pour(signals, into: &writer, channel: channel, logger: logger)
            }
        })
    }

    static let contentType = "application/json; charset=utf-8"

    /// Writes each message as it comes, until the stream is ended (cleanly) or dropped (the
    /// connection closed without ending the answer, as a network drop leaves it).
    private static func pour(_ signals: AsyncStream<RealtimeStreams.Signal>, into writer: inout any ResponseBodyWriter,
                             channel: (any Channel)?, logger: Logger) async throws {
        if let channel {
            try await channel.setOption(ChannelOptions.socketOption(.so_sndbuf), value: sendBuffer).get()
            try await channel.setOption(ChannelOptions.writeBufferWaterMark, value: waterMark).get()
        }
        for await signal in signals {
            if signal == .drop { throw Dropped() }
            let deadline = channel.map { channel in
                channel.eventLoop.scheduleTask(in: writeDeadline) {
                    logger.notice("a real-time stream's client took no message for \(writeDeadline.nanoseconds / 1_000_000_000) s: its connection is closed")
                    channel.close(promise: nil)
                }
            }
            defer { deadline?.cancel() }
            guard case .message(let message) = signal else {
                try await writer.finish(nil)
                return
            }
            try await writer.write(EncodedAnswer(message).body)
        }
    }

    private struct Dropped: Error {}

    /// The request body's fields, each a text when present (a number is taken as written).
    private static func streamRequest(_ tree: JSONTree) throws(TemplateFetch.Refusal) -> RemoteConfigRealtimeAPI.StreamRequest {
        guard case .object = tree else { throw TemplateFetch.Refusal(message: "the stream request is \(tree.kind), not a JSON object") }
        var texts: [Field: String] = [:]
        for field in Field.allCases {
            switch tree[field.rawValue] {
            case nil, .null?: continue
            case .string(let text)?, .number(let text)?: texts[field] = text
            case let other?: throw TemplateFetch.Refusal(message: "\(field.rawValue) is \(other.kind), not a text")
            }
        }
        return RemoteConfigRealtimeAPI.StreamRequest(project: texts[.project], namespace: texts[.namespace],
                                                     lastKnownVersionNumber: texts[.lastKnownVersionNumber], appID: texts[.appID],
                                                     sdkVersion: texts[.sdkVersion], appInstanceID: texts[.appInstanceID])
    }

    /// Google's error answer.
    private static func refusal(_ request: Request, _ status: GoogleAPI.Status, _ message: String) -> Response {
        FirebaseRoutes.answer(request, GoogleAPI.ErrorAnswer(status, message: message))
    }

    /// The request's API key refused, as the project's access takes it.
    private static func keyRefusal(_ request: Request, _ served: ServedPolicy, project: String) -> Response? {
        FirebaseRoutes.keyRefusal(request, served.access(project: project), service: RemoteConfigRealtimeAPI.service)
    }
}

/// Closes a stream's connection when its client closes its side: the stream writes only when
/// the template changes, so without this a client gone would hold its connection until then.
/// Hummingbird keeps half-closed connections open, which an ordinary request needs.
private final class Departure: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer

    /// Its name in the pipeline, by which the stream removes it when it ends: the connection
    /// may serve further requests.
    static let name = "realtime-departure"

    /// Installs the watch on `channel`; `gone` runs once the connection has closed, whoever closed it.
    static func watch(_ channel: any Channel, gone: @escaping @Sendable () -> Void) async throws {
        channel.closeFuture.whenComplete { _ in gone() }
        try await channel.eventLoop.submit {
            try channel.pipeline.syncOperations.addHandler(Departure(), name: name, position: .first)
        }.get()
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if case .inputClosed = event as? ChannelEvent { context.close(promise: nil) }
        context.fireUserInboundEventTriggered(event)
    }
}
