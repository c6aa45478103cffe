import NIOCore
import Synchronization

/// The connections both listeners hold, so that a graceful shutdown can close those still open
/// at its deadline itself. Left to ServiceGroup's own deadline, the listeners would be
/// cancelled instead, and Hummingbird logs a cancelled listener as two errors ("Waiting on
/// child channel: CancellationError()", "Server shutdown error: Already closed").
public final class OpenConnections: Sendable {
    private let channels = Mutex<[ObjectIdentifier: any Channel]>([:])

    public init() {}

    func add(_ channel: any Channel) {
        let key = ObjectIdentifier(channel)
        channels.withLock { $0[key] = channel }
        channel.closeFuture.whenComplete { _ in self.channels.withLock { $0[key] = nil } }
    }

    func closeAll() {
        for channel in channels.withLock({ Array($0.values) }) { channel.close(promise: nil) }
    }
}
