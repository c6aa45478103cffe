import FoundationEssentials

/// The decision table of docs/00 §3: the first row that holds wins; then the gates.
public struct UpdateDecider: Sendable {
    /// The outcome per kind of update the user gave (`--rules`); nil: the answer's own meaning.
    /// Where the answer names a minimum (a minimum required version, a forced window), or comes
    /// from an update service (Remote Config, a CMS) whether it names one or not, only a named
    /// minimum forces and a newer latest version is optional of its kind
    /// (`UpdateRules.minimumDecides`); where a store names none (a bare App Store lookup, the
    /// demo store), the reference app's table stands (`UpdateRules.seed`).
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

    /// Where a template's answer depends on the device (percent conditions, rollouts) and the
    /// percentile is not pinned, every group of devices is decided, and the most severe outcome
    /// any group gets decides (the largest such group, for its texts): a gate that passed
    /// would pass the forced 10 % of a canary too.
    public func decide(current currentText: String, answer: SourceAnswer, now: Date) throws(DecisionError) -> DecisionReport {
        guard var remoteConfig = answer.remoteConfig, remoteConfig.dependsOnPercentile else {
            return try gated(current: currentText, answer: answer, now: now)
        }
        var reports: [DecisionReport] = []
        for (index, outcome) in remoteConfig.outcomes.enumerated() {
            let report = try gated(current: currentText, answer: answer.given(outcome, keys: remoteConfig.keys), now: now)
            remoteConfig.outcomes[index].decision = report.decision
            reports.append(report)
        }
        // Outcomes come largest first, so the first of the most severe is the largest of them.
        let severest = reports.map(\.decision.severity).max() ?? 0
        remoteConfig.deciding = reports.firstIndex { $0.decision.severity == severest } ?? 0
        return reports[remoteConfig.deciding].with(remoteConfig)
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
                    _ rule: UpdateRule = UpdateRule(.force), notice: String? = nil) -> DecisionReport {
            // The service's texts are its forced alert's (`force_update_message`, the CMS's
            // force-update object): an optional alert keeps its own.
            let texts = type == .forceUpdate ? answer.texts : nil
            var report = DecisionReport(decision: decision, reason: reason, current: current, latest: latest,
                                        alert: type.map { AlertModel(type: $0, language: language, texts: texts, skippable: rule.outcome == .skip) },
                                        updateURL: updateURL, listing: answer.listing, frequency: rule.frequency, why: why,
                                        notices: answer.notices + (notice.map { [$0] } ?? []))
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
        let namesMinimum = answer.namesMinimum
        // What keeps this version from being forced, when the answer names a minimum.
        let notForced = [answer.minimumRequiredVersion.map { "not below \(names.minimum($0))" },
                         answer.forcedRange.map { "outside \(names.window($0))\(inWindow ? "" : ", closed now")" }].compactMap { $0 }
        let standing = "\(current) is " + notForced.joined(separator: " and ")
        guard let latest else {
            return report(.none, .nothingToCompare, nil, why: (namesMinimum ? standing + ", and the" : "The") + " answer names no latest version to compare it with")
        }
        guard let kind = current.updateKind(to: latest) else {
            return report(.none, .upToDate, nil, why: "\(current) is not older than \(names.latest(latest))" + (namesMinimum ? ", and " + notForced.joined(separator: " and ") : ""))
        }
        let newer = "\(names.latest(latest)) is a \(kind.rawValue) update"
        func byRule(_ rule: UpdateRule, _ reason: DecisionReason, why: String, notice: String? = nil) -> DecisionReport {
            switch rule.outcome {
            case .force: report(.forced, reason, .forceUpdate, why: why, rule, notice: notice)
            case .option, .skip: report(.optional, reason, AlertType.optional(for: kind), why: why, rule, notice: notice)
            case .none: report(.none, reason, nil, why: why, rule, notice: notice)
            }
        }
        if let rules {
            return byRule(rules[kind], DecisionReason(kind), why: "\(newer), and --rules \(rules[kind].outcome.phrase(for: kind))")
        }
        guard answer.minimumDecides else {
            let rule = UpdateRules.seed[kind]
            return byRule(rule, DecisionReason(kind), why: "\(newer), and with no minimum in the answer the reference app's table \(rule.outcome.phrase(for: kind))")
        }
        let rule = UpdateRules.minimumDecides[kind]
        let reason = rule.outcome == .none ? DecisionReason(kind) : .newerLatestVersion
        guard namesMinimum else {
            // An update service that names no minimum (a template without its minimum key, or
            // with a misspelt one) forces nobody: said, since a missing minimum is often a mistake.
            let missing = answer.minimumName.map { " (\($0))" } ?? ""
            return byRule(rule, reason, why: "The answer names no minimum\(missing), and only a named minimum forces: \(newer), "
                              + "so the check \(rule.outcome.phrase(for: kind)) (--rules changes that)",
                          notice: "the answer names no minimum\(missing): it forces nobody, and a newer latest version is at most optional")
        }
        return byRule(rule, reason, why: "\(standing), and only the minimum forces: \(newer), so the check \(rule.outcome.phrase(for: kind)) (--rules changes that)")
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
