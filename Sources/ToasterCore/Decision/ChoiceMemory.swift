import FoundationEssentials

/// What the app remembers of its update prompts between launches, for one app: the choices
/// that hold an optional alert back, and the last forced decision (so that going offline is no
/// way around it). Pure: the shell loads it, asks it, and saves what it returns.
public struct ChoiceMemory: Sendable, Equatable, Codable {
    /// The store version the choices below are about; another one (newer, or older after a
    /// release was pulled or a test store changed) clears them.
    public var storeVersion: String?
    /// When an optional alert was last on screen.
    public var shownAt: Date?
    /// The store version the user chose `이 버전 건너뛰기` for.
    public var skippedVersion: String?
    /// The last successful check's forced decision; nil once a check says otherwise.
    public var forced: RememberedForce?

    public init(storeVersion: String? = nil, shownAt: Date? = nil, skippedVersion: String? = nil,
                forced: RememberedForce? = nil) {
        self.storeVersion = storeVersion
        self.shownAt = shownAt
        self.skippedVersion = skippedVersion
        self.forced = forced
    }

    /// The gate that keeps an optional alert away, if any. A forced alert ignores both choices.
    public func holdBack(_ report: DecisionReport, now: Date) -> HoldBack? {
        guard report.decision == .optional, !isAnother(report.latest) else { return nil }
        if let skippedVersion, let latest = report.latest, (try? Version(skippedVersion)) == latest {
            return .skippedVersion(latest.description)
        }
        if let shownAt, report.frequency.days > 0 {
            let until = shownAt.addingTimeInterval(Double(report.frequency.days) * 86_400)
            if now < until { return .frequency(shownAt: shownAt, until: until) }
        }
        return nil
    }

    /// A successful check: another store version clears the choices, and its forced decision
    /// is remembered or forgotten.
    public mutating func note(checked report: DecisionReport, now: Date) {
        adopt(report.latest)
        forced = RememberedForce(report, decidedAt: now)
    }

    /// An optional alert for `storeVersion` went on screen.
    public mutating func note(shownFor storeVersion: Version?, at now: Date) {
        adopt(storeVersion)
        shownAt = now
    }

    /// `이 버전 건너뛰기` for `version`.
    public mutating func note(skipped version: Version) {
        adopt(version)
        skippedVersion = version.description
    }

    /// A failed check on an app no newer than the one the last forced decision was for gets
    /// that decision again.
    public func recoveredDecision(appVersion: Version) -> DecisionReport? {
        guard let forced, let decidedFor = try? Version(forced.appVersion), appVersion <= decidedFor else { return nil }
        return forced.report(current: appVersion)
    }

    /// Whether `latest` is not the store version the choices are about. Not only a newer one:
    /// kept as the highest ever seen, a store version that went back (2.0.0, then 1.10.0) would
    /// leave choices about 1.10.0 filed under 2.0.0, and they would hold back 1.11.0 too.
    private func isAnother(_ latest: Version?) -> Bool {
        guard let latest else { return false }
        guard let storeVersion, let known = try? Version(storeVersion) else { return true }
        return known != latest
    }

    private mutating func adopt(_ latest: Version?) {
        guard let latest, isAnother(latest) else { return }
        if storeVersion != nil {
            shownAt = nil
            skippedVersion = nil
        }
        storeVersion = latest.description
    }
}

/// Something the app must remember across launches; the shell stamps the time and saves it.
public enum ChoiceNote: Sendable, Equatable {
    /// A check succeeded with this report.
    case checked(DecisionReport)
    /// An optional alert for this store version went on screen.
    case shown(storeVersion: Version?)
    /// The user skipped this store version.
    case skipped(Version)
}
