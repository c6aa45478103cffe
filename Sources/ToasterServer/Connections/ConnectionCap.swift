#if canImport(Glibc)
import Glibc
#endif
import HummingbirdCore
import Logging

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
