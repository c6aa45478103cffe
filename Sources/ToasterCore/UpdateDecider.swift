import FoundationEssentials

/// The decision table of SPEC §3: the first row that holds wins.
public struct UpdateDecider: Sendable {
    public var rules: UpdateRules
    /// The App Store id behind the default update URL.
    public var appID: String
    /// The language of the default alert texts.
    public var language: Language

    public init(rules: UpdateRules = .default, appID: String, language: Language = .ko) {
        self.rules = rules
        self.appID = appID
        self.language = language
    }

    public var defaultUpdateURL: String { "itms-apps://itunes.apple.com/app/id\(appID)" }

    public func decide(current currentText: String, policy: UpdatePolicy, now: Date) throws(DecisionError) -> DecisionReport {
        let current = try Self.parse(currentText, as: "the app version")
        let latest = try policy.latestVersion.map { v throws(DecisionError) in try Self.parse(v, as: "the latest version") }
        let updateURL = policy.updateURL ?? defaultUpdateURL

        func report(_ decision: Decision, _ reason: DecisionReason, _ type: AlertType?) -> DecisionReport {
            DecisionReport(decision: decision, reason: reason, current: current, latest: latest,
                           alert: type.map { AlertModel(type: $0, language: language, texts: policy.texts) },
                           updateURL: updateURL, listing: policy.listing)
        }

        if let range = policy.forcedRange {
            let lower = try Self.parse(range.minAppVersion, as: "the forced range's minAppVersion")
            let upper = try Self.parse(range.maxAppVersion, as: "the forced range's maxAppVersion")
            if range.isOpen(at: now), lower <= current, current <= upper {
                return report(.forced, .forcedRange, .forceUpdate)
            }
        }
        if let minimum = policy.minimumRequiredVersion {
            if try current < Self.parse(minimum, as: "the minimum required version") {
                return report(.forced, .belowMinimumRequired, .forceUpdate)
            }
        }
        guard let latest else { return report(.none, .nothingToCompare, nil) }
        guard let kind = current.updateKind(to: latest) else { return report(.none, .upToDate, nil) }
        switch rules[kind] {
        case .force: return report(.forced, DecisionReason(kind), .forceUpdate)
        case .option: return report(.optional, DecisionReason(kind), AlertType.optional(for: kind))
        case .none: return report(.none, DecisionReason(kind), nil)
        }
    }

    private static func parse(_ text: String, as field: String) throws(DecisionError) -> Version {
        do {
            return try Version(text)
        } catch {
            throw DecisionError(field: field, underlying: error)
        }
    }
}
