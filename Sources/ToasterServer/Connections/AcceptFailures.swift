#if canImport(Glibc)
import Glibc
#endif
import Logging
import NIOCore

/// When accepting a connection fails — descriptors exhausted (`EMFILE`, `ENFILE`), kernel
/// memory short — stops reading the listener for a second, says so once, and says once when a
/// connection is accepted again. NIO's `AcceptBackoffHandler` means to do the waiting but
/// cannot: a failed accept leaves the channel's read pending, so NIO never asks for the next
/// read it would delay, and epoll reports the listener readable again at once (strace: some
/// 7,500 failed `accept4` a second). Turning `autoRead` off unregisters the listener from
/// epoll; turning it on again asks for one read.
final class AcceptFailures: ChannelInboundHandler {
    typealias InboundIn = any Channel

    static let pause = TimeAmount.seconds(1)

    private let name: String
    private let logger: Logger
    private var failing = false
    private var resuming: Scheduled<Void>?

    init(name: String, logger: Logger) {
        self.name = name
        self.logger = logger
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        if let error = error as? IOError {
            if !failing {
                failing = true
                logger.error("\(name): cannot accept connections: \(String(cString: strerror(error.errnoCode))); trying again every second (raise LimitNOFILE or lower --max-connections)")
            }
            pause(context.channel, on: context.eventLoop)
        }
        context.fireErrorCaught(error)
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        if failing {
            failing = false
            logger.notice("\(name): accepting connections again")
        }
        context.fireChannelRead(data)
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        resuming?.cancel()
        resuming = nil
    }

    private func pause(_ channel: any Channel, on eventLoop: any EventLoop) {
        guard resuming == nil, let options = channel.syncOptions else { return }
        try? options.setOption(ChannelOptions.autoRead, value: false)
        resuming = eventLoop.assumeIsolated().scheduleTask(in: Self.pause) {
            self.resuming = nil
            try? options.setOption(ChannelOptions.autoRead, value: true)
        }
    }
}
