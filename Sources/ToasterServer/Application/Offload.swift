import NIOPosix

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

    /// `work`'s value or error; `shuttingDown` once the server is shutting down.
    static func run<T: Sendable, E: Error & Sendable>(else shuttingDown: E,
                                                      _ work: @escaping @Sendable () throws(E) -> T) async throws(E) -> T {
        let result = await perform { () -> Result<T, E> in
            do throws(E) { return .success(try work()) } catch { return .failure(error) }
        }
        guard let result else { throw shuttingDown }
        return try result.get()
    }

    /// `work`'s value; nil once the server is shutting down.
    static func perform<T: Sendable>(_ work: @escaping @Sendable () -> T) async -> T? {
        try? await pool.runIfActive(work)
    }
}
