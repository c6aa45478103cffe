import ArgumentParser
import CTerminalSupport
import FoundationEssentials
import Glibc
import Synchronization
import ToasterCore
import ToasterServices

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

    @OptionGroup(title: "App Store Connect") var appStoreConnect: AppStoreConnectOptions

    @Option(help: "The App Store lookup; the path form /{cc}/lookup is derived from it.") var lookupUrl = "https://itunes.apple.com/lookup"

    @Option(help: "Requests in flight at once.") var concurrency = 4

    @Option(help: "Seconds one request may take.") var timeout = 5.0

    @Option(help: "Requests per minute (Apple documents about 20 for its search API).") var rate = 20

    @Option(help: "text, json or markdown.") var format: PreflightFormat = .text

    @Flag(help: "Exit 3 for any finding, not only dead ends.") var strict = false

    @Flag(help: "Ask again until nothing blocks, then print \"safe to force now\" and exit 0.") var watch = false

    @Option(help: "Seconds between rounds of --watch.") var interval = 300.0

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
        let connect = try appStoreConnect.client(timeout: limit, trust: certificates)
        let installed = try inputs.installedGroups()
        while true {
            let facts = try askAppStoreConnect(connect)
            let report = try round(lookups: lookups, storefronts: try storefronts(facts), facts: facts, layers: layers, installed: installed)
            guard watch else { return try finish(report) }
            switch report.watchStep {
            case .safe:
                print(render(report))
                print("safe to force now")
                return
            case .stuck:
                return try finish(report)
            case .stuckUntilReleased(let why):
                writeStandardError("\(ISO8601.format(Date())) stuck until released: \(why) Asking again in \(intervalText) s\n")
                MonotonicPace().sleep(for: .milliseconds(Int64(interval * 1000)))
            case .waiting(let why):
                // On stderr: stdout carries only the final report, which may be JSON.
                writeStandardError("\(ISO8601.format(Date())) waiting: \(why); asking again in \(intervalText) s\n")
                MonotonicPace().sleep(for: .milliseconds(Int64(interval * 1000)))
            }
        }
    }

    private var intervalText: String { interval == interval.rounded() ? "\(Int(interval))" : "\(interval)" }

    /// What App Store Connect knows, asked again each round (a version's state changes on release).
    private func askAppStoreConnect(_ client: AppStoreConnectClient?) throws -> AppStoreConnectFacts? {
        do { return try client?.facts(appID: inputs.appId, bundleID: inputs.bundleId) } catch { throw CLIError(error.message) }
    }

    /// The storefronts to ask: with `--countries all` and App Store Connect's facts, only those
    /// where the app is available, saying how many are left out.
    private func storefronts(_ facts: AppStoreConnectFacts?) throws -> [String] {
        let named = try inputs.storefronts()
        guard let facts, inputs.countries.lowercased() == "all" else { return named }
        let available = named.filter(facts.availableStorefronts.contains)
        if available.count < named.count {
            printWarning("App Store Connect: the app is not available in \(named.count - available.count) of \(named.count) storefronts; "
                         + "only the \(available.count) where it is are asked")
        }
        return available
    }

    private func round(lookups: StorefrontLookups, storefronts: [String], facts: AppStoreConnectFacts?, layers: [PolicyLayer],
                       installed: [InstalledGroup]?) throws -> PreflightReport {
        let requests = StorefrontLookups.requests(storefronts: storefronts, keys: inputs.keys)
        let bar = ProgressLine(enabled: isatty(STDERR_FILENO) == 1)
        defer { bar.clear() }
        let answers: [LookupAnswer]
        do {
            answers = try lookups.ask(requests) { done, total in bar.show(done: done, total: total) }
        } catch {
            throw CLIError(error.message)
        }
        do {
            var input = try inputs.input(answers: answers, layers: layers, installed: installed)
            input.storefronts = storefronts
            input.appStoreConnect = facts
            return try input.evaluate()
        } catch let error as PreflightError {
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
