/// The state of the latest version check, for the status line.
public enum CheckStatus: Sendable, Equatable {
    case notStarted
    case checking
    case decided(DecisionReport)
    case failed(String)
}
