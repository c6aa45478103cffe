import FoundationEssentials

/// The decision table of docs/00 §3: the first row that holds wins; then the gates.
public struct UpdateDecider: Sendable {
    public var rules: UpdateRules
    /// The App Store id behind the default update URL.
    public var appID: String
    /// The language of the default alert texts.
    public var language: Language
    /// Store-version prompts wait this long after `currentVersionReleaseDate`.
    public var releasedForDays: Int
    /// The device's OS version, checked against the store's `minimumOsVersion`.
    public var osVersion: Version?

    public init(rules: UpdateRules = .seed, appID: String, language: Language = .ko,
                releasedForDays: Int = 0, osVersion: Version? = nil) {
        self.rules = rules
        self.appID = appID
        self.language = language
        self.releasedForDays = releasedForDays
        self.osVersion = osVersion
    }

    public var defaultUpdateURL: String { AppStoreURL.forApp(id: appID) }

    public func decide(current currentText: String, answer: SourceAnswer, now: Date) throws(DecisionError) -> DecisionReport {
        let report = try gated(current: currentText, answer: answer, now: now)
        guard var remoteConfig = answer.remoteConfig, remoteConfig.dependsOnPercentile else { return report }
        // Each group of devices the percentile splits the template into, decided alike.
        for index in remoteConfig.outcomes.indices {
            let outcome = remoteConfig.outcomes[index]
            var alternative = answer
            alternative.minimumRequiredVersion = outcome.value(of: remoteConfig.keys.minimumRequired)
            alternative.latestVersion = outcome.value(of: remoteConfig.keys.latest)
            alternative.updateURL = outcome.value(of: remoteConfig.keys.storeURL)
            remoteConfig.outcomes[index].decision = try gated(current: currentText, answer: alternative, now: now).decision
        }
        return report.with(remoteConfig)
    }

    private func gated(current currentText: String, answer: SourceAnswer, now: Date) throws(DecisionError) -> DecisionReport {
        let report = try tableRow(current: currentText, answer: answer, now: now)
        return gate(report, answer: answer, now: now).map(report.held(by:)) ?? report
    }

    private func tableRow(current currentText: String, answer: SourceAnswer, now: Date) throws(DecisionError) -> DecisionReport {
        let current = try Self.parse(currentText, as: "the app version")
        let latest = try answer.latestVersion.map { v throws(DecisionError) in try Self.parse(v, as: "the latest version") }
        let updateURL = answer.updateURL ?? defaultUpdateURL

        func report(_ decision: Decision, _ reason: DecisionReason, _ type: AlertType?,
                    _ rule: UpdateRule = UpdateRule(.force)) -> DecisionReport {
            var report = DecisionReport(decision: decision, reason: reason, current: current, latest: latest,
                                        alert: type.map { AlertModel(type: $0, language: language, texts: answer.texts, skippable: rule.outcome == .skip) },
                                        updateURL: updateURL, listing: answer.listing, frequency: rule.frequency, notices: answer.notices)
            report.remoteConfig = answer.remoteConfig
            report.templateVersion = answer.templateVersion
            return report
        }

        if let range = answer.forcedRange {
            let lower = try Self.parse(range.minAppVersion, as: "the forced range's minAppVersion")
            let upper = try Self.parse(range.maxAppVersion, as: "the forced range's maxAppVersion")
            if range.isOpen(at: now), lower <= current, current <= upper {
                return report(.forced, .forcedRange, .forceUpdate)
            }
        }
        if let minimum = answer.minimumRequiredVersion {
            if try current < Self.parse(minimum, as: "the minimum required version") {
                return report(.forced, .belowMinimumRequired, .forceUpdate)
            }
        }
        guard let latest else { return report(.none, .nothingToCompare, nil) }
        guard let kind = current.updateKind(to: latest) else { return report(.none, .upToDate, nil) }
        let rule = rules[kind]
        switch rule.outcome {
        case .force: return report(.forced, DecisionReason(kind), .forceUpdate, rule)
        case .option, .skip: return report(.optional, DecisionReason(kind), AlertType.optional(for: kind), rule)
        case .none: return report(.none, DecisionReason(kind), nil, rule)
        }
    }

    /// The OS gate holds every alert (an update the device cannot install locks the user out);
    /// the release-age gate only the store-version rows, because a forced range or a minimum
    /// version is the team's explicit word, not a guess from the store.
    private func gate(_ report: DecisionReport, answer: SourceAnswer, now: Date) -> HoldBack? {
        guard report.decision != .none, let listing = answer.listing else { return nil }
        if let osVersion, let requiredText = listing.minimumOSVersion, let required = try? Version(requiredText),
           osVersion < required {
            return .osVersion(required: requiredText, device: osVersion.description)
        }
        let storeRow = ![.forcedRange, .belowMinimumRequired].contains(report.reason)
        if storeRow, releasedForDays > 0 {
            guard let releasedAt = listing.releaseDate.flatMap(ISO8601.parse) else { return .releaseDateUnknown(days: releasedForDays) }
            if now < releasedAt.addingTimeInterval(Double(releasedForDays) * 86_400) {
                return .releaseAge(releasedAt: releasedAt, days: releasedForDays)
            }
        }
        return nil
    }

    private static func parse(_ text: String, as field: String) throws(DecisionError) -> Version {
        do {
            return try Version(text)
        } catch {
            throw DecisionError(field: field, underlying: error)
        }
    }
}

/// A version in the input that cannot be read, with the field it came from.
public struct DecisionError: Error, Sendable, Equatable, CustomStringConvertible {
    public let field: String
    public let underlying: VersionError

    public var description: String { "\(field): \(underlying)" }
}
