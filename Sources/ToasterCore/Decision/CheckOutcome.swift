/// What a version check ended with.
public enum CheckOutcome: Sendable, Equatable {
    case decided(DecisionReport)
    /// The service could not be used (unreachable, timed out, unusable answer): fail open.
    case failed(String)
    /// The check failed, but the last forced decision still stands (no bypass by going offline).
    case failedButForced(String, DecisionReport)
}
