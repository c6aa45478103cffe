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

    init(_ report: DecisionReport, decidedAt: Date) {
        appVersion = report.current.description
        latest = report.latest?.description
        reason = report.reason
        title = report.alert?.title ?? AlertTexts.title(.forceUpdate, .ko)
        message = report.alert?.message ?? AlertTexts.message(.forceUpdate, .ko)
        buttonTitle = report.alert?.buttonTitles.last ?? AlertTexts.update(.ko)
        updateURL = report.updateURL
        self.decidedAt = decidedAt
    }

    func report(current: Version) -> DecisionReport {
        DecisionReport(decision: .forced, reason: .rememberedForced, current: current,
                       latest: latest.flatMap { try? Version($0) },
                       alert: AlertModel(type: .forceUpdate, texts: AlertTextOverride(title: title, message: message, buttonTitle: buttonTitle)),
                       updateURL: updateURL, listing: nil)
    }
}
