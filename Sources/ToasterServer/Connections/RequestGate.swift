import Hummingbird
import NIOCore
import NIOHTTP1

/// Between NIO's HTTP/1.1 decoder and Hummingbird: refuses, and closes the connection after,
/// a request that cannot be served safely — `CONNECT` (405: the decoder stops reading after
/// one, as for a tunnel, so it would never get an answer) and a transfer coding other than
/// `chunked` (RFC 9112, 6.1 and 6.3: 501 for an unknown coding, 400 when `chunked` is not last,
/// since the body's length is then unknown). The refusal waits for the answers to requests
/// already passed on, so that answers stay in order; it is logged and counted as the router's
/// answers are, under the route `unmatched` — and so is the 400 Hummingbird answers a request
/// the decoder cannot parse at all.
final class RequestGate: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias InboundOut = HTTPServerRequestPart
    typealias OutboundIn = HTTPServerResponsePart
    typealias OutboundOut = HTTPServerResponsePart

    /// Classes, not structs: every read and write asks whether there is one, which for an
    /// optional struct copied it out first.
    private final class Refusal: Sendable {
        let status: HTTPResponseStatus
        let message: String
        let head: HTTPRequestHead
        let start = ContinuousClock.now

        init(status: HTTPResponseStatus, message: String, head: HTTPRequestHead) {
            (self.status, self.message, self.head) = (status, message, head)
        }
    }

    /// A request the decoder could not parse (`HTTPParserError`): Hummingbird answers it 400
    /// and closes, after the answers to the requests passed on before it.
    private final class Unparsable {
        let start = ContinuousClock.now
        let id = Hummingbird.RequestID().description
        var status = 0
    }

    private let deadline: RequestReadDeadline
    private let observability: Observability
    /// Requests passed on whose answers have not ended.
    private var unanswered = 0
    private var refusal: Refusal?
    private var unparsable: Unparsable?

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

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        if error is HTTPParserError, unparsable == nil { unparsable = Unparsable() }
        context.fireErrorCaught(error)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        if unanswered == 0, unparsable != nil {
            answerUnparsable(context, data, promise)
            return
        }
        context.write(data, promise: promise)
        if case .end = unwrapOutboundIn(data) {
            unanswered -= 1
            if unanswered == 0, refusal != nil { refuse(context) }
        }
    }

    /// Hummingbird's answer to the request the decoder could not parse, once every answer before
    /// it has ended: given an id, logged and counted as every other answer is. Nothing of the
    /// request is known, so its method and path are logged as `-`.
    private func answerUnparsable(_ context: ChannelHandlerContext, _ data: NIOAny, _ promise: EventLoopPromise<Void>?) {
        guard let unparsable else { return }
        switch unwrapOutboundIn(data) {
        case .head(var head):
            head.headers.replaceOrAdd(name: "X-Request-Id", value: unparsable.id)
            unparsable.status = Int(head.status.code)
            context.write(wrapOutboundOut(.head(head)), promise: promise)
        case .body:
            context.write(data, promise: promise)
        case .end:
            context.write(data, promise: promise)
            // Its answer has no body (`Content-Length: 0`).
            observability.answered("-", "-", route: "unmatched", status: unparsable.status, bytes: 0, id: unparsable.id,
                                   since: unparsable.start)
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
