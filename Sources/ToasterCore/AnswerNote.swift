/// Something the app must remember across launches; the shell stamps the time and saves it.
public enum AnswerNote: Sendable, Equatable {
    /// A check succeeded with this report.
    case checked(DecisionReport)
    /// An optional alert for this store version went on screen.
    case shown(storeVersion: Version?)
    /// The user skipped this store version.
    case skipped(Version)
}
