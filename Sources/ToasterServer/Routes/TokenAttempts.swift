import Synchronization
import ToasterCore

/// Wrong admin tokens counted per client address: `allowed` in a window of `window`; after
/// that, the address is refused (429) until its window ends, whatever token it sends, so that
/// guessing costs a window per `allowed` tries instead of nothing.
public final class TokenAttempts: Sendable {
    private struct Tally {
        var failures: Int
        let windowEnd: ContinuousClock.Instant
    }

    let allowed: Int
    let window: Duration
    /// Addresses remembered at most; past it, windows that have ended are forgotten first.
    let maximumAddresses: Int
    private let now: @Sendable () -> ContinuousClock.Instant
    private let tallies = Mutex<[String: Tally]>([:])

    public convenience init() {
        self.init(allowed: 10, window: .seconds(60))
    }

    init(allowed: Int, window: Duration, maximumAddresses: Int = 4096,
         now: @escaping @Sendable () -> ContinuousClock.Instant = { ContinuousClock.now }) {
        self.allowed = allowed
        self.window = window
        self.maximumAddresses = maximumAddresses
        self.now = now
    }

    /// The seconds `address` must still wait, or nil when it may try a token.
    func lockout(of address: String) -> Int? {
        let now = now()
        return tallies.withLock { tallies in
            guard let tally = tallies[address], tally.windowEnd > now, tally.failures >= allowed else { return nil }
            return Self.seconds(until: tally.windowEnd, from: now)
        }
    }

    /// Counts a wrong token from `address`; returns how many more it may send in this window
    /// (0: the next try is refused).
    func failed(by address: String) -> Int {
        let now = now()
        return tallies.withLock { tallies in
            var tally = tallies[address].flatMap { $0.windowEnd > now ? $0 : nil } ?? Tally(failures: 0, windowEnd: now + window)
            tally.failures += 1
            if tallies[address] == nil, tallies.count >= maximumAddresses {
                tallies = tallies.filter { $0.value.windowEnd > now }
                if tallies.count >= maximumAddresses, let oldest = tallies.min(by: { $0.value.windowEnd < $1.value.windowEnd }) {
                    tallies[oldest.key] = nil
                }
            }
            tallies[address] = tally
            return max(0, allowed - tally.failures)
        }
    }

    /// Whole seconds, rounded up: `Retry-After` takes an integer, and 0 would invite a retry
    /// that is refused again.
    private static func seconds(until end: ContinuousClock.Instant, from now: ContinuousClock.Instant) -> Int {
        max(1, Int(now.duration(to: end).secondsRoundedUp))
    }
}
