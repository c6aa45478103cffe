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
        // The responder runs in this task: a route that holds its answer open finds its connection here.
        await ServedConnection.$channel.withValue(value.channel) {
            await http1.handle(value: value, logger: logger)
        }
    }
}

/// The connection a request arrived on, for the one route that holds its answer open (the
/// real-time stream): it must hear the client leave and bound a write the client never reads,
/// which the router's context does not allow. nil under a server built without
/// `GuardedHTTP1Channel` (a test's).
enum ServedConnection {
    @TaskLocal static var channel: (any Channel)?
}
