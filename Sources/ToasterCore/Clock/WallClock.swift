import FoundationEssentials

/// The time the program reads: wall-clock `now` for date windows, and the milliseconds since
/// start that trace lines carry. Injected, so that `--now` fixes both.
public protocol WallClock: Sendable {
    var now: Date { get }
    var elapsedMilliseconds: Int { get }
}

/// `--now`: the wall clock reads one instant and trace times read 0, so that two runs with the
/// same inputs write the same trace.
public struct FixedClock: WallClock {
    public let now: Date
    public var elapsedMilliseconds: Int { 0 }

    public init(now: Date) { self.now = now }
}

/// The real clock: trace times count from the program's start on the monotonic clock.
public struct SystemClock: WallClock {
    private let start = ContinuousClock.now

    public init() {}

    public var now: Date { Date() }

    public var elapsedMilliseconds: Int {
        Int((ContinuousClock.now - start).wholeMilliseconds)
    }
}
