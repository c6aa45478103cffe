/// What a version check ended with.
public enum CheckOutcome: Sendable, Equatable {
    case decided(DecisionReport)
    /// The service could not be used (unreachable, timed out, unusable answer): fail open.
    case failed(String)
    /// The check failed, but the last forced decision still stands (no bypass by going offline).
    case failedButForced(String, DecisionReport)
    /// The service said nothing changed since its last answer (Remote Config's `NO_CHANGE`):
    /// the remembered forced decision stands, and the check did not fail.
    case unchanged(DecisionReport)
}

/// A check's outcome, and why what it found could not be remembered, if it could not (the
/// outcome stands either way; the problem goes to the trace or standard error).
public struct CheckResult: Sendable, Equatable {
    public let outcome: CheckOutcome
    public let recordingProblem: String?

    public init(_ outcome: CheckOutcome, recordingProblem: String? = nil) {
        self.outcome = outcome
        self.recordingProblem = recordingProblem
    }
}
