import Foundation
import Testing

/// `toastercli preflight --asc-…` against toaster-server simulating App Store Connect with the
/// example key (examples/preflight/AuthKey_DEMO123456.p8).
@Suite struct AppStoreConnectPreflightTests {
    static let keyID = "DEMO123456"
    static let issuerID = "69a6de70-0000-47e3-e053-5b8c7c11a4d1"
    static let exampleKey = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../examples/preflight/AuthKey_DEMO123456.p8").standardizedFileURL.path

    /// The example key in a file of `mode`.
    static func key(mode: mode_t = 0o600) throws -> String {
        let path = try PreflightCommandTests.file(try String(contentsOfFile: exampleKey, encoding: .utf8), "key.p8")
        chmod(path, mode)
        return path
    }

    /// App 42 in kr, us and jp, sold in kr and jp, with 2.0.0 in `state`; its build needs iOS
    /// `buildOS`, while the lookups say 15.0.
    static func server(state: String, buildOS: String = "16.0") throws -> ServerProcess {
        let policy = try PreflightCommandTests.policy(["appStoreConnect": [
            "territories": ["kr", "jp"],
            "versions": [["versionString": "1.9.0", "appVersionState": "REPLACED_WITH_NEW_VERSION"],
                         ["versionString": "2.0.0", "appVersionState": state, "releaseType": "MANUAL", "minOsVersion": buildOS,
                          "phasedRelease": ["phasedReleaseState": "ACTIVE", "currentDayNumber": 3, "startDate": "2026-11-21T00:00:00Z"]]],
        ]])
        return try ServerProcess(arguments: ["--asc-public-key", exampleKey, "--asc-key-id", keyID, "--asc-issuer-id", issuerID], policy: policy)
    }

    private func preflight(_ server: ServerProcess, _ arguments: [String], environment: [String] = [])
        throws -> (status: Int32, stdout: String, stderr: String) {
        try Toolchain.run(environment + ["timeout", "60", Toolchain.toastercli, "preflight", "--lookup-url", server.baseURL + "/lookup",
                                         "--rate", "60000", "--app-id", "42", "--min-required-version", "2.0.0", "--asc-url", server.baseURL]
                          + arguments)
    }

    @Test func countriesAllAsksOnlyWhereTheAppIsSoldAndAnUnreleasedMinimumBlocks() throws {
        let server = try Self.server(state: "PENDING_DEVELOPER_RELEASE")
        let key = try Self.key()
        let result = try preflight(server, ["--countries", "all", "--installed-versions", "1.9.0", "--format", "json",
                                            "--asc-key-id", Self.keyID, "--asc-issuer-id", Self.issuerID, "--asc-private-key", key])
        #expect(result.status == 3)
        let count = try String(contentsOfFile: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../data/app-store-storefronts.txt").standardizedFileURL.path, encoding: .utf8)
            .split(separator: "\n").filter { !$0.hasPrefix("#") }.count
        #expect(result.stderr == "warning: App Store Connect: the app is not available in \(count - 2) of \(count) storefronts; only the 2 where it is are asked\n")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let storefronts = try #require(report["storefronts"] as? [[String: Any]]).compactMap { $0["storefront"] as? String }
        #expect(storefronts == ["jp", "kr"])
        let findings = try #require(report["findings"] as? [[String: Any]])
        let unreleased = try #require(findings.first { $0["kind"] as? String == "forced-unreleased" })
        #expect(unreleased["severity"] as? String == "dead-end")
        #expect((unreleased["message"] as? String)?.contains("2.0.0 as pending developer release") == true)
        let connect = try #require(report["appStoreConnect"] as? [String: Any])
        #expect((connect["phasedRelease"] as? [String: Any])?["currentDayNumber"] as? Int == 3)
        #expect(connect["minOsVersion"] as? String == "16.0")
        #expect(!result.stdout.contains("PRIVATE KEY") && !result.stdout.contains("eyJ"), "neither key nor token in the output")
    }

    @Test func theKeyComesFromFastlanesEnvironmentNames() throws {
        let server = try Self.server(state: "READY_FOR_DISTRIBUTION")
        let key = try Self.key(mode: 0o644)
        let result = try preflight(server, ["--countries", "kr,jp", "--installed-versions", "1.9.0,2.0.0"], environment: [
            "APP_STORE_CONNECT_API_KEY_KEY_ID=\(Self.keyID)", "APP_STORE_CONNECT_API_KEY_ISSUER_ID=\(Self.issuerID)",
            "APP_STORE_CONNECT_API_KEY_KEY_FILEPATH=\(key)",
        ])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stderr == "warning: the App Store Connect key \(key) can be read by others (mode 644): run chmod 600 \(key)\n")
        #expect(result.stdout.contains("App Store Connect: 2.0.0 is ready for distribution (manual release); its build needs iOS 16.0."))
        #expect(result.stdout.contains("Phased release: active, day 3 of 7"))
    }

    @Test func theBuildsMinimumIOSCountsWhereTheLookupServesTheSameVersionBelowIt() throws {
        let server = try Self.server(state: "READY_FOR_DISTRIBUTION", buildOS: "17.0")
        let installed = try PreflightCommandTests.file("version,os,users\n1.9.0,16.2,40\n", "installs.csv")
        let lookupsAlone = try preflight(server, ["--countries", "kr,jp", "--installed", installed, "--now", "2026-11-26T09:00:00Z"])
        #expect(lookupsAlone.status == 0, "the lookups say iOS 15.0: \(lookupsAlone.stdout)")
        let result = try preflight(server, ["--countries", "kr,jp", "--installed", installed, "--now", "2026-11-26T09:00:00Z",
                                            "--asc-key-id", Self.keyID, "--asc-issuer-id", Self.issuerID, "--asc-private-key", try Self.key()])
        #expect(result.status == 3, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.hasPrefix("""
            dead-end  os-dead-end · kr, jp · 1.9.0 · 40 users
              2.0.0 needs iOS 17.0 (its build in App Store Connect; the lookup says iOS 15.0), but users on 1.9.0 with iOS 16.2 in kr, jp \
            are forced to it: they cannot install it and are locked out.
            """), "\(result.stdout)")
        #expect(result.stdout.contains("App Store Connect: 2.0.0 is ready for distribution (manual release); its build needs iOS 17.0."))
        #expect(!result.stdout.contains("No findings"))
    }

    @Test func aRefusedKeyIsOneSentenceNamingIt() throws {
        let server = try Self.server(state: "READY_FOR_DISTRIBUTION")
        let result = try preflight(server, ["--countries", "kr", "--asc-key-id", Self.keyID, "--asc-issuer-id", "another-issuer",
                                            "--asc-private-key", try Self.key()])
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("Error: App Store Connect refused key DEMO123456 (HTTP 401 at GET /v1/apps/42/appAvailabilityV2)"),
                "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1)
    }

    @Test func watchIsStuckUntilSomeoneReleasesTheVersion() async throws {
        let server = try Self.server(state: "PENDING_DEVELOPER_RELEASE")
        let output = try PreflightCommandTests.file("", "watch-output")
        let pid = try Toolchain.spawn([Toolchain.toastercli, "preflight", "--lookup-url", server.baseURL + "/lookup", "--rate", "60000",
                                       "--app-id", "42", "--min-required-version", "2.0.0", "--asc-url", server.baseURL, "--countries", "all",
                                       "--installed-versions", "1.9.0", "--watch", "--interval", "0.2", "--asc-key-id", Self.keyID,
                                       "--asc-issuer-id", Self.issuerID, "--asc-private-key", try Self.key()], output: output)
        var ended: Int32?
        defer {
            // Killed and reaped only when it did not end by itself: a reaped pid may be another process's by now.
            if ended == nil { kill(pid, SIGKILL); waitpid(pid, nil, 0) }
        }
        // Two rounds, so that the warning about the storefronts left out could have come twice.
        let stuck = Toolchain.awaitOutput(output, /(stuck until released: [^\n]*pending developer release[^\n]*\n(?:[^\n]*\n)*?[^\n]*stuck until released)/)
        #expect(stuck != nil, "each round says what it waits on: \((try? String(contentsOfFile: output, encoding: .utf8)) ?? "")")
        let released = try String(contentsOfFile: server.policyPath, encoding: .utf8)
            .replacingOccurrences(of: "PENDING_DEVELOPER_RELEASE", with: "READY_FOR_DISTRIBUTION")
        try await server.put(policy: released)
        #expect(Toolchain.awaitOutput(output, /(safe to force now)/) != nil)
        ended = Self.exitStatus(of: pid)
        #expect(ended == 0, "exit 0 once released")
        let warnings = try String(contentsOfFile: output, encoding: .utf8).components(separatedBy: "the app is not available in").count - 1
        #expect(warnings == 1, "the storefronts left out are said once, not every round")
    }

    /// The exit status of a spawned program (128 + the signal that ended it), polled until the
    /// deadline; nil when it is still running then.
    static func exitStatus(of pid: pid_t) -> Int32? {
        let end = ContinuousClock.now + TmuxTerminal.deadline
        var status: Int32 = 0
        while ContinuousClock.now < end {
            if waitpid(pid, &status, WNOHANG) == pid { return (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f) }
            Thread.sleep(forTimeInterval: 0.02)
        }
        return nil
    }

    @Test func aKeyWithoutItsIssuerIsRefusedAsUsage() throws {
        let server = try Self.server(state: "READY_FOR_DISTRIBUTION")
        let result = try preflight(server, ["--countries", "kr", "--asc-key-id", Self.keyID, "--asc-private-key", try Self.key()])
        #expect(result.status == 64)
        #expect(result.stderr.contains("give --asc-issuer-id (or APP_STORE_CONNECT_API_KEY_ISSUER_ID) too"), "\(result.stderr)")
    }
}
