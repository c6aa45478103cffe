/// The outcome of one version check: the decision, why, and the alert it calls for.
public struct DecisionReport: Sendable, Equatable {
    public let decision: Decision
    public let reason: DecisionReason
    public let current: Version
    public let latest: Version?
    /// The alert to present; nil exactly when the decision is `none`.
    public let alert: AlertModel?
    public let updateURL: String
    public let listing: StoreListing?
}
