/// What a rule does with an update of one kind, in Siren's words.
public enum UpdateOutcome: String, Sendable, CaseIterable, Codable {
    /// A forced alert: one button, nothing else closes it.
    case force
    /// An optional alert: `다음에` and `업데이트`.
    case option
    /// No alert.
    case none
}
