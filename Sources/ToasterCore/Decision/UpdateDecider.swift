import FoundationEssentials

/// The decision table of docs/00 §3: the first row that holds wins; then the gates.
public struct UpdateDecider: Sendable {
    /// The outcome per kind of update the user gave (`--rules`); nil: the answer's own meaning.
    /// Where the answer names a minimum (a minimum required version, a forced window), only
    /// the minimum forces and a newer latest version is optional of its kind
    /// (`UpdateRules.minimumDecides`); where it names none (a bare App Store lookup), the
    /// reference app's table stands (`UpdateRules.seed`).
    public var rules: UpdateRules?
    /// The App Store id behind the default update URL.
    public var appID: String
    /// The language of the default alert texts.
    public var language: Language
    /// Store-version prompts wait this long after `currentVersionReleaseDate`.
    public var releasedForDays: Int
    /// The device's OS version, checked against the store's `minimumOsVersion`.
    public var osVersion: Version?

    public init(rules: UpdateRules? = nil, appID: String, language: Language = .ko,
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
            alternative.texts = outcome.texts(remoteConfig.keys)
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
        let names = AnswerWords(answer)

        func report(_ decision: Decision, _ reason: DecisionReason, _ type: AlertType?, why: String,
                    _ rule: UpdateRule = UpdateRule(.force)) -> DecisionReport {
            // The service's texts are its forced alert's (`force_update_message`, the CMS's
            // force-update object): an optional alert keeps its own.
            let texts = type == .forceUpdate ? answer.texts : nil
            var report = DecisionReport(decision: decision, reason: reason, current: current, latest: latest,
                                        alert: type.map { AlertModel(type: $0, language: language, texts: texts, skippable: rule.outcome == .skip) },
                                        updateURL: updateURL, listing: answer.listing, frequency: rule.frequency, why: why, notices: answer.notices)
            report.remoteConfig = answer.remoteConfig
            report.templateVersion = answer.templateVersion
            return report
        }

        var inWindow = false
        if let range = answer.forcedRange {
            let lower = try Self.parse(range.minAppVersion, as: "the forced range's minAppVersion")
            let upper = try Self.parse(range.maxAppVersion, as: "the forced range's maxAppVersion")
            inWindow = range.isOpen(at: now)
            if inWindow, lower <= current, current <= upper {
                return report(.forced, .forcedRange, .forceUpdate, why: "\(current) is inside \(names.window(range)), open now: the forced window decides who is forced")
            }
        }
        if let minimum = answer.minimumRequiredVersion {
            if try current < Self.parse(minimum, as: "the minimum required version") {
                return report(.forced, .belowMinimumRequired, .forceUpdate, why: "\(current) is below \(names.minimum(minimum)): the minimum decides who is forced")
            }
        }
        let minimumDecides = answer.namesMinimum
        // What keeps this version from being forced, when the answer names a minimum.
        let notForced = [answer.minimumRequiredVersion.map { "not below \(names.minimum($0))" },
                         answer.forcedRange.map { "outside \(names.window($0))\(inWindow ? "" : ", closed now")" }].compactMap { $0 }
        let standing = "\(current) is " + notForced.joined(separator: " and ")
        guard let latest else {
            return report(.none, .nothingToCompare, nil, why: (minimumDecides ? standing + ", and the" : "The") + " answer names no latest version to compare it with")
        }
        guard let kind = current.updateKind(to: latest) else {
            return report(.none, .upToDate, nil, why: "\(current) is not older than \(names.latest(latest))" + (minimumDecides ? ", and " + notForced.joined(separator: " and ") : ""))
        }
        let newer = "\(names.latest(latest)) is a \(kind.rawValue) update"
        func byRule(_ rule: UpdateRule, _ reason: DecisionReason, why: String) -> DecisionReport {
            switch rule.outcome {
            case .force: report(.forced, reason, .forceUpdate, why: why, rule)
            case .option, .skip: report(.optional, reason, AlertType.optional(for: kind), why: why, rule)
            case .none: report(.none, reason, nil, why: why, rule)
            }
        }
        if let rules {
            return byRule(rules[kind], DecisionReason(kind), why: "\(newer), and --rules \(rules[kind].outcome.phrase(for: kind))")
        }
        guard minimumDecides else {
            let rule = UpdateRules.seed[kind]
            return byRule(rule, DecisionReason(kind), why: "\(newer), and with no minimum in the answer the reference app's table \(rule.outcome.phrase(for: kind))")
        }
        let rule = UpdateRules.minimumDecides[kind]
        return byRule(rule, rule.outcome == .none ? DecisionReason(kind) : .newerLatestVersion,
                      why: "\(standing), and only the minimum forces: \(newer), so the check \(rule.outcome.phrase(for: kind)) (--rules changes that)")
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

/// How a decision's sentence names what the answer gave: `the minimum 2.0.0 (min_required_version)`.
private struct AnswerWords {
    let answer: SourceAnswer

    init(_ answer: SourceAnswer) { self.answer = answer }

    func minimum(_ version: String) -> String {
        "the minimum \(version)" + (answer.minimumName.map { " (\($0))" } ?? "")
    }

    func latest(_ version: Version) -> String {
        "the latest version \(version)" + (answer.latestName.map { " (\($0))" } ?? "")
    }

    func window(_ range: ForcedRange) -> String {
        "the forced window \(range.minAppVersion)…\(range.maxAppVersion)"
    }
}

/// A version in the input that cannot be read, with the field it came from.
public struct DecisionError: Error, Sendable, Equatable, CustomStringConvertible {
    public let field: String
    public let underlying: VersionError

    public var description: String { "\(field): \(underlying)" }
}
