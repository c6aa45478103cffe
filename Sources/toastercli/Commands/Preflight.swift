import ArgumentParser
import FoundationEssentials
import Glibc
import Synchronization
import ToasterCore
import ToasterFiles
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

    @Option(help: "The App Store id to look up.")
    var appId: String?

    @Option(help: "The bundle id to look up (with --app-id, both are asked and compared).")
    var bundleId: String?

    @Option(help: "Storefronts, e.g. kr,us,jp, or all.")
    var countries = "kr"

    @Option(help: "The minimum required version about to be published.")
    var minRequiredVersion: String?

    @Option(help: ArgumentHelp("A Remote Config fetch answer (same keys as --source remote-config).", valueName: "file|url"))
    var remoteConfig: String?

    @Option(help: ArgumentHelp("The CMS force-update object (key from TOASTER_CMS_API_KEY).", valueName: "file|url"))
    var cms: String?

    @Option(help: ArgumentHelp("A toaster-server policy file: the app's minRequiredVersion and forced object.", valueName: "file"))
    var policy: String?

    @Option(help: "Rules per update kind, as for run and check.")
    var rules: String?

    @Option(help: ArgumentHelp("The installed base: a CSV with the header version,users and optionally os.", valueName: "file"))
    var installed: String?

    @Option(help: "Installed versions, e.g. 1.0.0,1.9.0 (without users).")
    var installedVersions: String?

    @Option(help: "The App Store lookup; the path form /{cc}/lookup is derived from it.")
    var lookupUrl = "https://itunes.apple.com/lookup"

    @Option(help: "Fix the clock to this ISO 8601 instant (not with --watch).")
    var now: String?

    @Option(help: "Hours a release must be out before forcing it is safe.")
    var minReleaseAge = 24.0

    @Option(help: "Seconds one request may take.")
    var timeout = 5.0

    @Option(help: "Requests in flight at once.")
    var concurrency = 4

    @Option(help: "Requests per minute (Apple documents about 20 for its search API).")
    var rate = 20

    @Option(help: "text, json or markdown.")
    var format: PreflightFormat = .text

    @Flag(help: "Exit 3 for any finding, not only dead ends.")
    var strict = false

    @Flag(help: "Ask again until nothing blocks, then print \"safe to force now\" and exit 0.")
    var watch = false

    @Option(help: "Seconds between rounds of --watch.")
    var interval = 300.0

    func validate() throws {
        guard appId != nil || bundleId != nil else { throw ValidationError("give --app-id, --bundle-id or both") }
        guard installed == nil || installedVersions == nil else { throw ValidationError("give --installed or --installed-versions, not both") }
        guard (1...64).contains(concurrency) else { throw ValidationError("--concurrency must be between 1 and 64") }
        guard (1...100_000).contains(rate) else { throw ValidationError("--rate must be between 1 and 100000 requests a minute") }
        guard timeout > 0, timeout <= 600 else { throw ValidationError("--timeout must be more than 0 and at most 600 seconds") }
        guard minReleaseAge >= 0, minReleaseAge <= 8760 else { throw ValidationError("--min-release-age must be between 0 and 8760 hours") }
        guard interval > 0, interval <= 86_400 else { throw ValidationError("--interval must be more than 0 and at most 86400 seconds") }
        guard !(watch && now != nil) else { throw ValidationError("--watch reads the real clock: a fixed --now would never let a release age") }
        if let now, ISO8601.parse(now) == nil {
            throw ValidationError("--now \"\(now)\" is not an ISO 8601 instant such as 2026-11-22T09:00:00Z")
        }
        _ = try storefronts()
        _ = try parsedRules()
    }

    private func storefronts() throws -> [String] {
        if countries.lowercased() == "all" { return AppStoreStorefronts.all }
        let codes = countries.split(separator: ",", omittingEmptySubsequences: false).map { String($0.trimmingWhitespace()).lowercased() }
        for code in codes where !AppStoreStorefronts.all.contains(code) {
            throw ValidationError("--countries: \"\(code)\" is not an App Store storefront (two-letter codes such as kr, us, jp, or all)")
        }
        return codes.reduce(into: []) { if !$0.contains($1) { $0.append($1) } }
    }

    private func parsedRules() throws -> UpdateRules {
        do { return try rules.map { text throws(RulesError) in try UpdateRules(parsing: text) } ?? .seed } catch {
            throw ValidationError("--rules: \(error)")
        }
    }

    func run() throws {
        let limit = Duration.milliseconds(Int64(timeout * 1000))
        let layers: [PolicyLayer]
        let lookups: StorefrontLookups
        do {
            layers = try policyLayers(timeout: limit)
            lookups = try StorefrontLookups(lookupURL: lookupUrl, timeout: limit, concurrency: concurrency, ratePerMinute: rate)
        } catch let error as SourceError {
            throw CLIError(error.message)
        }
        let keys = [appId.map(LookupRequest.Key.id), bundleId.map(LookupRequest.Key.bundleID)].compactMap { $0 }
        let requests = StorefrontLookups.requests(storefronts: try storefronts(), keys: keys)
        let installedBase = try installedGroups()
        while true {
            let report = try round(lookups: lookups, requests: requests, layers: layers, installed: installedBase)
            guard watch else { return try finish(report) }
            let waitingHelps = report.blocksUntilStoreCatchesUp
            let stuck = report.findings.contains { $0.severity == .deadEnd && !$0.kind.endsByWaiting }
            if stuck || !waitingHelps {
                if !stuck { print(Self.render(report, format)); print("safe to force now"); return }
                return try finish(report)
            }
            // On stderr: stdout carries only the final report, which may be JSON.
            let waiting = report.findings.filter(\.kind.endsByWaiting).map { "\($0.kind.rawValue) in \($0.storefrontList)" }
            let line = "\(ISO8601.format(Date())) waiting: \(waiting.joined(separator: "; ")); asking again in \(Self.seconds(interval))\n"
            writeStandardError(line)
            MonotonicPace().sleep(for: .milliseconds(Int64(interval * 1000)))
        }
    }

    private func round(lookups: StorefrontLookups, requests: [LookupRequest], layers: [PolicyLayer],
                       installed: [InstalledGroup]?) throws -> PreflightReport {
        let bar = ProgressLine(enabled: isatty(STDERR_FILENO) == 1)
        let answers: [LookupAnswer]
        do {
            answers = try lookups.ask(requests) { done, total in bar.show(done: done, total: total) }
        } catch {
            bar.clear()
            throw CLIError(error.message)
        }
        bar.clear()
        let clock: Date = now.flatMap(ISO8601.parse) ?? Date()
        let input = PreflightInput(storefronts: try storefronts(), answers: answers, layers: layers, installed: installed,
                                   rules: try parsedRules(), appID: appId, now: clock,
                                   minimumReleaseAge: .seconds(Int64(minReleaseAge * 3600)))
        do { return try input.evaluate() } catch { throw CLIError(error.description) }
    }

    private func finish(_ report: PreflightReport) throws {
        print(Self.render(report, format))
        if report.hasDeadEnd || (strict && !report.findings.isEmpty) { throw ExitCode(Self.deadEndStatus) }
    }

    private static func render(_ report: PreflightReport, _ format: PreflightFormat) -> String {
        switch format {
        case .text: report.text
        case .json: report.json.serialized()
        case .markdown: report.markdown
        }
    }

    private static func seconds(_ value: Double) -> String {
        value == value.rounded() ? "\(Int(value)) s" : "\(value) s"
    }

    private func policyLayers(timeout: Duration) throws -> [PolicyLayer] {
        var layers: [PolicyLayer] = []
        if let minRequiredVersion {
            do { _ = try Version(minRequiredVersion) } catch { throw CLIError("--min-required-version: \(error)") }
            layers.append(PolicyLayer(name: "--min-required-version", policy: UpdatePolicy(minimumRequiredVersion: minRequiredVersion)))
        }
        if let remoteConfig {
            layers.append(try PublishedPolicy.remoteConfig(remoteConfig, appID: appId ?? bundleId ?? "", timeout: timeout))
        }
        if let cms {
            layers.append(try PublishedPolicy.cms(cms, apiKey: Environment.value("TOASTER_CMS_API_KEY"), timeout: timeout))
        }
        if let policy {
            layers += try PublishedPolicy.serverPolicy(policy, appID: appId, bundleID: bundleId)
        }
        return layers
    }

    private func installedGroups() throws -> [InstalledGroup]? {
        if let installedVersions {
            return try installedVersions.split(separator: ",", omittingEmptySubsequences: false).map { item in
                let text = String(item.trimmingWhitespace())
                do { _ = try Version(text) } catch { throw CLIError("--installed-versions: \(error)") }
                return InstalledGroup(version: text)
            }
        }
        guard let installed else { return nil }
        let data: Data
        do { data = try BoundedFile.read(installed, limit: 4 << 20) } catch { throw CLIError("--installed: \(error.description)") }
        guard let text = String(validating: data, as: UTF8.self) else { throw CLIError("--installed \(installed): the file is not UTF-8 text") }
        do { return try InstalledBase.parse(csv: text) } catch { throw CLIError("--installed \(installed): \(error)") }
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

    init(enabled: Bool) { self.enabled = enabled }

    func show(done: Int, total: Int) {
        write("\r\u{1B}[2K" + PreflightProgress.line(done: done, total: total, elapsed: MonotonicPace().now - start))
    }

    func clear() { write("\r\u{1B}[2K") }

    private func write(_ text: String) {
        guard enabled else { return }
        lock.withLock { _ in writeStandardError(text) }
    }
}

/// One `write` to stderr, unbuffered, so that a bar and the report never interleave mid-line.
private func writeStandardError(_ text: String) {
    var bytes = Array(text.utf8)
    var sent = 0
    while sent < bytes.count {
        let count = bytes[sent...].withUnsafeMutableBytes { Glibc.write(STDERR_FILENO, $0.baseAddress, $0.count) }
        if count < 0, errno == EINTR { continue }
        if count <= 0 { return }
        sent += count
    }
}
