import FoundationEssentials

/// A forced decision as the app last saw it, enough to show the same alert again offline.
public struct RememberedForce: Sendable, Equatable, Codable {
    /// The app version the decision was for.
    public var appVersion: String
    public var latest: String?
    public var reason: DecisionReason
    public var title: String
    public var message: String
    public var buttonTitle: String
    public var updateURL: String
    public var decidedAt: Date

    /// Nil for a report without a forced alert.
    init?(_ report: DecisionReport, decidedAt: Date) {
        guard report.decision == .forced, let alert = report.alert else { return nil }
        appVersion = report.current.description
        latest = report.latest?.description
        reason = report.reason
        title = alert.title
        message = alert.message
        buttonTitle = alert.buttonTitles.last ?? UIStrings.korean.updateButton
        updateURL = report.updateURL
        self.decidedAt = decidedAt
    }

    func report(current: Version) -> DecisionReport {
        DecisionReport(decision: .forced, reason: .rememberedForced, current: current,
                       latest: latest.flatMap { try? Version($0) },
                       alert: AlertModel(type: .forceUpdate, texts: AlertTextOverride(title: title, message: message, buttonTitle: buttonTitle)),
                       updateURL: updateURL, listing: nil,
                       why: "the check failed, and the forced decision remembered from \(ISO8601.format(decidedAt)) stands until a check says otherwise")
    }
}
