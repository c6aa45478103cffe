import Glibc

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
