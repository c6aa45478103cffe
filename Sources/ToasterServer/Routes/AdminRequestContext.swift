import Hummingbird
import NIOCore

/// The admin listener's request context: Hummingbird's basic one, with the client's address
/// that wrong tokens are counted by.
public struct AdminRequestContext: RequestContext, RemoteAddressRequestContext {
    public var coreContext: CoreRequestContextStorage
    public let remoteAddress: SocketAddress?

    public init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        remoteAddress = source.channel.remoteAddress
    }

    /// The address without the port: a client opens a new connection, with a new port, for
    /// each try.
    var clientAddress: String { remoteAddress?.ipAddress ?? "unknown" }
}
