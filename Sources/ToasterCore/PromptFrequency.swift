/// How long an optional alert, once shown, stays away (Siren's `UpdatePromptFrequency`).
public enum PromptFrequency: String, Sendable, CaseIterable, Codable {
    /// Every launch (and every return to the foreground after a new check).
    case immediately
    case daily
    case weekly

    public var days: Int {
        switch self {
        case .immediately: 0
        case .daily: 1
        case .weekly: 7
        }
    }
}
