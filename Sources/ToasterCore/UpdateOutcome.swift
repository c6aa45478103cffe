/// What a rule does with an update of one kind, in Siren's words (its `AlertType`).
public enum UpdateOutcome: String, Sendable, CaseIterable, Codable {
    /// A forced alert: one button, nothing else closes it.
    case force
    /// An optional alert: `다음에` and `업데이트`.
    case option
    /// An optional alert with a third button, `이 버전 건너뛰기`.
    case skip
    /// No alert.
    case none
}
