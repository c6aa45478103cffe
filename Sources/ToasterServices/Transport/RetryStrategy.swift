/// Retries an attempt that failed for a reason that passes, waiting twice as long before each
/// retry, or as long as the answer's `Retry-After` asks (up to `longestWait`): no connection
/// (refused, reset, a name not resolved), a timeout, 403 and 429 (which the lookup answers
/// when asked too often), 5xx.
public struct RetryStrategy: Sendable {
    public var attempts: Int
    public var firstBackoff: Duration
    public var longestWait: Duration

    public init(attempts: Int = 4, firstBackoff: Duration = .seconds(1), longestWait: Duration = .seconds(60)) {
        self.attempts = max(1, attempts)
        self.firstBackoff = firstBackoff
        self.longestWait = longestWait
    }

    /// Runs `attempt` until it succeeds, fails for good, or has run `attempts` times.
    public func run<T>(pace: any Pace, _ attempt: () throws(SourceError) -> T) throws(SourceError) -> T {
        var backoff = firstBackoff
        var number = 1
        while true {
            do {
                return try attempt()
            } catch {
                guard number < attempts, Self.passes(error) else {
                    throw number > 1 ? SourceError(error.kind, "\(error.message) (after \(number) tries)", httpStatus: error.httpStatus) : error
                }
                pace.sleep(for: min(longestWait, max(backoff, error.retryAfter ?? .zero)))
                backoff *= 2
                number += 1
            }
        }
    }

    static func passes(_ error: SourceError) -> Bool {
        if error.kind == .timedOut || error.kind == .unreachable { return true }
        guard let status = error.httpStatus else { return false }
        return status == 403 || status == 429 || (500...599).contains(status)
    }
}
