#if canImport(Glibc)
import Glibc
#endif
import Hummingbird
import HummingbirdCore
import Logging
import NIOCore

/// How long a client may hold a connection and how many may be open: what keeps idle
/// keep-alives, slow senders and floods of connections from holding the server's descriptors
/// and memory.
public struct ConnectionLimits: Sendable {
    /// A keep-alive connection with no request in flight is closed after this (nginx: 75 s).
    public var idleTimeout: Duration
    /// A request's head and body must arrive within this of its first byte.
    public var readTimeout: Duration
    /// Connections open at once; past it new ones wait in the listen backlog.
    public var maxConnections: Int

    /// The largest request head (request line and fields) read, as nginx's four 8 kB buffers:
    /// what each connection can make the server hold before its request is complete.
    public static let maximumHeadBytes = 32 << 10

    public init(idleTimeout: Duration = .seconds(75), readTimeout: Duration = .seconds(30), maxConnections: Int = 1024) {
        self.idleTimeout = idleTimeout
        self.readTimeout = readTimeout
        self.maxConnections = maxConnections
    }

    /// Descriptors the server needs besides its connections: its listeners, the policy file,
    /// the event loops' epoll and eventfd descriptors, standard streams.
    static let reservedDescriptors = 64

    /// Raises the soft open-file limit to the hard one, as Go's runtime does (systemd's default
    /// is a soft 1024 under a hard 524288); returns a warning when `maxConnections` on each of
    /// `listeners` listeners still does not fit under it.
    public func raiseDescriptorLimit(listeners: Int) -> String? {
        var limit = rlimit()
        guard getrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return nil }
        if limit.rlim_cur < limit.rlim_max {
            // An unlimited hard limit still stops at the kernel's nr_open (2^20 by default).
            var raised = limit
            raised.rlim_cur = min(limit.rlim_max, 1 << 20)
            if setrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &raised) == 0 { limit = raised }
        }
        let needed = maxConnections * listeners + Self.reservedDescriptors
        guard rlim_t(needed) > limit.rlim_cur else { return nil }
        return "--max-connections \(maxConnections) on \(listeners) listeners needs about \(needed) open files but the limit is \(limit.rlim_cur): "
            + "past it new connections wait (raise LimitNOFILE, or lower --max-connections)"
    }

    /// Hummingbird's HTTP/1.1 server with these limits: its idle timeout and head limits, and
    /// a guard before its request handling for the read timeout and the requests it refuses
    /// (logged and counted by `observability`); every connection is kept in `connections`, and
    /// with `countingConnections` counted in `toaster_http_open_connections`.
    public func server(observability: Observability, connections: OpenConnections, countingConnections: Bool = false) -> HTTPServerBuilder {
        let configuration = HTTP1Channel.Configuration(
            idleTimeout: TimeAmount(idleTimeout),
            httpDecoderConfiguration: .init(maxHeaderFieldSize: Self.maximumHeadBytes, maxHeaderListSize: Self.maximumHeadBytes,
                                            maxHeaderFieldCount: 100)
        )
        let readTimeout = TimeAmount(readTimeout)
        return HTTPServerBuilder { responder in
            GuardedHTTP1Channel(http1: HTTP1Channel(responder: responder, configuration: configuration), readTimeout: readTimeout,
                                observability: observability, connections: connections, countingConnections: countingConnections)
        }
    }

    /// Hummingbird's connection count, saying once when the cap is reached (not once per
    /// waiting client) and once when connections are taken again.
    public func availableConnections(logger: Logger, listener: String) -> any AvailableConnectionsDelegate {
        ConnectionCap(maximum: maxConnections, logger: logger, listener: listener)
    }
}

/// `--max-connections`: Hummingbird stops accepting at the cap (the kernel keeps new clients
/// in the listen backlog) and accepts again when one closes; one accept per read
/// (`guardAccepting`) makes the cap exact. After a burst of connections
/// has mostly closed, it hands the memory their unfinished requests held back to the system:
/// glibc keeps freed memory in its arenas otherwise (1,000 connections with 30 kB of
/// unfinished head each left the server 60 MB larger for good).
struct ConnectionCap: AvailableConnectionsDelegate {
    /// Connections open at once that count as a burst worth trimming after.
    static let burst = 64
    /// glibc's `malloc_trim`, which Swift's Glibc module does not declare (it is in malloc.h).
    private static let trimHeap: (@convention(c) (Int) -> Int32)? = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "malloc_trim")
        .map { unsafeBitCast($0, to: (@convention(c) (Int) -> Int32).self) }

    let maximum: Int
    let logger: Logger
    let listener: String
    private var open = 0
    private var full = false
    /// The most connections open since the last trim.
    private var peak = 0

    init(maximum: Int, logger: Logger, listener: String) {
        self.maximum = maximum
        self.logger = logger
        self.listener = listener
    }

    mutating func connectionOpened() {
        open += 1
        peak = max(peak, open)
        if open >= maximum, !full {
            full = true
            logger.warning("\(listener): \(maximum) connections open (--max-connections); new ones wait until one closes")
        }
    }

    mutating func connectionClosed() {
        open -= 1
        if peak >= Self.burst, open <= peak / 4 {
            _ = Self.trimHeap?(0)
            peak = open
        }
        // Below half the cap before saying so again: a server at the cap opens and closes
        // connections all the time.
        if full, open <= maximum / 2 {
            full = false
            logger.notice("\(listener): \(open) connections open, accepting freely again")
        }
    }

    func isAcceptingNewConnections() -> Bool { open < maximum }
}

extension ConnectionLimits {
    /// Makes a listener's channel accept one connection per read, so that the cap is checked
    /// before each: NIO accepts up to `maxMessagesPerRead` (4) connections a read, and the cap
    /// (Hummingbird's `AvailableConnectionsDelegate`) only decides whether the next read happens,
    /// so 10 clients at once against a cap of 3 got 5 served. Installs `AcceptFailures` first
    /// in its pipeline, where it sees accept errors before NIO's own accept backoff swallows them.
    public static func guardAccepting(of listener: any Channel, name: String, logger: Logger) async throws {
        try await listener.eventLoop.submit {
            try listener.syncOptions?.setOption(ChannelOptions.maxMessagesPerRead, value: 1)
            try listener.pipeline.syncOperations.addHandler(AcceptFailures(name: name, logger: logger), position: .first)
        }.get()
    }
}

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
