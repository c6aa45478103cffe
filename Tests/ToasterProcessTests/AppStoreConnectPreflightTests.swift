import Foundation
import Testing
import ToasterTestSupport

/// `toastercli preflight --asc-…` against toaster-server simulating App Store Connect with the
/// example key (examples/preflight/AuthKey_DEMO123456.p8).
@Suite(.offThePool) struct AppStoreConnectPreflightTests {
    private func preflight(_ server: ServerProcess, _ arguments: [String], environment: [String] = [])
        throws -> (status: Int32, stdout: String, stderr: String) {
        try Toolchain.run(environment + [Toolchain.toastercli, "preflight", "--lookup-url", server.baseURL + "/lookup",
                                         "--rate", "60000", "--app-id", "42", "--min-required-version", "2.0.0", "--asc-url", server.baseURL]
                          + arguments)
    }

    @Test func countriesAllAsksOnlyWhereTheAppIsSoldAndAnUnreleasedMinimumBlocks() throws {
        let server = try AppStoreConnectFixtures.server(state: "PENDING_DEVELOPER_RELEASE")
        let key = try AppStoreConnectFixtures.key()
        let result = try preflight(server, ["--countries", "all", "--installed-versions", "1.9.0", "--format", "json",
                                            "--asc-key-id", AppStoreConnectFixtures.keyID, "--asc-issuer-id", AppStoreConnectFixtures.issuerID, "--asc-private-key", key])
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
        let server = try AppStoreConnectFixtures.server(state: "READY_FOR_DISTRIBUTION")
        let key = try AppStoreConnectFixtures.key(mode: 0o644)
        let result = try preflight(server, ["--countries", "kr,jp", "--installed-versions", "1.9.0,2.0.0"], environment: [
            "APP_STORE_CONNECT_API_KEY_KEY_ID=\(AppStoreConnectFixtures.keyID)", "APP_STORE_CONNECT_API_KEY_ISSUER_ID=\(AppStoreConnectFixtures.issuerID)",
            "APP_STORE_CONNECT_API_KEY_KEY_FILEPATH=\(key)",
        ])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stderr == "warning: the App Store Connect key \(key) can be read by others (mode 644): run chmod 600 \(key)\n")
        #expect(result.stdout.contains("App Store Connect: 2.0.0 is ready for distribution (manual release); its build needs iOS 16.0."))
        #expect(result.stdout.contains("Phased release: active, day 3 of 7"))
    }

    @Test func theBuildsMinimumIOSCountsWhereTheLookupServesTheSameVersionBelowIt() throws {
        let server = try AppStoreConnectFixtures.server(state: "READY_FOR_DISTRIBUTION", buildOS: "17.0")
        let installed = try PreflightFixtures.file("version,os,users\n1.9.0,16.2,40\n", "installs.csv")
        let lookupsAlone = try preflight(server, ["--countries", "kr,jp", "--installed", installed, "--now", "2026-11-26T09:00:00Z"])
        #expect(lookupsAlone.status == 0, "the lookups say iOS 15.0: \(lookupsAlone.stdout)")
        let result = try preflight(server, ["--countries", "kr,jp", "--installed", installed, "--now", "2026-11-26T09:00:00Z",
                                            "--asc-key-id", AppStoreConnectFixtures.keyID, "--asc-issuer-id", AppStoreConnectFixtures.issuerID, "--asc-private-key", try AppStoreConnectFixtures.key()])
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
        let server = try AppStoreConnectFixtures.server(state: "READY_FOR_DISTRIBUTION")
        let result = try preflight(server, ["--countries", "kr", "--asc-key-id", AppStoreConnectFixtures.keyID, "--asc-issuer-id", "another-issuer",
                                            "--asc-private-key", try AppStoreConnectFixtures.key()])
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("Error: App Store Connect refused key DEMO123456 (HTTP 401 at GET /v1/apps/42/appAvailabilityV2)"),
                "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1)
    }

    @Test func watchIsStuckUntilSomeoneReleasesTheVersion() async throws {
        let server = try AppStoreConnectFixtures.server(state: "PENDING_DEVELOPER_RELEASE")
        let output = try PreflightFixtures.file("", "watch-output")
        let pid = try Toolchain.spawn([Toolchain.toastercli, "preflight", "--lookup-url", server.baseURL + "/lookup", "--rate", "60000",
                                       "--app-id", "42", "--min-required-version", "2.0.0", "--asc-url", server.baseURL, "--countries", "all",
                                       "--installed-versions", "1.9.0", "--watch", "--interval", "0.2", "--asc-key-id", AppStoreConnectFixtures.keyID,
                                       "--asc-issuer-id", AppStoreConnectFixtures.issuerID, "--asc-private-key", try AppStoreConnectFixtures.key()], output: output)
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
        ended = Toolchain.waitForExit(pid)
        #expect(ended == 0, "exit 0 once released")
        let warnings = try String(contentsOfFile: output, encoding: .utf8).components(separatedBy: "the app is not available in").count - 1
        #expect(warnings == 1, "the storefronts left out are said once, not every round")
    }

    /// In lines, a later round whose App Store Connect read fails after its retries keeps the
    /// last facts, says so and asks again; the first round's read still ends a failing run.
    @Test func watchInLinesWaitsThroughARoundWithoutAppStoreConnect() async throws {
        let server = try AppStoreConnectFixtures.server(state: "PENDING_DEVELOPER_RELEASE")
        // Each round reads the app's availability first: the 2nd read and its 3 retries fail, so round 2 does.
        let proxy = try FailingProxy(to: server.baseURL, failing: "/appAvailabilityV2", numbers: 2...5)
        let output = try PreflightFixtures.file("", "watch-output")
        let pid = try Toolchain.spawn([Toolchain.toastercli, "preflight", "--lookup-url", server.baseURL + "/lookup", "--rate", "60000",
                                       "--app-id", "42", "--min-required-version", "2.0.0", "--asc-url", proxy.baseURL, "--countries", "kr",
                                       "--installed-versions", "1.9.0", "--watch", "--interval", "0.2", "--format", "json",
                                       "--asc-key-id", AppStoreConnectFixtures.keyID, "--asc-issuer-id", AppStoreConnectFixtures.issuerID,
                                       "--asc-private-key", try AppStoreConnectFixtures.key()], output: output)
        var ended: Int32?
        defer {
            if ended == nil { kill(pid, SIGKILL); waitpid(pid, nil, 0) }
        }
        // Stuck, then the round without App Store Connect, then stuck again: it asked again.
        let failed = Toolchain.awaitOutput(output, /stuck until released[^\n]*\n[^\n]* (App Store Connect GET [^\n]*failed: HTTP 503[^\n]*\(after 4 tries\); keeping its last facts, asking again in 0.2 s)\n[^\n]*stuck until released/)
        #expect(failed != nil, "\((try? String(contentsOfFile: output, encoding: .utf8)) ?? "")")
        let released = try String(contentsOfFile: server.policyPath, encoding: .utf8)
            .replacingOccurrences(of: "PENDING_DEVELOPER_RELEASE", with: "READY_FOR_DISTRIBUTION")
        try await server.put(policy: released)
        #expect(Toolchain.awaitOutput(output, /(safe to force now)/) != nil)
        ended = Toolchain.waitForExit(pid)
        #expect(ended == 0, "exit 0 once released: \((try? String(contentsOfFile: output, encoding: .utf8)) ?? "")")
        let text = try String(contentsOfFile: output, encoding: .utf8)
        #expect(text.components(separatedBy: "keeping its last facts").count == 2, "one round failed, once: \(text)")
        #expect(text.contains("\"forced-unreleased\"") == false, "the last report is the released one")
    }

    @Test func aKeyWithoutItsIssuerIsRefusedAsUsage() throws {
        let server = try AppStoreConnectFixtures.server(state: "READY_FOR_DISTRIBUTION")
        let result = try preflight(server, ["--countries", "kr", "--asc-key-id", AppStoreConnectFixtures.keyID, "--asc-private-key", try AppStoreConnectFixtures.key()])
        #expect(result.status == 64)
        #expect(result.stderr.contains("give --asc-issuer-id (or APP_STORE_CONNECT_API_KEY_ISSUER_ID) too"), "\(result.stderr)")
    }
}
