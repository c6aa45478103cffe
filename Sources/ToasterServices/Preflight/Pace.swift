import Glibc
import Synchronization

/// Time for pacing requests: a monotonic reading and a blocking sleep. Injected, so that the
/// rate limit and the retries' backoff are tested without waiting.
public protocol Pace: Sendable {
    /// Time since an arbitrary start; never goes back.
    var now: Duration { get }
    /// Blocks the calling thread.
    func sleep(for duration: Duration)
}

/// The real monotonic clock and `nanosleep` (resumed after a signal).
public struct MonotonicPace: Pace {
    public init() {}

    public var now: Duration {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return .seconds(time.tv_sec) + .nanoseconds(time.tv_nsec)
    }

    public func sleep(for duration: Duration) {
        guard duration > .zero else { return }
        let (seconds, attoseconds) = duration.components
        var pause = timespec(tv_sec: Int(seconds), tv_nsec: Int(attoseconds / 1_000_000_000))
        var left = timespec()
        while nanosleep(&pause, &left) != 0, errno == EINTR { pause = left }
    }
}

/// A token bucket: up to `burst` requests start at once, and over time at most `perMinute` a
/// minute. Kept as the time the bucket would next be full-but-one (GCRA), so that a caller is
/// given its start under one lock and then sleeps until it.
public final class RateLimiter: Sendable {
    public let perMinute: Int
    public let burst: Int
    private let pace: any Pace
    /// When the next request would start were the bucket never refilled beyond one token.
    private let theoretical: Mutex<Duration?> = Mutex(nil)

    public init(perMinute: Int, burst: Int, pace: any Pace) {
        self.perMinute = max(1, perMinute)
        self.burst = max(1, burst)
        self.pace = pace
    }

    /// The time one token takes to come back.
    public var interval: Duration { .seconds(60) / perMinute }

    /// Blocks until this caller's start; returns it.
    @discardableResult
    public func waitForSlot() -> Duration {
        let now = pace.now
        let slot = theoretical.withLock { next in
            let due = next ?? now
            let slot = max(now, due - interval * (burst - 1))
            next = max(due, slot) + interval
            return slot
        }
        pace.sleep(for: slot - now)
        return slot
    }

    /// How long from now until `count` more requests can have started, at the earliest.
    public func timeToStart(_ count: Int) -> Duration {
        guard count > 0 else { return .zero }
        let now = pace.now
        let due = theoretical.withLock { max($0 ?? now, now) }
        return max(.zero, due - interval * (burst - 1) + interval * (count - 1) - now)
    }
}

/// Retries an attempt that failed for a reason that passes, waiting twice as long before each
/// retry, or as long as the answer's `Retry-After` asks (up to `longestWait`): no connection
/// (refused, reset, a name not resolved), a timeout, 403 and 429 (which the lookup answers
/// when asked too often), 5xx.
public struct RetryPolicy: Sendable {
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
