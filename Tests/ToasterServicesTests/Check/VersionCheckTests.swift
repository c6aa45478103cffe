import Dispatch
import Foundation
import Synchronization
import Testing
import ToasterCore
import ToasterServices
import ToasterTestSupport

/// The check pipeline without a terminal: the offline forced rule, remembered choices, and
/// what happens when they cannot be recorded.
@Suite(.offThePool) struct VersionCheckTests {
    private let folder = FileManager.default.temporaryDirectory.appendingPathComponent("check-\(UUID().uuidString)").path
    private let monday = Date(timeIntervalSince1970: 1_795_000_000)
    private static let down = SourceError(.unreachable, "connection refused (127.0.0.1:9)")

    /// A service that gives one fixed answer.
    private struct StubSource: VersionSource {
        let answer: Result<SourceAnswer, SourceError>
        var name: String { "stub" }
        func fetchAnswer() throws(SourceError) -> SourceAnswer { try answer.get() }
    }

    /// One launch's check: a fresh book on the same folder, as a relaunch reads it.
    private func check(_ answer: Result<SourceAnswer, SourceError>, at now: Date, rules: String? = nil,
                       remembering: Bool = true) throws -> VersionCheck {
        let decider = UpdateDecider(rules: try rules.map { try UpdateRules(parsing: $0) } ?? .seed, appID: "42")
        return VersionCheck(source: StubSource(answer: answer), decider: decider,
                            choices: remembering ? ChoiceBook(directory: folder, appKey: "id42") : nil, clock: FixedClock(now: now))
    }

    private func store(_ version: String) -> Result<SourceAnswer, SourceError> {
        .success(SourceAnswer(latestVersion: version))
    }

    private func decided(_ result: CheckResult) throws -> DecisionReport {
        #expect(result.recordingProblem == nil)
        guard case .decided(let report) = result.outcome else { throw Unexpected(result.outcome) }
        return report
    }

    @Test func goingOfflineKeepsTheLastForcedDecisionUntilACheckLiftsIt() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(try decided(check(store("2.0.0"), at: monday).run(appVersion: "1.0.0")).decision == .forced)

        let offline = try check(.failure(Self.down), at: monday).run(appVersion: "1.0.0")
        guard case let .failedButForced(message, forced) = offline.outcome else { throw Unexpected(offline.outcome) }
        #expect(message == Self.down.failure)
        #expect(forced.decision == .forced && forced.reason == .rememberedForced)
        #expect(forced.updateURL == "itms-apps://itunes.apple.com/app/id42")

        let lifted = try decided(check(store("1.0.0"), at: monday).run(appVersion: "1.0.0"))
        #expect(lifted.decision == .none && lifted.reason == .upToDate)
        #expect(try check(.failure(Self.down), at: monday).run(appVersion: "1.0.0").outcome == .failed(Self.down.failure))
    }

    @Test func noChangeKeepsTheLastForcedDecisionWithoutFailing() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let unchanged = SourceError(.unchanged, "Remote Config answered NO_CHANGE: the last answer stands")
        #expect(try check(.failure(unchanged), at: monday).run(appVersion: "1.0.0").outcome == .failed(unchanged.failure),
                "nothing remembered: nothing to keep")
        _ = try decided(check(store("2.0.0"), at: monday).run(appVersion: "1.0.0"))
        let kept = try check(.failure(unchanged), at: monday).run(appVersion: "1.0.0")
        guard case .unchanged(let forced) = kept.outcome else { throw Unexpected(kept.outcome) }
        #expect(forced.decision == .forced && forced.reason == .rememberedForced)
    }

    @Test func theForcedDecisionIsNotReappliedToANewerAppNorWithoutMemory() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        _ = try decided(check(store("2.0.0"), at: monday).run(appVersion: "1.0.0"))
        #expect(try check(.failure(Self.down), at: monday).run(appVersion: "2.0.0").outcome == .failed(Self.down.failure))
        #expect(try check(.failure(Self.down), at: monday, remembering: false).run(appVersion: "1.0.0").outcome
                == .failed(Self.down.failure))
    }

    @Test func anUnreadableAnswerIsAFailedCheck() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let result = try check(store("2..0"), at: monday).run(appVersion: "1.0.0")
        guard case .failed(let failure) = result.outcome else { throw Unexpected(result.outcome) }
        #expect(failure.kind == .unusableAnswer)
        #expect(failure.detail.hasPrefix("the latest version: "))
    }

    @Test func aShownOptionalAlertWaitsForItsFrequencyThenComesBack() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let launch = try check(store("1.10.0"), at: monday, rules: "persistent")
        #expect(try decided(launch.run(appVersion: "1.9.0")).decision == .optional)
        #expect(launch.remember(.shown(storeVersion: try Version("1.10.0"))) == nil)

        let sameDay = try decided(check(store("1.10.0"), at: monday.addingTimeInterval(3600), rules: "persistent").run(appVersion: "1.9.0"))
        #expect(sameDay.decision == .none)
        #expect(sameDay.heldBack?.name == "frequency")
        #expect(sameDay.heldDecision == .optional)

        let nextDay = try decided(check(store("1.10.0"), at: monday.addingTimeInterval(86_400), rules: "persistent").run(appVersion: "1.9.0"))
        #expect(nextDay.decision == .optional && nextDay.heldBack == nil)
    }

    @Test func aSkippedVersionStaysAwayUntilANewerOne() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let launch = try check(store("1.10.0"), at: monday, rules: "default")
        #expect(try decided(launch.run(appVersion: "1.9.0")).decision == .optional)
        #expect(launch.remember(.skipped(try Version("1.10.0"))) == nil)

        let later = monday.addingTimeInterval(30 * 86_400)
        let skipped = try decided(check(store("1.10.0"), at: later, rules: "default").run(appVersion: "1.9.0"))
        #expect(skipped.heldBack == .skippedVersion("1.10.0"))
        let newer = try decided(check(store("1.11.0"), at: later, rules: "default").run(appVersion: "1.9.0"))
        #expect(newer.decision == .optional)
        #expect(newer.latest == (try Version("1.11.0")))
    }

    @Test func aChoiceThatCannotBeRecordedIsReportedAndTheOutcomeStands() throws {
        let book = ChoiceBook(directory: "/proc/toastercli-state", appKey: "id42")
        let check = VersionCheck(source: StubSource(answer: store("2.0.0")), decider: UpdateDecider(appID: "42"),
                                 choices: book, clock: FixedClock(now: monday))
        let result = check.run(appVersion: "1.0.0")
        guard case .decided(let report) = result.outcome else { throw Unexpected(result.outcome) }
        #expect(report.decision == .forced)
        #expect(result.recordingProblem?.hasPrefix("cannot remember the answer: ") == true)
        #expect(check.remember(.skipped(try Version("2.0.0")))?.hasPrefix("cannot remember the answer: ") == true)
    }

    /// Many checks at once on one book, as a preflight over many storefronts runs them: every
    /// one answers, and the file they all recorded into still reads back.
    @Test func checksRunConcurrentlyOnOneBook() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let book = ChoiceBook(directory: folder, appKey: "id42")
        let checks = (0..<32).map { index in
            VersionCheck(source: StubSource(answer: store("2.\(index).0")), decider: UpdateDecider(appID: "42"),
                         choices: book, clock: FixedClock(now: monday))
        }
        let results = Mutex<[Int: CheckResult]>([:])
        DispatchQueue.concurrentPerform(iterations: checks.count) { index in
            let result = checks[index].run(appVersion: "1.0.0")
            results.withLock { $0[index] = result }
        }
        let all = results.withLock { $0 }
        #expect(all.count == checks.count)
        for (index, result) in all {
            #expect(try decided(result).latest == (try Version("2.\(index).0")))
        }
        let reread = ChoiceBook(directory: folder, appKey: "id42")
        #expect(reread.loadProblem == nil)
        // The memory follows the store version last answered, whichever check that was; saved
        // under the book's lock, the file holds that last memory and not an older one.
        #expect(reread.snapshot == book.snapshot)
        #expect((0..<checks.count).map { "2.\($0).0" }.contains(reread.snapshot.storeVersion ?? ""))
    }
}

/// A check ended otherwise than the test expected.
private struct Unexpected: Error, CustomStringConvertible {
    let outcome: CheckOutcome
    init(_ outcome: CheckOutcome) { self.outcome = outcome }
    var description: String { "unexpected outcome: \(outcome)" }
}
