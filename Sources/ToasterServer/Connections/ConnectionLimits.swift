#if canImport(Glibc)
import Glibc
#endif
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
