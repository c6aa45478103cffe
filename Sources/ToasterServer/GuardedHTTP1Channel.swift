import Hummingbird
import HummingbirdCore
import Logging
import NIOCore
import NIOHTTP1

/// Hummingbird's HTTP/1.1 channel with two handlers of ours around its decoder: a deadline for
/// reading each request (`--read-timeout`; Hummingbird's idle timeout restarts with every
/// part read, so a client sending a byte a second would hold the connection forever), and a
/// gate refusing what HTTP/1.1 says a server must refuse before it reaches the router.
struct GuardedHTTP1Channel: ServerChildChannel {
    let http1: HTTP1Channel
    let readTimeout: TimeAmount
    let observability: Observability
    let connections: OpenConnections
    /// Whether the connection counts in `toaster_http_open_connections` (the public listener's).
    let countingConnections: Bool

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<HTTP1Channel.Value> {
        let readTimeout = readTimeout, observability = observability
        connections.add(channel)
        if countingConnections {
            // Counted by the channel's close, not by a handler every read and write would pass through.
            let open = observability.metrics.openConnections
            open.increment()
            channel.closeFuture.whenComplete { _ in open.decrement() }
        }
        return channel.eventLoop.makeCompletedFuture {
            try channel.pipeline.syncOperations.addHandler(RequestReadDeadline(timeout: readTimeout), position: .first)
        }.flatMap {
            http1.setup(channel: channel, logger: logger)
        }.flatMapThrowing { value in
            let operations = channel.pipeline.syncOperations
            let decoder = try operations.handler(type: ByteToMessageHandler<HTTPRequestDecoder>.self)
            let deadline = try operations.handler(type: RequestReadDeadline.self)
            try operations.addHandler(RequestGate(deadline: deadline, observability: observability), position: .after(decoder))
            return value
        }
    }

    func handle(value: HTTP1Channel.Value, logger: Logger) async {
        await http1.handle(value: value, logger: logger)
    }
}

/// Closes a connection whose request has not fully arrived `timeout` after its first byte.
/// A request starts with the first bytes read while none is being read; `RequestGate` says
/// when one has been read. One timer per connection, not one per request: it is armed when a
/// request starts and none is pending, and when it fires it closes the connection, waits for
/// the request being read now, or lapses between requests — so a keep-alive connection
/// answering thousands of requests schedules a timer about once a `timeout`, not per request.
final class RequestReadDeadline: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer

    private let timeout: TimeAmount
    /// When the request being read began; nil between requests.
    private var started: NIODeadline?
    private var timer: Scheduled<Void>?

    init(timeout: TimeAmount) { self.timeout = timeout }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        if started == nil {
            let now = NIODeadline.now()
            started = now
            if timer == nil { arm(context.channel, at: now + timeout) }
        }
        context.fireChannelRead(data)
    }

    /// A whole request has been read: no deadline until the next one starts.
    func requestRead() {
        started = nil
    }

    /// The client closed its side in the middle of a request (Hummingbird allows half-closed
    /// connections): the request can never be completed, so the connection, and the memory its
    /// unfinished request holds, go now rather than at the deadline.
    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if case .inputClosed = event as? ChannelEvent, started != nil {
            disarm()
            context.close(promise: nil)
        }
        context.fireUserInboundEventTriggered(event)
    }

    func channelInactive(context: ChannelHandlerContext) {
        disarm()
        context.fireChannelInactive()
    }

    func handlerRemoved(context: ChannelHandlerContext) { disarm() }

    private func arm(_ channel: any Channel, at deadline: NIODeadline) {
        let handler = NIOLoopBound(self, eventLoop: channel.eventLoop)
        timer = channel.eventLoop.scheduleTask(deadline: deadline) { handler.value.expired(channel) }
    }

    private func expired(_ channel: any Channel) {
        timer = nil
        guard let started else { return }
        let deadline = started + timeout
        if deadline <= .now() {
            channel.close(promise: nil)
        } else {
            arm(channel, at: deadline)
        }
    }

    private func disarm() {
        started = nil
        timer?.cancel()
        timer = nil
    }
}

/// Between NIO's HTTP/1.1 decoder and Hummingbird: refuses, and closes the connection after,
/// a request that cannot be served safely — `CONNECT` (405: the decoder stops reading after
/// one, as for a tunnel, so it would never get an answer) and a transfer coding other than
/// `chunked` (RFC 9112, 6.1 and 6.3: 501 for an unknown coding, 400 when `chunked` is not last,
/// since the body's length is then unknown). The refusal waits for the answers to requests
/// already passed on, so that answers stay in order; it is logged and counted as the router's
/// answers are, under the route `unmatched`.
final class RequestGate: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias InboundOut = HTTPServerRequestPart
    typealias OutboundIn = HTTPServerResponsePart
    typealias OutboundOut = HTTPServerResponsePart

    private struct Refusal {
        let status: HTTPResponseStatus
        let message: String
        let head: HTTPRequestHead
        let start = ContinuousClock.now
    }

    private let deadline: RequestReadDeadline
    private let observability: Observability
    /// Requests passed on whose answers have not ended.
    private var unanswered = 0
    private var refusal: Refusal?

    init(deadline: RequestReadDeadline, observability: Observability) {
        self.deadline = deadline
        self.observability = observability
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let part = unwrapInboundIn(data)
        if case .end = part { deadline.requestRead() }
        guard refusal == nil else { return }
        if case .head(let head) = part, let refused = Self.refusal(of: head) {
            refusal = Refusal(status: refused.status, message: refused.message, head: head)
            deadline.requestRead()
            if unanswered == 0 { refuse(context) }
            return
        }
        if case .head = part { unanswered += 1 }
        context.fireChannelRead(data)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        context.write(data, promise: promise)
        if case .end = unwrapOutboundIn(data) {
            unanswered -= 1
            if unanswered == 0, refusal != nil { refuse(context) }
        }
    }

    /// The status and sentence `head` is refused with; nil when it may pass.
    static func refusal(of head: HTTPRequestHead) -> (status: HTTPResponseStatus, message: String)? {
        if head.method == .CONNECT {
            return (.methodNotAllowed, "CONNECT is not served here: this is not a proxy")
        }
        let codings = head.headers[canonicalForm: "transfer-encoding"].map { $0.lowercased() }
        guard !codings.isEmpty, codings != ["chunked"] else { return nil }
        if codings.last != "chunked" {
            return (.badRequest, "Transfer-Encoding must end with chunked: without it the body's length is unknown")
        }
        let unknown = codings.dropLast().joined(separator: ", ")
        return (.notImplemented, "the transfer coding \(unknown) is not supported; only chunked is")
    }

    private func refuse(_ context: ChannelHandlerContext) {
        guard let refusal else { return }
        let body = EncodedAnswer(ServiceAnswers.Message(message: refusal.message)).body
        let id = refusal.head.headers.first(name: "X-Request-Id").flatMap(ClientRequestID.acceptable) ?? Hummingbird.RequestID().description
        var headers = HTTPHeaders([("Content-Type", "application/json; charset=utf-8"), ("Content-Length", String(body.readableBytes)),
                                   ("X-Request-Id", id), ("Connection", "close")])
        if refusal.status == .methodNotAllowed { headers.add(name: "Allow", value: "GET, HEAD, POST, PUT") }
        context.write(wrapOutboundOut(.head(HTTPResponseHead(version: .http1_1, status: refusal.status, headers: headers))), promise: nil)
        context.write(wrapOutboundOut(.body(.byteBuffer(body))), promise: nil)
        let channel = context.channel, observability = observability
        // NIO's encoder drops the body of any answer to CONNECT, as if it opened a tunnel.
        let sent = refusal.head.method == .CONNECT ? 0 : body.readableBytes
        context.writeAndFlush(wrapOutboundOut(.end(nil))).whenComplete { _ in
            observability.answered(refusal.head.method.rawValue, refusal.head.uri, route: "unmatched", status: Int(refusal.status.code),
                                   bytes: sent, id: id, since: refusal.start)
            channel.close(promise: nil)
        }
    }
}
