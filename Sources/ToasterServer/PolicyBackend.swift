import FoundationEssentials
import NIOPosix

/// Where the served policy is kept: a file (the default, `PolicyFile`) or a PostgreSQL table
/// shared by several instances (`PostgresPolicy`).
public protocol PolicyBackend: Sendable {
    /// The place in log lines, without secrets: a path, or a database URL without its password.
    var place: String { get }
    /// The stored document.
    func read() async throws(PolicyError) -> StoredPolicy
    /// Stores `document` if the stored one's ETag is still one of `expected` (whatever it is
    /// when nil), in one step with that check; `.stale` when it is not.
    func write(_ document: Data, ifMatch expected: [String]?) async throws(PolicyError) -> StoredPolicy
}

/// A policy document as stored, and its revision: a number that grows with every read or
/// write of the place, so that of two results the later one can be told.
public struct StoredPolicy: Sendable {
    public let document: Data
    public let revision: Int64
}

/// Runs blocking work (file IO, fsync, the validation of a large policy) on a thread of its
/// own, so that Swift's cooperative pool — two threads on a two-core machine — keeps answering
/// lookups meanwhile. One thread, not NIO's shared pool of one per core: two 1 MB policies
/// validated at once took both cores from the event loops, and lookups waited tens of
/// milliseconds behind them; one at a time, a core is always left for them. Two `PUT`s (or a
/// `PUT` and a reload) take turns, as their writes do anyway.
enum Offload {
    private static let pool: NIOThreadPool = {
        let pool = NIOThreadPool(numberOfThreads: 1)
        pool.start()
        return pool
    }()

    static func run<T: Sendable>(_ work: @escaping @Sendable () throws(PolicyError) -> T) async throws(PolicyError) -> T {
        let result: Result<T, PolicyError>
        do {
            result = try await pool.runIfActive { () -> Result<T, PolicyError> in
                do throws(PolicyError) { return .success(try work()) } catch { return .failure(error) }
            }
        } catch {
            throw PolicyError("the server is shutting down", kind: .unavailable)
        }
        return try result.get()
    }
}
