import ArgumentParser
import FoundationEssentials
import Glibc
import ToasterCommandLine
import ToasterCore
import ToasterServices
import ToasterTerminal

/// `toastercli preflight`: what every storefront serves against the policy about to be
/// published, and every way a user could be stranded (docs/10-preflight.md).
struct Preflight: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "preflight",
        abstract: "Find dead-end forced updates in every storefront before the policy ships.",
        discussion: """
            Exit status: 3 if a dead end was found (with --strict: any finding, an unanswered \
            storefront too), else 1 if a storefront is unanswered or preflight could not run, \
            else 4 ("not yet") if --watch would wait (a release too fresh, lookups that \
            disagree), saying from when it expects forcing to be safe, else 0; 64 usage error. \
            --watch asks again until nothing blocks, then prints "safe to force now" and exits 0.
            """
    )

    @OptionGroup var inputs: PreflightOptions

    @OptionGroup var trust: TrustOptions

    @OptionGroup(title: "App Store Connect") var appStoreConnect: AppStoreConnectOptions

    @Option(help: "The App Store lookup (http or https, ending in /lookup); the path form /{cc}/lookup is derived from it.")
    var lookupUrl = "https://itunes.apple.com/lookup"

    @OptionGroup var requests: RequestOptions

    @Option(help: "text, json or markdown.") var format: PreflightFormat = .text

    @Flag(help: "Exit 3 for any finding (an unanswered storefront too), not only dead ends.") var strict = false

    @Flag(help: "Ask again until nothing blocks, then print \"safe to force now\" and exit 0 (reads the real clock: not with --now).")
    var watch = false

    @Option(parsing: .unconditional, help: "Seconds between rounds of --watch.") var interval = 300.0

    @Flag(help: "With --watch on a terminal: print a line a round instead of the storefront board.") var noBoard = false

    @Option(help: "The storefront board's theme: a built-in name or a theme file's path (as for run).") var theme: String?

    /// What the options ask, read by validate(): all `run()` reads of them but the output's flags.
    @Planned var plan: PreflightPlan

    mutating func validate() throws {
        try OptionRange.check(interval, above: 0, atMost: 86_400, "--interval", unit: "seconds")
        guard !(watch && inputs.clock.now != nil) else { throw ValidationError("--watch reads the real clock: a fixed --now would never let a release age") }
        if let problem = StorefrontLookups.problem(lookupURL: lookupUrl) { throw ValidationError("--lookup-url \"\(lookupUrl)\" \(problem)") }
        plan = PreflightPlan(evaluation: inputs.plan, lookupURL: lookupUrl, concurrency: requests.concurrency, rate: requests.rate, burst: requests.burst,
                             timeout: .seconds(requests.timeout), trust: trust.trust(), appStoreConnect: appStoreConnect.key)
    }

    func run() throws {
        ProgressLine.unblockInterrupts()
        let soFar = RoundSoFar()
        // The board has keys and signals of its own; in lines they are watched from the start,
        // so that a run stopped while a template is read says so too.
        let early = showsBoard ? nil : linesOutput(soFar)
        // From here on every outcome is a report: one JSON document, or markdown saying what failed.
        let wired = Wiring.preflight(plan)
        for note in wired.notes { Self.say(note) }
        let base: PreflightInput, round: PreflightRound
        do { (round, base) = try wired.built.get() } catch {
            let report = PreflightReport.unfinished(now: plan.clock.now, error: "\(error)")
            return try Self.ending(early?.interrupts) { try stop(report) }
        }
        let choice = plan.evaluation.storefronts
        if showsBoard { try runBoard(round, choice: choice, base: base) }
        let (bar, interrupts) = early ?? linesOutput(soFar)
        let lines = PreflightLines(round: round, choice: choice, interval: watch ? interval : nil, clock: plan.clock, soFar: soFar)
        let ending = lines.run(base, note: { note in
            switch note {
            case .warning(let text): Output.warning(text)
            case .status(let line): Output.write(line + "\n", to: STDERR_FILENO)
            }
        }, progress: bar.show, roundEnded: bar.clear)
        try Self.ending(interrupts) {
            switch ending {
            case .unfinished(let report): try stop(report)
            case .report(let report): try finish(report)
            case .safe(let report):
                Output.line(render(report))
                Output.line("safe to force now")
            }
        }
    }

    /// What building the round had to say, on standard error.
    private static func say(_ note: Wiring.Note) {
        switch note {
        case .warning(let text): Output.warning(text)
        case .note(let text): Output.write("note: \(text)\n", to: STDERR_FILENO)
        }
    }

    /// The progress bar of the lines, and the watch that makes SIGINT and SIGTERM print the
    /// report of what was answered so far, marked partial, and exit 128 + the signal (docs/10).
    private func linesOutput(_ soFar: RoundSoFar) -> (bar: ProgressLine, interrupts: InterruptWatch?) {
        let bar = ProgressLine(writingUnescaped: { Output.writeUnescaped($0, to: STDERR_FILENO) })
        let clock = plan.clock, format = format
        let interrupts = InterruptWatch(ending: { CommandLineRule.endNow(status: $0) }) { signal in
            bar.clear()
            Output.line(format.render(soFar.report(stopped: signal, now: clock.now)))
        }
        return (bar, interrupts)
    }

    /// Runs the run's own ending, unless a signal's report has begun.
    private static func ending(_ interrupts: InterruptWatch?, _ body: () throws -> Void) throws {
        guard let interrupts else { return try body() }
        try interrupts.finish(body)
    }

    /// The report's status (`PreflightReport.status`): 3, 1, 4 ("not yet") or 0.
    private func finish(_ report: PreflightReport) throws {
        Output.line(render(report))
        let status = report.status(strict: strict)
        if status != 0 { throw CommandExit(status: status) }
    }

    /// A run that could not finish: the report says why on stdout (JSON and markdown), the
    /// error goes to stderr as every command's does, and the status is 1.
    func stop(_ report: PreflightReport) throws {
        if format != .text { Output.line(render(report)) }
        throw CommandExit.unusable(report.error ?? "preflight could not finish")
    }

    func render(_ report: PreflightReport) -> String { format.render(report) }
}

/// `preflight --format`.
enum PreflightFormat: String, ExpressibleByArgument, CaseIterable {
    case text, json, markdown

    func render(_ report: PreflightReport) -> String {
        switch self {
        case .text: report.text
        case .json: report.json.serialized()
        case .markdown: report.markdown
        }
    }
}
