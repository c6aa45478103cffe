import ArgumentParser
import Dispatch
import FoundationEssentials
import Glibc
import Hummingbird
import NIOCore
import ToasterCore
import ToasterServer
import ToasterFiles

/// `toaster-server`: the version-check service a team runs for QA and demos.
@main
struct ToasterServerCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "toaster-server",
        abstract: "Serve App Store lookup, Remote Config and CMS answers from one policy file.",
        discussion: "SIGHUP reloads the policy file; an invalid file leaves the served policy unchanged.",
        version: "0.1.0"
    )

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

    @Option(help: "A file holding the bearer token of PUT /admin/policy (off without it).")
    var adminTokenFile: String?

    @Option(help: "A file holding the X-MICROCMS-API-KEY the CMS routes require.")
    var cmsKeyFile: String?

    @Option(parsing: .unconditional, help: "Delay every service answer by this many milliseconds (to show a slow service).")
    var latencyMs = 0

    func validate() throws {
        switch (policy, checkPolicy) {
        case (nil, nil): throw ValidationError("--policy FILE is required (or --check-policy FILE to only check one)")
        case (_?, _?): throw ValidationError("--check-policy only checks a file: give it without --policy")
        default: break
        }
        guard !strict || checkPolicy != nil else { throw ValidationError("--strict applies to --check-policy: give it with --check-policy FILE") }
        guard (0...65535).contains(port) else { throw ValidationError("--port must be between 0 and 65535") }
        guard (0...600_000).contains(latencyMs) else { throw ValidationError("--latency-ms must be between 0 and 600000") }
    }

    func run() async throws {
        if let checkPolicy {
            let policy: ServicePolicy
            do { policy = try PolicyStore.read(checkPolicy) } catch { throw StartupError("policy \(error)") }
            let warnings = policy.warnings(now: Date())
            for warning in warnings { Self.say("\(checkPolicy): warning: \(TextSanitizer.cleanLine(warning))") }
            let apps = policy.apps.count
            let counted = warnings.isEmpty ? "" : ", \(warnings.count) warning\(warnings.count == 1 ? "" : "s")"
            Self.say("\(checkPolicy): a valid policy (\(apps) app\(apps == 1 ? "" : "s")\(counted))")
            if strict, !warnings.isEmpty { throw ExitCode.failure }
            return
        }
        let store: PolicyStore
        do {
            store = try PolicyStore(path: policy ?? "")
        } catch {
            throw StartupError("policy \(error)")
        }
        for removed in store.removedTemporaries {
            Self.say("toaster-server: removed \(removed), left by a policy write that never finished")
        }
        let settings = ServerSettings(adminToken: try adminTokenFile.map { try Self.secret(from: $0, "--admin-token-file") },
                                      cmsAPIKey: try cmsKeyFile.map { try Self.secret(from: $0, "--cms-key-file") },
                                      latency: .milliseconds(latencyMs))
        signal(SIGHUP, SIG_IGN)
        let reloads = DispatchSource.makeSignalSource(signal: SIGHUP, queue: .global())
        reloads.setEventHandler {
            do {
                try store.reload()
                Self.say("toaster-server: reloaded \(store.path)")
            } catch {
                Self.say("toaster-server: reload refused, still serving the previous policy: \(error)")
            }
        }
        reloads.resume()
        let host = host
        let app = Application(
            router: ToasterRoutes.router(store: store, settings: settings),
            configuration: .init(address: .hostname(host, port: port), serverName: "toaster-server"),
            onServerRunning: { channel in
                Self.say("toaster-server: listening on http://\(host):\(channel.localAddress?.port ?? 0)")
            }
        )
        do {
            try await app.runService()
        } catch let error as IOError where error.errnoCode == EADDRINUSE {
            throw StartupError("cannot listen on \(host):\(port): port \(port) is already in use")
        } catch let error as IOError {
            throw StartupError("cannot listen on \(host):\(port): \(String(cString: strerror(error.errnoCode)))")
        } catch {
            throw StartupError("cannot listen on \(host):\(port): \(error)")
        }
    }

    /// One line on stdout, written through at once: scripts and tests wait for these lines.
    private static func say(_ line: String) {
        var bytes = Array((line + "\n").utf8)
        _ = bytes.withUnsafeMutableBytes { write(STDOUT_FILENO, $0.baseAddress, $0.count) }
    }

    private static func secret(from path: String, _ flag: String) throws(StartupError) -> String {
        do {
            return try SecretFile.read(path)
        } catch {
            throw StartupError("\(flag): cannot read a secret: \(error)")
        }
    }
}
