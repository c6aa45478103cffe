import ArgumentParser
import CTerminalSupport
import FoundationEssentials
import Glibc
import Synchronization
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
            Exit status: 0 no dead end, 3 at least one dead end (with --strict: any finding), \
            1 could not run, 64 usage error. --watch asks again until nothing blocks, then \
            prints "safe to force now" and exits 0.
            """
    )

    static let deadEndStatus: Int32 = 3

    @OptionGroup var inputs: PreflightOptions

    @OptionGroup var trust: TrustOptions

    @Option(help: "The App Store lookup; the path form /{cc}/lookup is derived from it.") var lookupUrl = "https://itunes.apple.com/lookup"

    @Option(help: "Requests in flight at once.") var concurrency = 4

    @Option(help: "Seconds one request may take.") var timeout = 5.0

    @Option(help: "Requests per minute (Apple documents about 20 for its search API).") var rate = 20

    @Option(help: "text, json or markdown.") var format: PreflightFormat = .text

    @Flag(help: "Exit 3 for any finding, not only dead ends.") var strict = false

    @Flag(help: "Ask again until nothing blocks, then print \"safe to force now\" and exit 0.") var watch = false

    @Option(help: "Seconds between rounds of --watch.") var interval = 300.0

    @Flag(help: "With --watch on a terminal: print a line a round instead of the storefront board.") var noBoard = false

    @Option(help: "The storefront board's theme: a built-in name or a theme file's path (as for run).") var theme: String?

    func validate() throws {
        guard (1...64).contains(concurrency) else { throw ValidationError("--concurrency must be between 1 and 64") }
        guard (1...100_000).contains(rate) else { throw ValidationError("--rate must be between 1 and 100000 requests a minute") }
        guard timeout > 0, timeout <= 600 else { throw ValidationError("--timeout must be more than 0 and at most 600 seconds") }
        guard interval > 0, interval <= 86_400 else { throw ValidationError("--interval must be more than 0 and at most 86400 seconds") }
        guard !(watch && inputs.now != nil) else { throw ValidationError("--watch reads the real clock: a fixed --now would never let a release age") }
    }

    func run() throws {
        // A parent may pass these on blocked (test runners do); Ctrl-C must still stop a long run.
        var interrupts = sigset_t()
        sigemptyset(&interrupts)
        for signalNumber in [SIGINT, SIGTERM, SIGHUP] { sigaddset(&interrupts, signalNumber) }
        pthread_sigmask(SIG_UNBLOCK, &interrupts, nil)
        let limit = Duration.milliseconds(Int64(timeout * 1000))
        let certificates = trust.trust()
        let layers = try inputs.policyLayers(timeout: limit, trust: certificates)
        let lookups: StorefrontLookups
        do {
            lookups = try StorefrontLookups(lookupURL: lookupUrl, timeout: limit, concurrency: concurrency, ratePerMinute: rate,
                                            trust: certificates)
        } catch {
            throw CLIError(error.message)
        }
        let requests = StorefrontLookups.requests(storefronts: try inputs.storefronts(), keys: inputs.keys)
        let installed = try inputs.installedGroups()
        if showsBoard { try runBoard(lookups: lookups, requests: requests, layers: layers, installed: installed) }
        while true {
            let report = try round(lookups: lookups, requests: requests, layers: layers, installed: installed)
            guard watch else { return try finish(report) }
            switch report.watchStep {
            case .safe:
                print(render(report))
                print("safe to force now")
                return
            case .stuck:
                return try finish(report)
            case .waiting(let why):
                // On stderr: stdout carries only the final report, which may be JSON.
                let seconds = interval == interval.rounded() ? "\(Int(interval))" : "\(interval)"
                writeStandardError("\(ISO8601.format(Date())) waiting: \(why); asking again in \(seconds) s\n")
                MonotonicPace().sleep(for: .milliseconds(Int64(interval * 1000)))
            }
        }
    }

    /// The board replaces the lines of `--watch` when a person watches: text on a terminal.
    private var showsBoard: Bool {
        watch && !noBoard && format == .text && isatty(STDIN_FILENO) == 1 && isatty(STDOUT_FILENO) == 1
    }

    /// `--watch` as the storefront board; its final report goes to the normal screen, so that
    /// it stays in the scrollback. Ends the process with the board's status, or returns when the
    /// terminal cannot show the board (the lines follow).
    private func runBoard(lookups: StorefrontLookups, requests: [LookupRequest], layers: [PolicyLayer], installed: [InstalledGroup]?) throws {
        let input = try inputs.input(answers: [], layers: layers, installed: installed)
        // The policy's versions are checked once, before the screen is taken.
        do { _ = try input.evaluate() } catch { throw CLIError(error.description) }
        let app = [inputs.appId.map { "id \($0)" }, inputs.bundleId.map { "bundleId \($0)" }].compactMap { $0 }.joined(separator: ", ")
        let runner = BoardRunner(state: BoardState(input: input, app: app), theme: try ThemeChoice.resolve(theme), requests: requests,
                                 interval: .milliseconds(Int64(interval * 1000)), strict: strict) { requests, post in
            _ = try? lookups.ask(requests, each: { request, result in
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
            writeStandardError("no storefront board: \(reason); a line a round instead\n")
            return
        }
        let status: Int32
        switch ending {
        case .nothingBlocks:
            print(state.report.map(render) ?? "")
            print("safe to force now")
            status = 0
        case .stuck:
            print(state.report.map(render) ?? "")
            status = Self.deadEndStatus
        case .quit(let quitStatus):
            if let report = state.report { print(render(report)) }
            if let missing = state.withoutAnswer { writeStandardError("quit with \(missing)\n") }
            status = quitStatus
        case .signal(let signalStatus):
            status = signalStatus
        }
        // A round may still wait on a slow storefront: end now, the terminal restored and the report out.
        fflush(nil)
        _exit(status)
    }

    private func round(lookups: StorefrontLookups, requests: [LookupRequest], layers: [PolicyLayer],
                       installed: [InstalledGroup]?) throws -> PreflightReport {
        let bar = ProgressLine(enabled: isatty(STDERR_FILENO) == 1)
        defer { bar.clear() }
        let answers: [LookupAnswer]
        do {
            answers = try lookups.ask(requests, progress: { done, total in bar.show(done: done, total: total) })
        } catch {
            throw CLIError(error.message)
        }
        do { return try inputs.input(answers: answers, layers: layers, installed: installed).evaluate() } catch let error as PreflightError {
            throw CLIError(error.description)
        }
    }

    private func finish(_ report: PreflightReport) throws {
        print(render(report))
        if report.hasDeadEnd || (strict && !report.findings.isEmpty) { throw ExitCode(Self.deadEndStatus) }
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

/// The progress bar on a terminal's stderr; nothing at all when stderr is not a terminal.
private final class ProgressLine: Sendable {
    private let enabled: Bool
    private let start = MonotonicPace().now
    private let lock = Mutex(())

    init(enabled: Bool) {
        self.enabled = enabled
        guard enabled else { return }
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

    func show(done: Int, total: Int) {
        var rows: Int32 = 0, columns: Int32 = 0
        let width = toaster_terminal_size(STDERR_FILENO, &rows, &columns) == 0 ? Int(columns) : 80
        write("\r\u{1B}[2K" + PreflightProgress.line(done: done, total: total, elapsed: MonotonicPace().now - start, width: width))
    }

    func clear() { write("\r\u{1B}[2K") }

    private func write(_ text: String) {
        guard enabled else { return }
        lock.withLock { _ in writeStandardError(text) }
    }
}

/// One `write` to stderr, unbuffered, so that a bar and the report never interleave mid-line.
private func writeStandardError(_ text: String) {
    let bytes = Array(text.utf8)
    var sent = 0
    while sent < bytes.count {
        let count = bytes[sent...].withUnsafeBytes { Glibc.write(STDERR_FILENO, $0.baseAddress, $0.count) }
        if count < 0, errno == EINTR { continue }
        if count <= 0 { return }
        sent += count
    }
}
