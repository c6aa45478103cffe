import NIOCore

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
