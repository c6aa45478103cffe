import FoundationEssentials

/// The real clock: trace times count from the program's start on the monotonic clock.
public struct SystemClock: Clock {
    private let start = ContinuousClock.now

    public init() {}

    public var now: Date { Date() }

    public var elapsedMilliseconds: Int {
        let elapsed = ContinuousClock.now - start
        return Int(elapsed.components.seconds * 1000 + elapsed.components.attoseconds / 1_000_000_000_000_000)
    }
}
