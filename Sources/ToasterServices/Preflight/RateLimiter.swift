import Synchronization

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
