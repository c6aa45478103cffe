import Synchronization
import ToasterServices

/// Time that moves only when a test moves it: when the code under test sleeps on it (as its
/// `Pace`), or when the test calls `advance`. Pacing, backoff and lockout windows are checked
/// without waiting.
package final class VirtualPace: Pace {
    private let start = ContinuousClock.now
    private let time = Mutex<Duration>(.zero)
    private let slept = Mutex<[Duration]>([])

    package init() {}

    package var now: Duration { time.withLock { $0 } }
    package var sleeps: [Duration] { slept.withLock { $0 } }

    /// `now` as an instant of the continuous clock, for code that reads one (`TokenAttempts`).
    package var instant: ContinuousClock.Instant { start + now }

    package func sleep(for duration: Duration) {
        slept.withLock { $0.append(duration) }
        time.withLock { $0 += max(.zero, duration) }
    }

    /// Moves time without a sleep, as the world does between two requests.
    package func advance(_ step: Duration) {
        time.withLock { $0 += step }
    }
}
