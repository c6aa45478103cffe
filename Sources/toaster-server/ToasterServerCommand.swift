import ArgumentParser
import FoundationEssentials
import Logging
import ToasterCommandLine
import ToasterCore
import ToasterFiles
import ToasterPolicy
import ToasterServer
import ToasterWire

/// `toaster-server`: the version-check service a team runs for QA and demos.
@main
struct ToasterServerCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "toaster-server",
        abstract: "Serve App Store lookup, Remote Config and CMS answers from one policy file.",
        discussion: "SIGHUP reloads the policy file; an invalid file leaves the served policy unchanged.",
        version: "0.1.0"
    )

    /// ArgumentParser's `main()`, with the rule for statuses and messages (docs/03, 6).
    static func main() async {
        await CommandLineRule.main(ToasterServerCommand.self)
    }

    @Option(help: "The policy file (JSON; see examples/policy.json).")
    var policy: String?

    @Option(help: ArgumentHelp("Only check this policy file: status 0 when it can be served (with preflight's policy-only warnings), the error and 1 when not.",
                               valueName: "file"))
    var checkPolicy: String?

    @Flag(help: "With --check-policy: exit 1 on a warning too.")
    var strict = false

    @Option(help: "The address to listen on.")
    var host = "127.0.0.1"

    // Numbers parsed unconditionally: `-1` is a value refused by validate(), not a flag.
    @Option(parsing: .unconditional, help: "The port to listen on (0: any free port, printed at start).")
    var port = 8080

    @Option(help: "The address the admin API listens on (never the public port).")
    var adminHost = "127.0.0.1"

    @Option(parsing: .unconditional, help: "The admin API's port (0: any free port, printed at start).")
    var adminPort = 8081

    @Option(help: "A file, readable by its owner only, holding the bearer token (32 bytes or more) of PUT /admin/policy (off without it).")
    var adminTokenFile: String?

    @Option(parsing: .unconditional, help: "Seconds a keep-alive connection may wait for its next request.")
    var idleTimeout: Double = 75

    @Option(parsing: .unconditional, help: "Seconds a request's head and body may take to arrive, from its first byte.")
    var readTimeout: Double = 30

    @Option(parsing: .unconditional, help: "Connections open at once on each listener; more wait until one closes.")
    var maxConnections = 1024

    @Option(help: "A file holding the \(CMSAPI.apiKeyHeader) the CMS routes require.")
    var cmsKeyFile: String?

    @Option(help: ArgumentHelp("Simulate App Store Connect, accepting tokens signed by this key (its PEM public key, or the .p8).",
                               valueName: "file"))
    var ascPublicKey: String?

    @Option(help: "The key id App Store Connect tokens must name (kid).") var ascKeyId: String?

    @Option(help: "The issuer id App Store Connect tokens must name (iss).") var ascIssuerId: String?

    @Option(help: ArgumentHelp("Serve the Remote Config REST API's template read, issuing tokens for this service account's JSON key (POST /token).",
                               valueName: "file"))
    var firebaseServiceAccount: String?

    @Option(parsing: .unconditional, help: "Delay every service answer by this many milliseconds (to show a slow service).")
    var latencyMs = 0

    @Option(help: ArgumentHelp("Where the access log goes: off, stdout, or a file it is appended to.", valueName: "off|stdout|file"))
    var accessLog = "stdout"

    @Option(help: "How the log and the access log are written: text or json (one object a line).")
    var logFormat: LogFormat = .text

    @Option(parsing: .unconditional,
            help: "Seconds a graceful shutdown (SIGTERM, SIGINT) lets open requests finish before their connections are closed.")
    var shutdownTimeout: Double = 10

    @Option(help: ArgumentHelp("Keep the policy in PostgreSQL, shared by every instance (also DATABASE_URL); --policy then only seeds an empty table.",
                               valueName: "postgres://user:password@host:port/database"))
    var databaseUrl: String?

    @Option(help: ArgumentHelp("Where Firebase Installations' signing key and deletions are kept without --database-url (made on first start; "
                               + "default $STATE_DIRECTORY, else $XDG_STATE_HOME/toaster-server, else ~/.local/state/toaster-server).",
                               valueName: "folder"))
    var stateDir: String?

    @Option(parsing: .unconditional,
            help: "Seconds each round with the database (--database-url), its connection included, may take before it counts as unreachable.")
    var databaseTimeout: Double = 3

    /// `--database-url`, or else `DATABASE_URL`.
    private var database: String? {
        databaseUrl ?? ProcessInfo.processInfo.environment["DATABASE_URL"].flatMap { $0.isEmpty ? nil : $0 }
    }

    func validate() throws {
        switch (policy, checkPolicy) {
        case (nil, nil) where database == nil:
            throw ValidationError("--policy FILE is required (or --check-policy FILE to only check one) unless --database-url is given")
        case (_?, _?): throw ValidationError("--check-policy only checks a file: give it without --policy")
        default: break
        }
        guard !strict || checkPolicy != nil else { throw ValidationError("--strict applies to --check-policy: give it with --check-policy FILE") }
        if let stateDir, stateDir.isEmpty { throw ValidationError("--state-dir must not be empty") }
        try OptionRange.check(port, within: 0...65535, "--port")
        try OptionRange.check(adminPort, within: 0...65535, "--admin-port")
        guard host != adminHost || port != adminPort || port == 0 else {
            throw ValidationError("--admin-port must differ from --port: the admin API never shares the public listener")
        }
        try OptionRange.check(idleTimeout, above: 0, atMost: 86_400, "--idle-timeout", unit: "seconds")
        try OptionRange.check(readTimeout, above: 0, atMost: 86_400, "--read-timeout", unit: "seconds")
        try OptionRange.check(maxConnections, within: 1...1_000_000, "--max-connections")
        try OptionRange.check(latencyMs, within: 0...600_000, "--latency-ms")
        guard (0...3600).contains(shutdownTimeout) else { throw ValidationError("--shutdown-timeout must be between 0 and 3600 seconds") }
        try OptionRange.check(databaseTimeout, above: 0, atMost: 600, "--database-timeout", unit: "seconds")
        guard (ascPublicKey == nil) == (ascKeyId == nil), (ascPublicKey == nil) == (ascIssuerId == nil) else {
            throw ValidationError("--asc-public-key, --asc-key-id and --asc-issuer-id go together")
        }
    }

    func run() async throws {
        if let checkPolicy {
            let policy: ServicePolicy
            do { policy = try PolicyStore.read(checkPolicy) } catch { throw StartupError("policy \(error)") }
            let warnings = policy.warnings(now: Date(), zones: SystemTimeZones())
            for warning in warnings { Self.say("\(checkPolicy): warning: \(TextSanitizer.escapedLine(warning))") }
            // What a PUT answers 409 and a reload refuses: one line each, then the one sentence.
            let deadEnds = policy.deadEnds(now: Date(), zones: SystemTimeZones())
            for deadEnd in deadEnds { Self.say("\(checkPolicy): dead-end: \(TextSanitizer.escapedLine(deadEnd))") }
            if !deadEnds.isEmpty {
                throw StartupError("policy \(checkPolicy) strands users in a storefront it serves (\(deadEnds.count) dead end\(deadEnds.count == 1 ? "" : "s"), above)")
            }
            let apps = policy.apps.count
            let counted = warnings.isEmpty ? "" : ", \(warnings.count) warning\(warnings.count == 1 ? "" : "s")"
            Self.say("\(checkPolicy): a valid policy (\(apps) app\(apps == 1 ? "" : "s")\(counted))")
            if strict, !warnings.isEmpty { throw ExitCode.failure }
            return
        }
        let logger = Logger(label: "toaster-server") { [logFormat] _ in LineLogHandler(format: logFormat, writer: .standardOutput) }
        let accessWriter = try accessLogWriter()
        let accessLog = accessWriter.map { AccessLog(format: logFormat, writer: $0) }
        let observability = Observability(logger: logger, accessLog: accessLog, metrics: ServerMetrics())
        defer {
            accessWriter?.flush()
            LineWriter.standardOutput.flush()
        }
        try await ServerApplication(self, observability: observability, announce: Self.say).run()
    }

    /// Where `--access-log` writes; nil when off.
    private func accessLogWriter() throws(StartupError) -> LineWriter? {
        switch accessLog {
        case "off": return nil
        case "stdout": return .standardOutput
        case let path:
            do { return try LineWriter.appending(to: path) } catch { throw StartupError("--access-log: \(error)") }
        }
    }

    private func appStoreConnectVerifier() async throws(StartupError) -> AppStoreConnectVerifier? {
        guard let ascPublicKey, let ascKeyId, let ascIssuerId else { return nil }
        let pem: String
        do { pem = String(decoding: try BoundedFile.read(ascPublicKey, limit: 64 << 10), as: UTF8.self) } catch {
            throw StartupError("--asc-public-key: \(error.description)")
        }
        do { return try await AppStoreConnectVerifier(pem: pem, keyID: ascKeyId, issuerID: ascIssuerId) } catch {
            throw StartupError("--asc-public-key \(ascPublicKey): \(error.description)")
        }
    }

    private func serviceAccountVerifier() async throws(StartupError) -> ServiceAccountVerifier? {
        guard let firebaseServiceAccount else { return nil }
        let keyFile: Data
        do { keyFile = try BoundedFile.read(firebaseServiceAccount, limit: 64 << 10) } catch {
            throw StartupError("--firebase-service-account: \(error.description)")
        }
        do { return try await ServiceAccountVerifier(keyFile: keyFile) } catch {
            throw StartupError("--firebase-service-account \(firebaseServiceAccount): \(error.description)")
        }
    }

    /// One line on stdout, written through at once: scripts and tests wait for these lines.
    private static func say(_ line: String) {
        Output.line(line)
    }

    private static func secret(from path: String, _ flag: String) throws(StartupError) -> String {
        do {
            return try SecretFile.read(path)
        } catch {
            throw StartupError("\(flag): cannot read a secret: \(error)")
        }
    }
}

extension ToasterServerCommand: ServerArguments {
    var policyPlace: PolicyPlace {
        database.map { .database(url: $0, seed: policy, timeout: .seconds(databaseTimeout)) } ?? .file(policy ?? "")
    }

    /// `--state-dir`, else systemd's `StateDirectory=` (the first of its folders), else the
    /// XDG state folder.
    var stateFolder: (path: String, given: Bool) {
        let environment = ProcessInfo.processInfo.environment
        func given(_ name: String) -> String? { environment[name].flatMap { $0.isEmpty ? nil : $0 } }
        if let stateDir { return (stateDir, true) }
        if let systemd = given("STATE_DIRECTORY")?.split(separator: ":").first { return (String(systemd), false) }
        let base = given("XDG_STATE_HOME") ?? given("HOME").map { "\($0)/.local/state" } ?? "."
        return ("\(base)/toaster-server", false)
    }

    var connectionLimits: ConnectionLimits {
        ConnectionLimits(idleTimeout: .seconds(idleTimeout), readTimeout: .seconds(readTimeout), maxConnections: maxConnections)
    }

    var shutdownDeadline: Duration { .seconds(shutdownTimeout) }

    func settings() async throws(StartupError) -> ServerSettings {
        let adminToken = try adminTokenFile.map { path throws(StartupError) in
            do {
                return try SecretFile.readPrivate(path, minimumBytes: 32)
            } catch {
                throw StartupError("--admin-token-file: \(error)")
            }
        }
        let cmsAPIKey = try cmsKeyFile.map { path throws(StartupError) in try Self.secret(from: path, "--cms-key-file") }
        var settings = ServerSettings(adminToken: adminToken, cmsAPIKey: cmsAPIKey, latency: .milliseconds(latencyMs),
                                      appStoreConnect: try await appStoreConnectVerifier())
        settings.firebaseServiceAccount = try await serviceAccountVerifier()
        return settings
    }
}

// One package: SwiftPM compiles both modules with the same -package-name, so this is no
// retroactive conformance (`@retroactive` is an error here, and without a package name a warning).
extension LogFormat: ExpressibleByArgument {}
