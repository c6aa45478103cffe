import ToasterCore
import ToasterFiles

/// One version check end to end, as the app runs it at launch and on every return to the
/// foreground: ask the source, decide, let the remembered choices hold an optional alert back,
/// keep the last forced decision standing when the source fails (no bypass by going offline),
/// and remember what the check found.
///
/// It holds no state of its own (the choices live in the `ChoiceBook`, behind its lock), so
/// one value, or many with different sources, can run checks from any thread at once.
public struct VersionCheck: Sendable {
    public let source: any VersionSource
    public let decider: UpdateDecider
    /// The remembered choices; nil for a check that neither reads nor records any.
    public let choices: ChoiceBook?
    public let clock: any WallClock

    public init(source: any VersionSource, decider: UpdateDecider, choices: ChoiceBook?, clock: any WallClock) {
        self.source = source
        self.decider = decider
        self.choices = choices
        self.clock = clock
    }

    /// Blocks the calling thread until the source answers, fails or reaches its deadline; what
    /// the check found is remembered before it returns.
    public func run(appVersion: String) -> CheckResult {
        let result = runLeavingNote(appVersion: appVersion)
        guard let note = result.toRemember else { return result }
        return CheckResult(result.outcome, recordingProblem: remember(note))
    }

    /// `run`, leaving what the check found for the caller to remember (`toRemember`): the app
    /// draws the outcome first, for remembering syncs the disk (two `fsync`s, 8 ms of a launch
    /// on a busy disk). `realtimeAttempt`: the check is the fetch a real-time announcement asked for.
    public func runLeavingNote(appVersion: String, realtimeAttempt: Int? = nil) -> CheckResult {
        let now = clock.now
        let failure: CheckFailure
        do {
            let answer = if let realtimeAttempt { try source.fetchAnswer(realtimeAttempt: realtimeAttempt) } else { try source.fetchAnswer() }
            let report = try decider.decide(current: appVersion, answer: answer, now: now).noticingDeadEnd(answer)
            guard let choices else { return CheckResult(.decided(report)) }
            let held = choices.applying(to: report, now: now)
            return CheckResult(.decided(held), toRemember: .checked(held))
        } catch let error as SourceError {
            // "Keep what you have" stands for the last forced decision; with none remembered
            // there is nothing to keep, and the check is read as failed (fail open).
            if error.kind == .unchanged, let forced = choices?.recoveredDecision(appVersion: appVersion) {
                return CheckResult(.unchanged(forced))
            }
            failure = error.failure
        } catch {
            // The decider's only failure: a version in the answer that is not one.
            failure = CheckFailure(.unusableAnswer, "\(error)")
        }
        guard let forced = choices?.recoveredDecision(appVersion: appVersion) else { return CheckResult(.failed(failure)) }
        return CheckResult(.failedButForced(failure, forced))
    }

    /// Keeps a note across launches (the check's own result, an optional alert that went on
    /// screen, a skipped version); returns why it could not, if it could not.
    public func remember(_ note: ChoiceNote) -> String? {
        do throws(FileError) {
            try choices?.record(note, now: clock.now)
            return nil
        } catch {
            return "cannot remember the answer: \(error)"
        }
    }
}
