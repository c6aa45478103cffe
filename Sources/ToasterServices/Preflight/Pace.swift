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

/// At most `perMinute` request starts in any minute, spread evenly: each caller is given the
/// next free slot, one interval after the previous one, and waits for it.
public final class RateLimiter: Sendable {
    public let perMinute: Int
    private let pace: any Pace
    private let nextSlot: Mutex<Duration?> = Mutex(nil)

    public init(perMinute: Int, pace: any Pace) {
        self.perMinute = max(1, perMinute)
        self.pace = pace
    }

    public var interval: Duration { .seconds(60) / perMinute }

    /// Blocks until this caller's slot; returns the slot.
    @discardableResult
    public func waitForSlot() -> Duration {
        let now = pace.now
        let slot = nextSlot.withLock { next in
            let slot = max(now, next ?? now)
            next = slot + interval
            return slot
        }
        pace.sleep(for: slot - now)
        return slot
    }
}

/// Retries an attempt that failed for a reason that passes (403 and 429, which the lookup
/// answers when asked too often; 5xx; a timeout), waiting twice as long before each retry.
public struct RetryPolicy: Sendable {
    public var attempts: Int
    public var firstBackoff: Duration

    public init(attempts: Int = 4, firstBackoff: Duration = .seconds(1)) {
        self.attempts = max(1, attempts)
        self.firstBackoff = firstBackoff
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
                    throw number > 1 ? SourceError(error.kind, "\(error.message) (after \(number) tries)") : error
                }
                pace.sleep(for: backoff)
                backoff *= 2
                number += 1
            }
        }
    }

    static func passes(_ error: SourceError) -> Bool {
        if error.kind == .timedOut { return true }
        guard let status = error.httpStatus else { return false }
        return status == 403 || status == 429 || (500...599).contains(status)
    }
}
