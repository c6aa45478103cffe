import Foundation
import Testing
import ToasterTestSupport

/// preflight over a realistic template, as a release manager pastes it: findings name their
/// condition, users count in their own storefront, a rollout to an unserved version is a
/// finding, and a run a signal stops still reports what it learnt.
@Suite(.offThePool) struct PreflightReleaseReportTests {
    /// us and kr serve 2.0.0 (iOS 16.0), jp still 1.9.0 (iOS 15.0).
    static func server() throws -> ServerProcess {
        try ServerProcess(policy: try PreflightFixtures.policy(["minimumOsVersion": "16.0",
                                                                "storefronts": ["jp": ["version": "1.9.0", "minimumOsVersion": "15.0"]]]))
    }

    static let byCountry = """
        version,os,users,country
        1.9.0,15.8,1000,US
        1.9.0,17.2,300,jp
        2.0.0,17.2,5000,USA
        2.0.0,17.2,100,JPN
        """

    private func preflight(_ server: ServerProcess, _ arguments: [String]) throws -> (status: Int32, stdout: String, stderr: String) {
        try Toolchain.run([Toolchain.toastercli, "preflight", "--lookup-url", server.baseURL + "/lookup", "--app-id", "42",
                           "--countries", "us,jp", "--remote-config-template", try TemplateFixtures.file(), "--now", "2026-11-22T09:00:00Z"]
                          + arguments)
    }

    private func report(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    @Test func findingsNameTheirConditionAndCountUsersWhereTheyAre() throws {
        let server = try Self.server()
        let installs = try PreflightFixtures.file(Self.byCountry, "installs.csv")
        let result = try preflight(server, ["--installed", installs, "--format", "json"])
        #expect(result.status == 3, "\(result.stderr)")
        let object = try report(result.stdout)
        let findings = try #require(object["findings"] as? [[String: Any]])
        let stranded = try #require(findings.first { $0["kind"] as? String == "min-above-store" })
        #expect(stranded["storefronts"] as? [String] == ["jp"])
        #expect(stranded["condition"] as? String == "jp_kr_old")
        #expect(stranded["users"] as? Int == 300, "jp's users on 1.9.0, not every old user in the world")
        #expect(!findings.contains { $0["kind"] as? String == "os-dead-end" }, "us 1.9.0 on iOS 15.8 is prompted, not forced")
        #expect(findings.allSatisfy { $0.keys.contains("condition") }, "null when no condition caused it")
        let totals = try #require(object["totals"] as? [String: Any])
        #expect(totals["stranded"] as? Int == 300)
        let places = try #require(totals["storefronts"] as? [[String: Any]])
        #expect(places.map { $0["storefront"] as? String } == ["us", "jp"])
        #expect(places.map { $0["users"] as? Int } == [6000, 400])

        // The same installs without the country column: every version in every storefront.
        let plain = try PreflightFixtures.file("version,os,users\n1.9.0,15.8,1000\n1.9.0,17.2,300\n2.0.0,17.2,5100\n", "installs.csv")
        let worldwide = try report(try preflight(server, ["--installed", plain, "--format", "json"]).stdout)
        let everyone = try #require((worldwide["findings"] as? [[String: Any]])?.first { $0["kind"] as? String == "min-above-store" })
        #expect(everyone["users"] as? Int == 1300)
        #expect((worldwide["totals"] as? [String: Any])?["storefronts"] is NSNull)

        let text = try preflight(server, ["--installed", installs])
        #expect(text.stdout.contains("dead-end  min-above-store · jp · 1.9.0 · 300 users · condition jp_kr_old"), "\(text.stdout)")
        #expect(text.stdout.contains("  jp: 300 stranded"))
        let markdown = try preflight(server, ["--installed", installs, "--format", "markdown"])
        #expect(markdown.stdout.contains("| `jp_kr_old` |"))
    }

    @Test func aTenPercentRolloutToAnUnservedVersionIsAFinding() throws {
        let server = try Self.server()
        let result = try preflight(server, ["--installed", try PreflightFixtures.file(Self.byCountry, "installs.csv"), "--format", "json"])
        let findings = try #require(try report(result.stdout)["findings"] as? [[String: Any]])
        let prompt = try #require(findings.first { $0["kind"] as? String == "prompt-not-served" && $0["storefronts"] as? [String] == ["us"] })
        #expect(prompt["severity"] as? String == "warning")
        #expect(prompt["condition"] as? String == "ios")
        #expect(prompt["versions"] as? [String] == ["1.9.0", "2.0.0"])
        #expect(prompt["users"] as? Int == 600, "10 % of us's 1000 on 1.9.0 and 5000 on 2.0.0")
        #expect((prompt["message"] as? String)?.contains("to update to 2.1.0 by condition ios, which us does not serve (2.0.0 is served there)") == true)
    }

    @Test func whenNoStorefrontAnsweredTheTotalsAreUnknown() throws {
        let closed = try ClosedPort()
        let result = try Toolchain.run([Toolchain.toastercli, "preflight", "--lookup-url", "http://127.0.0.1:\(closed.port)/lookup",
                                        "--app-id", "42", "--countries", "us", "--min-required-version", "2.0.0",
                                        "--installed", try PreflightFixtures.file(Self.byCountry, "installs.csv"), "--format", "json"])
        #expect(result.status == 1)
        let totals = try #require(try report(result.stdout)["totals"] as? [String: Any])
        #expect(totals["stranded"] is NSNull && totals["forced"] is NSNull && totals["prompted"] is NSNull)
        #expect(totals["unknown"] as? Int == 6000)
    }

    /// Two lookups go at once (`--burst 2`), the third waits a minute for its token: the
    /// signal comes while it waits.
    @Test(arguments: [(SIGTERM, "SIGTERM", "json"), (SIGINT, "SIGINT", "text")])
    func aSignalDuringTheLookupsPrintsWhatWasAnswered(signal: Int32, name: String, format: String) throws {
        let server = try Self.server()
        let output = try PreflightFixtures.file("", "preflight.out")
        let pid = try Toolchain.spawn([Toolchain.toastercli, "preflight", "--lookup-url", server.baseURL + "/lookup", "--app-id", "42",
                                       "--countries", "us,jp,kr", "--min-required-version", "2.0.0", "--rate", "1", "--burst", "2",
                                       "--concurrency", "1", "--installed-versions", "1.9.0", "--now", "2026-11-22T09:00:00Z",
                                       "--format", format], output: output)
        defer { kill(pid, SIGKILL) }
        try server.waitForOutput("/lookup", count: 2)
        kill(pid, signal)
        let status = try #require(Toolchain.waitForExit(pid), "preflight did not end after \(name)")
        #expect(status == 128 + signal, "exits 128 + the signal, as the shell reports a process the signal ended")
        let printed = try String(contentsOfFile: output, encoding: .utf8)
        if format == "json" {
            let line = try #require(printed.split(separator: "\n").first { $0.hasPrefix("{") })
            let object = try report(String(line))
            // The second answer is logged by the server as it is sent: the run may not have read it yet.
            let partial = try #require(object["partial"] as? String, "\(printed)")
            #expect(partial.hasPrefix("stopped by \(name) after 2 of 6 lookups had answered") || partial.hasPrefix("stopped by \(name) after 1 of 6"), "\(partial)")
            let kinds = (object["findings"] as? [[String: Any]])?.compactMap { $0["kind"] as? String } ?? []
            #expect(kinds.contains("unanswered"), "the storefronts not heard from are not read as safe")
        } else {
            #expect(printed.contains("partial: stopped by \(name) after 2 of 6 lookups had answered")
                    || printed.contains("partial: stopped by \(name) after 1 of 6"), "\(printed)")
        }
    }

    @Test func aLookupOnThisMachineIsNotPacedAtApplesRate() throws {
        let server = try ServerProcess(policy: try PreflightFixtures.policy(["countries": ["kr", "us", "jp"]]))
        // 350 requests: 17 minutes at 20 a minute; on loopback, as fast as four at a time go.
        let result = try Toolchain.run([Toolchain.toastercli, "preflight", "--lookup-url", server.baseURL + "/lookup",
                                        "--app-id", "42", "--countries", "all", "--min-required-version", "2.0.0",
                                        "--installed-versions", "2.0.0", "--format", "json"])
        let storefronts = try #require(try report(result.stdout)["storefronts"] as? [[String: Any]])
        #expect(storefronts.count == 175)
    }
}
