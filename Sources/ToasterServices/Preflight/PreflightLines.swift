import FoundationEssentials
import ToasterCore

/// `preflight` in lines (on a pipe, as JSON or markdown, or with `--no-board`): one round, or
/// with `--watch` a round every `interval` until nothing blocks or a dead end is stuck. Each
/// round reads App Store Connect first: a version's state changes when someone releases it.
/// When a later round cannot read it, even after its retries, the round goes on with the last
/// facts and decides nothing: it says so and asks again next round, as the board does.
public struct PreflightLines: Sendable {
    public let round: PreflightRound
    public let choice: StorefrontChoice
    /// Seconds between the rounds of `--watch`; nil for one round.
    public let interval: Double?
    public let clock: any WallClock
    /// What each round learns as it comes, for the report a signal asks for.
    public let soFar: RoundSoFar?

    public init(round: PreflightRound, choice: StorefrontChoice, interval: Double?, clock: any WallClock, soFar: RoundSoFar? = nil) {
        self.round = round
        self.choice = choice
        self.interval = interval
        self.clock = clock
        self.soFar = soFar
    }

    /// What is said on standard error as the rounds go; standard output carries only the
    /// final report, which may be JSON.
    public enum Note: Sendable, Equatable {
        /// `warning: …`, once.
        case warning(String)
        /// A line of `--watch` between rounds, its time first.
        case status(String)
    }

    public enum Ending: Sendable {
        /// Preflight could not finish: the report's `error` says why.
        case unfinished(PreflightReport)
        /// The one round's report, or with `--watch` a dead end that waiting cannot end.
        case report(PreflightReport)
        /// `--watch`: nothing blocks any more.
        case safe(PreflightReport)
    }

    /// Runs the rounds on the calling thread. `base` holds the policy, the installed base and
    /// the storefronts named; each round sets the clock, the storefronts asked and the facts.
    /// `progress` hears each round's requests as they finish, `roundEnded` the end of each.
    public func run(_ base: PreflightInput, note: (Note) -> Void, progress: @escaping @Sendable (_ done: Int, _ total: Int, _ paced: Duration) -> Void,
                    roundEnded: () -> Void) -> Ending {
        // The storefronts left out are said once, not every round.
        var isFirstRound = true
        var lastFacts: AppStoreConnectFacts?
        while true {
            var input = base
            input.now = clock.now
            // The template is the policy: a fix published since the last round counts now.
            do throws(SourceError) { input = try round.withTemplate(input) } catch {
                return .unfinished(.unfinished(now: input.now, error: error.message))
            }
            // Only the first round's failure ends the run: later, the last facts stand and App
            // Store Connect is asked again next round, as the board does.
            var factsFailure: String?
            do throws(SourceError) { lastFacts = try round.facts() } catch {
                guard !isFirstRound else { return .unfinished(.unfinished(now: input.now, error: error.message)) }
                factsFailure = error.message
            }
            input.appStoreConnect = lastFacts
            if isFirstRound, let leftOut = choice.leftOut(given: lastFacts) { note(.warning(leftOut)) }
            isFirstRound = false
            input.storefronts = choice.asked(given: input.appStoreConnect)
            let report = round.report(input, soFar: soFar, progress: progress)
            roundEnded()
            guard report.error == nil else { return .unfinished(report) }
            guard let interval else { return .report(report) }
            let status: String
            if let factsFailure {
                // What App Store Connect would say is not known this round: nothing is decided on it.
                status = "\(factsFailure); keeping its last facts, asking again in \(Self.text(interval)) s"
            } else {
                switch report.watchStep {
                case .safe: return .safe(report)
                case .stuck: return .report(report)
                case .stuckUntilReleased(let why): status = "stuck until released: \(why) Asking again in \(Self.text(interval)) s"
                case .waiting(let why): status = "waiting: \(why); asking again in \(Self.text(interval)) s"
                }
            }
            note(.status("\(ISO8601.format(Date())) \(status)"))
            // The lookups' pace: a test's virtual pace moves the rounds too.
            round.lookups.pace.sleep(for: .seconds(interval))
        }
    }

    /// `300`, or `0.2`: the interval as it was given.
    static func text(_ seconds: Double) -> String { seconds == seconds.rounded() ? "\(Int(seconds))" : "\(seconds)" }
}
