import FoundationEssentials

/// The time the program reads: wall-clock `now` for date windows, and the milliseconds since
/// start that trace lines carry. Injected, so that `--now` fixes both.
public protocol Clock: Sendable {
    var now: Date { get }
    var elapsedMilliseconds: Int { get }
}
