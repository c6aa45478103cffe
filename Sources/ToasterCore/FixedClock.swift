import FoundationEssentials

/// `--now`: the wall clock reads one instant and trace times read 0, so that two runs with the
/// same inputs write the same trace.
public struct FixedClock: Clock {
    public let now: Date
    public var elapsedMilliseconds: Int { 0 }

    public init(now: Date) { self.now = now }
}
