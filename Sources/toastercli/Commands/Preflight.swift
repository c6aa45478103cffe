import ArgumentParser
import CTerminalSupport
import FoundationEssentials
import Glibc
import Synchronization
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
            else 0; 64 usage error. --watch asks again until nothing blocks, then prints \
            "safe to force now" and exits 0.
            """
    )

    static let deadEndStatus: Int32 = 3

    @OptionGroup var inputs: PreflightOptions

    @OptionGroup var trust: TrustOptions

    @OptionGroup(title: "App Store Connect") var appStoreConnect: AppStoreConnectOptions

    @Option(help: "The App Store lookup (http or https, ending in /lookup); the path form /{cc}/lookup is derived from it.")
    var lookupUrl = "https://itunes.apple.com/lookup"

    // Numbers parsed unconditionally: `-1` is a value validate() refuses with its range, not a flag.
    @Option(parsing: .unconditional, help: "Requests in flight at once.") var concurrency = 4

    @Option(parsing: .unconditional, help: "Seconds one request may take.") var timeout = 5.0

    @Option(parsing: .unconditional, help: "Requests per minute (Apple documents about 20 for its search API).") var rate = 20

    @Option(parsing: .unconditional, help: ArgumentHelp("Requests that may start at once before the rate paces them (default: the rate).", valueName: "n"))
    var burst: Int?

    @Option(help: "text, json or markdown.") var format: PreflightFormat = .text

    @Flag(help: "Exit 3 for any finding (an unanswered storefront too), not only dead ends.") var strict = false

    @Flag(help: "Ask again until nothing blocks, then print \"safe to force now\" and exit 0.") var watch = false

    @Option(parsing: .unconditional, help: "Seconds between rounds of --watch.") var interval = 300.0

    @Flag(help: "With --watch on a terminal: print a line a round instead of the storefront board.") var noBoard = false

    @Option(help: "The storefront board's theme: a built-in name or a theme file's path (as for run).") var theme: String?

    func validate() throws {
        try OptionRange.check(concurrency, within: 1...64, "--concurrency", unit: "requests")
        try OptionRange.check(rate, within: 1...100_000, "--rate", unit: "requests a minute")
        if let burst { try OptionRange.check(burst, within: 1...100_000, "--burst", unit: "requests") }
        try OptionRange.check(timeout, above: 0, atMost: 600, "--timeout", unit: "seconds")
        try OptionRange.check(interval, above: 0, atMost: 86_400, "--interval", unit: "seconds")
        guard !(watch && inputs.now != nil) else { throw ValidationError("--watch reads the real clock: a fixed --now would never let a release age") }
        if let problem = StorefrontLookups.problem(lookupURL: lookupUrl) { throw ValidationError("--lookup-url \"\(lookupUrl)\" \(problem)") }
    }

    func run() throws {
        // A parent may pass these on blocked (test runners do); Ctrl-C must still stop a long run.
        var interrupts = sigset_t()
        sigemptyset(&interrupts)
        for signalNumber in [SIGINT, SIGTERM, SIGHUP] { sigaddset(&interrupts, signalNumber) }
        pthread_sigmask(SIG_UNBLOCK, &interrupts, nil)
        let limit = Duration.milliseconds(Int64(timeout * 1000))
        let certificates = trust.trust()
        // From here on every outcome is a report: one JSON document, or markdown saying what failed.
        let layers: [PolicyLayer], installed: [InstalledGroup]?, lookups: StorefrontLookups, connect: AppStoreConnectClient?
        do {
            layers = try inputs.policyLayers(timeout: limit, trust: certificates)
            let base = try inputs.installedGroups()
            installed = base.groups
            if let file = inputs.installed, !base.ignored.isEmpty {
                let names = base.ignored.map { "\"\($0)\"" }.joined(separator: ", ")
                Output.write("note: --installed \(file): ignoring the column\(base.ignored.count == 1 ? "" : "s") \(names) "
                             + "(preflight reads the version, users and os columns)\n", to: STDERR_FILENO)
            }
            try inputs.input(answers: [], layers: layers, installed: installed).checkPolicyVersions()
            lookups = try StorefrontLookups(lookupURL: lookupUrl, timeout: limit, concurrency: concurrency, ratePerMinute: rate, burst: burst,
                                            trust: certificates)
            connect = try appStoreConnect.client(timeout: limit, trust: certificates)
        } catch {
            return try stop(.unfinished(now: inputs.clock, error: "\(error)"))
        }
        if showsBoard {
            let facts: AppStoreConnectFacts?
            do { facts = try connect?.facts(appID: inputs.appId, bundleID: inputs.bundleId) } catch {
                return try stop(.unfinished(now: inputs.clock, error: error.message))
            }
            try runBoard(lookups: lookups, connect: connect, storefronts: try storefronts(facts), facts: facts, layers: layers,
                         installed: installed)
        }
        // The storefronts left out are said once, not every round.
        var warnsOfUnavailable = true
        while true {
            // App Store Connect first, each round: a version's state changes when someone releases it.
            let facts: AppStoreConnectFacts?
            do { facts = try connect?.facts(appID: inputs.appId, bundleID: inputs.bundleId) } catch {
                return try stop(.unfinished(now: inputs.clock, error: error.message))
            }
            let asked = try storefronts(facts, warning: warnsOfUnavailable)
            warnsOfUnavailable = false
            let report = round(lookups: lookups, storefronts: asked, facts: facts, layers: layers, installed: installed)
            guard report.error == nil else { return try stop(report) }
            guard watch else { return try finish(report) }
            switch report.watchStep {
            case .safe:
                Output.line(render(report))
                Output.line("safe to force now")
                return
            case .stuck:
                return try finish(report)
            case .stuckUntilReleased(let why):
                Output.write("\(ISO8601.format(Date())) stuck until released: \(why) Asking again in \(intervalText) s\n", to: STDERR_FILENO)
                MonotonicPace().sleep(for: .milliseconds(Int64(interval * 1000)))
            case .waiting(let why):
                // On stderr: stdout carries only the final report, which may be JSON.
                Output.write("\(ISO8601.format(Date())) waiting: \(why); asking again in \(intervalText) s\n", to: STDERR_FILENO)
                MonotonicPace().sleep(for: .milliseconds(Int64(interval * 1000)))
            }
        }
    }

    private var intervalText: String { interval == interval.rounded() ? "\(Int(interval))" : "\(interval)" }

    /// The storefronts to ask: with `--countries all` and App Store Connect's facts, only those
    /// where the app is available, saying how many are left out (with `warning`).
    private func storefronts(_ facts: AppStoreConnectFacts?, warning: Bool = true) throws -> [String] {
        let named = try inputs.storefronts()
        guard let facts, inputs.countries.lowercased() == "all" else { return named }
        let available = named.filter(facts.availableStorefronts.contains)
        if warning, available.count < named.count {
            Output.warning("App Store Connect: the app is not available in \(named.count - available.count) of \(named.count) storefronts; "
                           + "only the \(available.count) where it is are asked")
        }
        return available
    }

    /// The board replaces the lines of `--watch` when a person watches: text on a terminal.
    private var showsBoard: Bool {
        watch && !noBoard && format == .text && isatty(STDIN_FILENO) == 1 && isatty(STDOUT_FILENO) == 1
    }

    /// `--watch` as the storefront board; its final report goes to the normal screen, so that
    /// it stays in the scrollback. Each round reads App Store Connect again before the lookups,
    /// as the lines do: a version's state changes when someone releases it. Ends the process
    /// with the board's status, or returns when the terminal cannot show the board (the lines follow).
    private func runBoard(lookups: StorefrontLookups, connect: AppStoreConnectClient?, storefronts: [String], facts: AppStoreConnectFacts?,
                          layers: [PolicyLayer], installed: [InstalledGroup]?) throws {
        // The policy's versions were checked before the lookups began.
        var input = try inputs.input(answers: [], layers: layers, installed: installed)
        input.storefronts = storefronts
        input.appStoreConnect = facts
        let requests = StorefrontLookups.requests(storefronts: storefronts, keys: inputs.keys)
        let app = [inputs.appId.map { "id \($0)" }, inputs.bundleId.map { "bundleId \($0)" }].compactMap { $0 }.joined(separator: ", ")
        // The first round uses the facts that chose the storefronts, read a moment ago.
        let unused = Mutex(facts)
        let appID = inputs.appId, bundleID = inputs.bundleId
        let runner = BoardRunner(state: BoardState(input: input, app: app), theme: try ThemeChoice.resolve(theme), requests: requests,
                                 interval: .milliseconds(Int64(interval * 1000)), strict: strict) { requests, post in
            if let connect {
                if let fresh = unused.withLock({ facts in defer { facts = nil }; return facts }) {
                    post(.appStoreConnect(fresh))
                } else {
                    do throws(SourceError) { post(.appStoreConnect(try connect.facts(appID: appID, bundleID: bundleID))) } catch {
                        post(.appStoreConnectFailed(reason: error.message))
                    }
                }
            }
            _ = lookups.ask(requests, each: { request, result in
                switch result {
                case .success(let answer): post(.answered(answer))
                case .failure(let error): post(.failed(request, reason: error.message))
                }
            })
        }
        let (ending, state): (BoardRunner.Ending, BoardState)
        do {
            (ending, state) = try runner.run()
        } catch {
            let reason = switch error {
            case .dumbTerminal: "TERM is unset or \"dumb\""
            case .unknownTerminal(let name): "the terminal type \"\(name)\" is not in the terminfo database"
            default: error.description
            }
            Output.write("no storefront board: \(reason); a line a round instead\n", to: STDERR_FILENO)
            return
        }
        let status: Int32
        switch ending {
        case .nothingBlocks:
            Output.line(state.report.map(render) ?? "")
            Output.line("safe to force now")
            status = 0
        case .stuck:
            Output.line(state.report.map(render) ?? "")
            status = Self.deadEndStatus
        case .quit(let quitStatus):
            if state.report != nil, let report = state.quitReport { Output.line(render(report)) }
            if let missing = state.withoutAnswer { Output.write("quit with \(missing)\n", to: STDERR_FILENO) }
            status = quitStatus
        case .signal(let signalStatus):
            status = signalStatus
        }
        // A round may still wait on a slow storefront: end now, the terminal restored and the report out.
        fflush(nil)
        _exit(status)
    }

    private func round(lookups: StorefrontLookups, storefronts: [String], facts: AppStoreConnectFacts?, layers: [PolicyLayer],
                       installed: [InstalledGroup]?) -> PreflightReport {
        let requests = StorefrontLookups.requests(storefronts: storefronts, keys: inputs.keys)
        let bar = ProgressLine(onTerminal: isatty(STDERR_FILENO) == 1)
        let found = lookups.ask(requests, progress: { done, total in bar.show(done: done, total: total, paced: lookups.limiter.timeToStart(total - done)) })
        bar.clear()
        do {
            var input = try inputs.input(answers: found.answers, layers: layers, installed: installed)
            input.unanswered = found.unanswered
            input.storefronts = storefronts
            input.appStoreConnect = facts
            return try input.evaluate()
        } catch {
            return .unfinished(now: inputs.clock, error: "\(error)")
        }
    }

    /// Exit status 3 for a dead end (with --strict, any finding), else 1 when a storefront
    /// never answered, else 0.
    private func finish(_ report: PreflightReport) throws {
        Output.line(render(report))
        if report.hasDeadEnd || (strict && !report.findings.isEmpty) { throw ExitCode(Self.deadEndStatus) }
        if report.hasUnanswered { throw ExitCode.failure }
    }

    /// A run that could not finish: the report says why on stdout (JSON and markdown), the
    /// error goes to stderr as every command's does, and the status is 1.
    private func stop(_ report: PreflightReport) throws {
        if format != .text { Output.line(render(report)) }
        Output.write("Error: \(report.error ?? "preflight could not finish")\n", to: STDERR_FILENO)
        throw ExitCode.failure
    }

    private func render(_ report: PreflightReport) -> String {
        switch format {
        case .text: report.text
        case .json: report.json.serialized()
        case .markdown: report.markdown
        }
    }
}

/// `preflight --format`.
enum PreflightFormat: String, ExpressibleByArgument, CaseIterable {
    case text, json, markdown
}

/// Progress on stderr: a bar redrawn in place on a terminal; otherwise (a CI log) one plain
/// line at most every `plainEvery`, so that a long run shows it is alive without flooding the log.
private final class ProgressLine: Sendable {
    static let plainEvery: Duration = .seconds(30)

    private let onTerminal: Bool
    private let start = MonotonicPace().now
    private let lastPlain: Mutex<Duration>

    init(onTerminal: Bool) {
        self.onTerminal = onTerminal
        lastPlain = Mutex(start)
        guard onTerminal else { return }
        // Ctrl-C, or a kill, while the bar is up: clear it, then end as the signal would.
        for signalNumber in [SIGINT, SIGTERM, SIGHUP] {
            signal(signalNumber) { received in
                let clear: StaticString = "\r\u{1B}[2K"
                _ = Glibc.write(STDERR_FILENO, clear.utf8Start, clear.utf8CodeUnitCount)
                signal(received, SIG_DFL)
                raise(received)
            }
        }
    }

    func show(done: Int, total: Int, paced: Duration) {
        let now = MonotonicPace().now
        if onTerminal {
            var rows: Int32 = 0, columns: Int32 = 0
            let width = toaster_terminal_size(STDERR_FILENO, &rows, &columns) == 0 ? Int(columns) : 80
            lastPlain.withLock { _ in
                Output.writeUnescaped("\r\u{1B}[2K" + PreflightProgress.line(done: done, total: total, elapsed: now - start, paced: paced, width: width),
                                      to: STDERR_FILENO)
            }
            return
        }
        lastPlain.withLock { last in
            guard done < total, now - last >= Self.plainEvery else { return }
            last = now
            Output.write("preflight: \(done)/\(total) requests, \(PreflightProgress.left(done: done, total: total, elapsed: now - start, paced: paced))\n",
                         to: STDERR_FILENO)
        }
    }

    func clear() {
        guard onTerminal else { return }
        lastPlain.withLock { _ in Output.writeUnescaped("\r\u{1B}[2K", to: STDERR_FILENO) }
    }
}
