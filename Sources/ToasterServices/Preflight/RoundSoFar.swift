import FoundationEssentials
import Synchronization
import ToasterCore

/// What the running round has learnt, kept as it comes so that another thread can report it
/// when a signal stops the run (a CI job's timeout, Ctrl-C): the round's input, and each
/// lookup's answer or failure. A new round starts it afresh.
public final class RoundSoFar: Sendable {
    private struct State {
        var input: PreflightInput?
        var requests: [LookupRequest] = []
        var answers: [LookupRequest: LookupAnswer] = [:]
        var failures: [LookupRequest: String] = [:]
    }

    private let state = Mutex(State())

    public init() {}

    func start(_ input: PreflightInput, requests: [LookupRequest]) {
        state.withLock { $0 = State(input: input, requests: requests) }
    }

    func record(_ request: LookupRequest, _ outcome: Result<LookupAnswer, SourceError>) {
        state.withLock { state in
            switch outcome {
            case .success(let answer): state.answers[request] = answer
            case .failure(let error): state.failures[request] = error.message
            }
        }
    }

    /// The report of what was answered when `stopped` happened (`SIGTERM`), marked partial:
    /// the lookups that had not answered are unanswered, so their storefronts are not read
    /// as safe. Before any round began, a report that says nothing was asked.
    public func report(stopped: String, now: Date) -> PreflightReport {
        state.withLock { state in
            guard var input = state.input else {
                var report = PreflightReport.unfinished(now: now, error: "stopped by \(stopped) before any storefront was asked")
                report.partial = "stopped by \(stopped) before any storefront was asked"
                return report
            }
            input.answers = state.requests.compactMap { state.answers[$0] }
            input.unanswered = state.requests.compactMap { request in
                if let reason = state.failures[request] { return UnansweredLookup(request: request, reason: reason) }
                return state.answers[request] == nil ? UnansweredLookup(request: request, reason: "no answer before \(stopped)") : nil
            }
            var report: PreflightReport
            do { report = try input.evaluate() } catch { report = .unfinished(now: input.now, error: "\(error)") }
            let answered = state.answers.count
            report.partial = "stopped by \(stopped) after \(answered) of \(state.requests.count) lookups had answered; "
                + "storefronts without an answer are reported unanswered"
            return report
        }
    }
}
