import Foundation
import Testing
import ToasterTestSupport

/// `toastercli preflight` against a toaster-server that simulates each way a storefront can
/// strand a forced user.
@Suite(.offThePool) struct PreflightCommandTests {
    private func preflight(_ server: ServerProcess, _ arguments: [String]) throws -> (status: Int32, stdout: String, stderr: String) {
        try Toolchain.run(Self.preflight(server.baseURL, arguments))
    }

    private static func preflight(_ baseURL: String, _ arguments: [String]) -> [String] {
        [Toolchain.toastercli, "preflight", "--lookup-url", baseURL + "/lookup", "--rate", "60000", "--concurrency", "4"] + arguments
    }

    private func findings(_ output: String) throws -> [[String: Any]] {
        let object = try #require(try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any])
        return try #require(object["findings"] as? [[String: Any]])
    }

    /// Runs with JSON output; returns the status and the findings' kinds, each with its storefronts.
    private func kinds(_ server: ServerProcess, _ arguments: [String]) throws -> (status: Int32, kinds: [String: [String]], findings: [[String: Any]]) {
        let result = try preflight(server, arguments + ["--format", "json"])
        #expect(result.stderr.isEmpty, "piped: no progress bar, nothing on stderr")
        let found = try findings(result.stdout)
        var kinds: [String: [String]] = [:]
        for finding in found { kinds[finding["kind"] as? String ?? "?"] = finding["storefronts"] as? [String] }
        return (result.status, kinds, found)
    }

    @Test func allClearExitsZero() throws {
        let server = try ServerProcess(policy: try PreflightFixtures.policy())
        let result = try preflight(server, ["--app-id", "42", "--bundle-id", "com.example.toaster", "--countries", "kr,us,jp",
                                            "--min-required-version", "2.0.0", "--installed-versions", "1.0.0,2.0.0"])
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("No findings"))
        #expect(result.stdout.contains("kr, us, jp"), "storefronts that answer alike share a column")
        #expect(result.stderr.isEmpty)
    }

    @Test func minimumAboveWhatAStorefrontServes() throws {
        let server = try ServerProcess(policy: try PreflightFixtures.policy(["storefronts": ["kr": ["version": "1.9.0"]]]))
        let run = try kinds(server, ["--app-id", "42", "--countries", "kr,us", "--min-required-version", "2.0.0",
                                     "--installed", try PreflightFixtures.file("version,users\n1.0.0,100\n1.9.0,250\n2.0.0,900\n")])
        #expect(run.status == 3)
        #expect(run.kinds == ["min-above-store": ["kr"]])
        #expect(run.findings.first?["users"] as? Int == 350)
        let text = try preflight(server, ["--app-id", "42", "--countries", "kr,us", "--min-required-version", "2.0.0",
                                          "--installed", try PreflightFixtures.file("version,users\n1.0.0,100\n1.9.0,250\n2.0.0,900\n")])
        #expect(text.stdout.contains("users: 350 stranded, 0 forced, 0 prompted (of 1250"))
    }

    @Test func forcedInAStorefrontThatDoesNotListTheApp() throws {
        let server = try ServerProcess(policy: try PreflightFixtures.policy())
        let run = try kinds(server, ["--app-id", "42", "--countries", "kr,fr", "--min-required-version", "2.0.0", "--installed-versions", "1.0.0"])
        #expect(run.status == 3)
        #expect(run.kinds == ["forced-not-listed": ["fr"]])
    }

    @Test func forcedRangeThatCoversTheServedVersion() throws {
        let server = try ServerProcess(policy: try PreflightFixtures.policy())
        let cms = try PreflightFixtures.file(#"{"minAppVersion":"1.0.0","maxAppVersion":"2.0.0","startDate":"2026-01-01T00:00:00.000Z","endDate":"2099-01-01T00:00:00Z","url":"itms-apps://itunes.apple.com/app/id42"}"#)
        let run = try kinds(server, ["--app-id", "42", "--countries", "kr", "--cms", cms, "--installed-versions", "1.5.0"])
        #expect(run.status == 3)
        #expect(run.kinds == ["forced-after-update": ["kr"]])
    }

    @Test func storeVersionNeedingANewerOS() throws {
        let server = try ServerProcess(policy: try PreflightFixtures.policy(["minimumOsVersion": "17.0"]))
        let run = try kinds(server, ["--app-id", "42", "--countries", "kr", "--min-required-version", "2.0.0",
                                     "--installed", try PreflightFixtures.file("version,os,users\n1.0.0,15.4,40\n1.0.0,17.2,60\n")])
        #expect(run.status == 3)
        #expect(run.kinds == ["os-dead-end": ["kr"]])
        #expect(run.findings.first?["users"] as? Int == 40)
    }

    @Test func updateURLNamingAnotherApp() throws {
        let server = try ServerProcess(policy: try PreflightFixtures.policy())
        let rc = try PreflightFixtures.file(#"{"entries":{"min_required_version":"2.0.0","force_update_store_url":"https://apps.apple.com/kr/app/id999"},"state":"UPDATE"}"#)
        let run = try kinds(server, ["--app-id", "42", "--countries", "kr", "--remote-config", rc, "--installed-versions", "1.0.0"])
        #expect(run.status == 3)
        #expect(run.kinds == ["store-url": ["kr"]])
        #expect((run.findings.first?["fix"] as? String)?.contains("id42") == true)
    }

    /// What `--watch` would wait on is "not yet" in one run too: status 4, with the time from
    /// which forcing is expected to be safe; `--strict` still makes any finding 3.
    @Test func aFreshReleaseIsNotYetAndSaysFromWhen() throws {
        let released = Date().addingTimeInterval(-2 * 3600)
        let server = try ServerProcess(policy: try PreflightFixtures.policy(["releaseDate": PreflightFixtures.iso(released)]))
        let arguments = ["--app-id", "42", "--countries", "kr", "--min-required-version", "2.0.0", "--installed-versions", "1.0.0"]
        let run = try kinds(server, arguments)
        #expect(run.status == 4, "--watch would wait: not yet")
        #expect(run.kinds == ["too-fresh": ["kr"]])
        let safeAt = PreflightFixtures.iso(released.addingTimeInterval(86_400))
        let json = try preflight(server, arguments + ["--format", "json"])
        let document = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(document["safeAt"] as? String == safeAt, "the release plus the 24 h minimum age")
        let text = try preflight(server, arguments)
        #expect(text.status == 4)
        #expect(text.stdout.contains("Not yet (status 4): --watch would wait on too-fresh in kr; safe to force from \(safeAt)."), "\(text.stdout)")
        #expect(try preflight(server, arguments + ["--strict"]).status == 3)
        let aged = try kinds(server, arguments + ["--min-release-age", "1"])
        #expect(aged.kinds.isEmpty && aged.status == 0)
        let clear = try preflight(server, arguments + ["--min-release-age", "1", "--format", "json"])
        let clearDocument = try #require(try JSONSerialization.jsonObject(with: Data(clear.stdout.utf8)) as? [String: Any])
        #expect(clearDocument["safeAt"] is NSNull, "nothing waits: null")
    }

    /// A dead end is 3 first, though --watch would wait on it too.
    @Test func aDeadEndBesideAFreshReleaseIsStillThree() throws {
        let server = try ServerProcess(policy: try PreflightFixtures.policy([
            "releaseDate": PreflightFixtures.iso(Date().addingTimeInterval(-2 * 3600)), "storefronts": ["jp": ["version": "1.9.0"]],
        ]))
        let run = try kinds(server, ["--app-id", "42", "--countries", "kr,jp", "--min-required-version", "2.0.0", "--installed-versions", "1.0.0"])
        #expect(run.status == 3)
        #expect(Set(run.kinds.keys) == ["too-fresh", "min-above-store"])
    }

    @Test func staleQueryFormAndStaleBundleIDAnswerDisagree() throws {
        let server = try ServerProcess(policy: try PreflightFixtures.policy([
            "releaseDate": PreflightFixtures.iso(Date().addingTimeInterval(-30 * 3600)),
            "previous": ["version": "1.9.0", "releaseDate": PreflightFixtures.longAgo],
            "storefronts": ["kr": ["lagSeconds": ["query": 604_800]], "us": ["lagSeconds": ["bundleId": 604_800]]],
        ]))
        let run = try kinds(server, ["--app-id", "42", "--bundle-id", "com.example.toaster", "--countries", "kr,us,jp",
                                     "--min-required-version", "1.9.0", "--installed-versions", "1.0.0"])
        #expect(run.status == 4, "--watch waits until the lookups agree: not yet")
        #expect(run.kinds.keys.sorted() == ["lookups-disagree"])
        let messages = run.findings.compactMap { $0["message"] as? String }
        #expect(messages.contains { $0.hasPrefix("In kr the lookups disagree: ?id=42&country=kr and ?bundleId=com.example.toaster&country=kr answer 1.9.0 while") })
        #expect(messages.contains { $0.hasPrefix("In us the lookups disagree: ?bundleId=com.example.toaster&country=us and /us/lookup?bundleId=com.example.toaster answer 1.9.0 while") })
        #expect(!run.findings.contains { ($0["fix"] as? String)?.contains("Force") == true },
                "the minimum forces 1.0.0 to 1.9.0, which every lookup answers: no advice about forcing")
        let forms = try #require((try JSONSerialization.jsonObject(with: Data(try preflight(server, ["--app-id", "42", "--countries", "kr",
            "--min-required-version", "1.9.0", "--format", "json"]).stdout.utf8)) as? [String: Any])?["storefronts"] as? [[String: Any]])
        #expect((forms.first?["answers"] as? [[String: Any]])?.compactMap { $0["form"] as? String } == ["?id=42&country=kr", "/kr/lookup?id=42"],
                "each answer's form is written with its country")
        #expect(!messages.contains { $0.contains("jp") })
    }

    @Test func versionWrittenTwoWays() throws {
        let server = try ServerProcess(policy: try PreflightFixtures.policy(["version": "2.1"]))
        let run = try kinds(server, ["--app-id", "42", "--countries", "kr", "--min-required-version", "2.1.0", "--installed-versions", "2.0.0"])
        #expect(run.status == 0)
        #expect(run.kinds == ["version-string": ["kr"]])
    }

    @Test func aWindowAlreadyOver() throws {
        let server = try ServerProcess(policy: try PreflightFixtures.policy())
        let cms = try PreflightFixtures.file(#"{"minAppVersion":"1.0.0","maxAppVersion":"1.9.9","startDate":"2026-01-01T00:00:00Z","endDate":"2026-02-01T00:00:00Z"}"#)
        let run = try kinds(server, ["--app-id", "42", "--countries", "kr", "--cms", cms, "--installed-versions", "1.5.0"])
        #expect(run.kinds == ["window": []])
        #expect((run.findings.first?["message"] as? String)?.contains("closed at 2026-02-01T00:00:00Z") == true)
    }

    @Test func everyStorefrontCompletes() throws {
        let server = try ServerProcess(policy: try PreflightFixtures.policy())
        let result = try preflight(server, ["--app-id", "42", "--countries", "all", "--min-required-version", "2.0.0",
                                            "--installed-versions", "2.0.0", "--format", "json", "--concurrency", "8"])
        #expect(result.status == 0)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let storefronts = try #require(object["storefronts"] as? [[String: Any]])
        #expect(storefronts.count > 170)
        #expect(storefronts.filter { $0["serves"] as? String == "2.0.0" }.count == 3)
    }

    @Test func watchWaitsForTheReleaseThenSaysSafe() async throws {
        // Released when the test says: after the first round has been answered, whenever
        // that is on this machine.
        func policy(released: String) throws -> String {
            try PreflightFixtures.policy(["releaseDate": released, "previous": ["version": "1.9.0", "releaseDate": PreflightFixtures.longAgo]])
        }
        let server = try ServerProcess(policy: try policy(released: "2099-01-01T00:00:00Z"))
        let command = Self.preflight(server.baseURL, ["--app-id", "42", "--countries", "kr,us", "--min-required-version", "2.0.0",
                                                      "--min-release-age", "0", "--watch", "--interval", "0.2"])
        async let run = Toolchain.run(command)
        // Two storefronts, each asked in both forms: the first round's four lookups.
        try server.waitForOutput("lookup?", count: 4)
        try await server.put(policy: try policy(released: PreflightFixtures.iso(Date())))
        let result = try await run
        #expect(result.status == 0)
        #expect(result.stdout.hasSuffix("safe to force now\n"))
        #expect(result.stderr.contains("waiting: min-above-store in kr, us; asking again in 0.2 s"))
    }

    @Test func watchStopsOnADeadEndThatWaitingCannotEnd() throws {
        let server = try ServerProcess(policy: try PreflightFixtures.policy(["minimumOsVersion": "17.0"]))
        let result = try preflight(server, ["--app-id", "42", "--countries", "kr", "--min-required-version", "2.0.0", "--watch",
                                            "--installed", try PreflightFixtures.file("version,os,users\n1.0.0,15.4,40\n")])
        #expect(result.status == 3)
        #expect(result.stdout.contains("os-dead-end"))
    }

    @Test func markdownForAPullRequest() throws {
        let server = try ServerProcess(policy: try PreflightFixtures.policy(["storefronts": ["jp": ["version": "1.9.0"]]]))
        let result = try preflight(server, ["--app-id", "42", "--countries", "kr,jp", "--min-required-version", "2.0.0",
                                            "--installed-versions", "1.9.0", "--format", "markdown"])
        #expect(result.status == 3)
        #expect(result.stdout.hasPrefix("### toastercli preflight: 1 × dead-end"))
        #expect(result.stdout.contains("| 🛑 dead-end | `min-above-store` | jp | 1.9.0 |"))
        #expect(result.stdout.contains("| 1.9.0 |  | forced | **dead-end** |"))
    }

    @Test(arguments: [
        (["--installed", "BAD-CSV", "--min-required-version", "2.0.0"], 1, "line 3: invalid version \"1.3.0 (93)\""),
        (["--countries", "kr,zz", "--min-required-version", "2.0.0"], 64, "\"zz\" is not one of the 175 App Store storefronts"),
        (["--countries", "kr,uk", "--min-required-version", "2.0.0"], 64, "\"uk\" is not one of the 175 App Store storefronts; did you mean gb?"),
        (["--min-required-version", "Varies with device"], 64, "--min-required-version: invalid version"),
        (["--installed-versions", "1.0.0"], 64, "--remote-config-template, --firebase-project, --cms or --policy"),
        (["--min-required-version", "2.0.0", "--concurrency", "-1"], 64, "--concurrency must be between 1 and 64"),
        (["--min-required-version", "2.0.0", "--interval", "-5"], 64, "--interval must be more than 0 and at most 86400 seconds"),
        (["--min-required-version", "2.0.0", "--rate", "0"], 64, "--rate must be between 1 and 100000"),
        (["--min-required-version", "2.0.0", "--lookup-url", "ftp://127.0.0.1/lookup"], 64, "--lookup-url \"ftp://127.0.0.1/lookup\" is not an http:// or https:// URL"),
        (["--min-required-version", "2.0.0", "--installed-versions", "1.0,abc"], 64, "--installed-versions: invalid version \"abc\""),
    ])
    func cannotRunIsOneSentence(arguments: [String], status: Int32, expected: String) throws {
        let server = try ServerProcess(policy: try PreflightFixtures.policy())
        let csv = try PreflightFixtures.file("version,users\n1.0.0,5\n1.3.0 (93),7\n")
        // --lookup-url comes after preflight()'s own, so that the last one given is the one tested.
        let result = try preflight(server, ["--app-id", "42"] + arguments.map { $0 == "BAD-CSV" ? csv : $0 })
        #expect(result.status == status)
        #expect(result.stderr.contains(expected), "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count <= 3)
    }

    @Test func unfinishedRunIsStillOneJSONDocumentAndMarkdownSaysWhy() throws {
        let server = try ServerProcess(policy: try PreflightFixtures.policy())
        let csv = try PreflightFixtures.file("version,users\n1.0.0,5\n1.3.0 (93),7\n")
        let arguments = ["--app-id", "42", "--min-required-version", "2.0.0", "--installed", csv]
        let json = try preflight(server, arguments + ["--format", "json"])
        #expect(json.status == 1)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let error = try #require(object["error"] as? String, "the document says why it is unfinished")
        #expect(error.hasPrefix("--installed \(csv): line 3: invalid version \"1.3.0 (93)\""), "\(error)")
        #expect(json.stderr == "Error: \(error)\n", "the same sentence on stderr")
        #expect(object["findings"] as? [Any] != nil)
        let markdown = try preflight(server, arguments + ["--format", "markdown"])
        #expect(markdown.status == 1)
        #expect(markdown.stdout.hasPrefix("### toastercli preflight: could not finish\n\n**could not finish:** \(error)\n"))
    }

    @Test func aStorefrontThatNeverAnswersIsAFindingAndTheRestIsReported() throws {
        let lookup = try LoopbackService(answering: #"{"resultCount":1,"results":[{"version":"2.0.0","trackId":42,"releaseDate":"2026-01-01T00:00:00Z"}]}"#,
                                         misbehaving: true)
        let arguments = [Toolchain.toastercli, "preflight", "--lookup-url", lookup.baseURL + "/lookup", "--app-id", "42",
                         "--countries", "kr,jp,us", "--min-required-version", "2.0.0", "--installed-versions", "1.0.0", "--concurrency", "1"]
        // Three storefront forms fail three times each — kr's query form, then jp's query and
        // path forms — and each failure is waited out by the retries' backoff (1, 2, then 4 s):
        // the command cannot end sooner, however quiet the machine.
        let backoffs: Duration = .seconds(3 * (1 + 2 + 4))
        let json = try Toolchain.run(arguments + ["--format", "json"], beyond: backoffs)
        #expect(json.status == 1, "a storefront unanswered and no dead end: 1")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let findings = try #require(object["findings"] as? [[String: Any]])
        #expect(findings.count == 1)
        #expect(findings.first?["kind"] as? String == "unanswered")
        #expect(findings.first?["severity"] as? String == "error")
        #expect(findings.first?["storefronts"] as? [String] == ["jp"])
        #expect((findings.first?["message"] as? String)?.contains("HTTP 503") == true)
        let storefronts = try #require(object["storefronts"] as? [[String: Any]])
        #expect(storefronts.map { $0["serves"] as? String } == ["2.0.0", nil, "2.0.0"], "kr and us answered after the 429, the 503 and the cut-off answer")
        let retried = lookup.requests.filter { !$0.contains("jp") }.count
        #expect(retried == 7, "four answers for kr and us, after three failures that were retried")
        let text = try Toolchain.run(arguments, beyond: backoffs)
        #expect(text.status == 1)
        #expect(text.stdout.hasPrefix("error     unanswered · jp"))
        #expect(text.stdout.contains("no answer"))
    }

    @Test func aLookupOnAClosedPortIsUnansweredAndStrictMakesItThree() throws {
        let closed = try ClosedPort()
        let arguments = [Toolchain.toastercli, "preflight", "--lookup-url", "http://127.0.0.1:\(closed.port)/lookup",
                         "--app-id", "42", "--countries", "kr", "--min-required-version", "2.0.0", "--installed-versions", "1.0.0", "--format", "json"]
        let json = try Toolchain.run(arguments)
        #expect(json.status == 1, "nothing known, no dead end: 1")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let findings = try #require(object["findings"] as? [[String: Any]])
        #expect(findings.map { $0["kind"] as? String } == ["unanswered"])
        let message = try #require(findings.first?["message"] as? String)
        #expect(message.hasPrefix("No lookup answered in kr: ?id=42&country=kr and /kr/lookup?id=42 failed"), "\(message)")
        #expect(message.contains("connection refused") && message.contains("(after 4 tries)"), "\(message)")
        let matrix = try #require(object["matrix"] as? [String: Any])
        #expect((matrix["rows"] as? [[String: Any]])?.first?["cells"] as? [String] == ["unanswered"])
        #expect(try Toolchain.run(arguments + ["--strict"]).status == 3, "with --strict any finding is 3, an unanswered storefront too")
    }

    @Test func aDeadEndOutranksAnUnansweredStorefront() throws {
        let lookup = try LoopbackService(answering: #"{"resultCount":1,"results":[{"version":"1.9.0","trackId":42}]}"#, misbehaving: true)
        let result = try Toolchain.run([Toolchain.toastercli, "preflight", "--lookup-url", lookup.baseURL + "/lookup",
                                        "--app-id", "42", "--countries", "kr,jp", "--min-required-version", "2.0.0", "--format", "markdown"])
        #expect(result.status == 3)
        #expect(result.stdout.hasPrefix("### toastercli preflight: 1 × dead-end, 1 × error"))
        #expect(result.stdout.contains("| below 2.0.0 |  | **dead-end** | unanswered |"), "without an installed base, those below the minimum are shown")
    }

    @Test func anIgnoredColumnOfAVendorExportIsANote() throws {
        let server = try ServerProcess(policy: try PreflightFixtures.policy())
        let csv = try PreflightFixtures.file("App Version,Active Devices,Region\n2.0.0,10,EU\n")
        let result = try preflight(server, ["--app-id", "42", "--countries", "kr", "--min-required-version", "2.0.0", "--installed", csv,
                                            "--installed-columns", "version=App Version,users=Active Devices"])
        #expect(result.status == 0)
        #expect(result.stderr == "note: --installed \(csv): ignoring the column \"Region\" (preflight reads the version, users, os and country columns)\n")
        #expect(result.stdout.contains("2.0.0      10"))
    }

    /// What building the round says is said before the failure that stops it, and the report follows.
    @Test func aNoteSaidBeforeTheRoundFailsIsSaidFirst() throws {
        let csv = try PreflightFixtures.file("version,users,Region\n2.0.0,10,EU\n")
        let missing = csv + "-missing.p8"
        let result = try Toolchain.run([Toolchain.toastercli, "preflight", "--app-id", "42", "--countries", "kr", "--min-required-version", "2.0.0",
                                        "--installed", csv, "--asc-key-id", "KEY", "--asc-issuer-id", "ISSUER", "--asc-private-key", missing,
                                        "--format", "json"])
        #expect(result.status == 1)
        #expect(result.stderr == "note: --installed \(csv): ignoring the column \"Region\" (preflight reads the version, users, os and country columns)\n"
            + "Error: --asc-private-key: cannot open \(missing): No such file or directory\n")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(report["error"] as? String == "--asc-private-key: cannot open \(missing): No such file or directory")
    }

    @Test func checkPolicyWarnsOfWhatPreflightWouldAndRefusesANonStorefront() throws {
        let binary = Toolchain.toasterServer
        let browser = try PreflightFixtures.file(try PreflightFixtures.policy(["countries": ["kr", "us"], "forced": [
            "title": "Update", "message": "Please update.", "buttonTitle": "Update", "minAppVersion": "1.0.0", "maxAppVersion": "1.5.0",
            "startDate": PreflightFixtures.longAgo, "endDate": "2099-01-01T00:00:00Z", "url": "https://example.com/update",
        ]]))
        let warned = try Toolchain.run([binary, "--check-policy", browser])
        #expect(warned.status == 0, "warnings alone pass")
        #expect(warned.stdout.hasPrefix("\(browser): warning: apps[0] (com.example.toaster): store-url: The update URL https://example.com/update (apps[0].forced) is not an App Store link: users on 1.0.0, 1.5.0 and versions below 1.0.0 in kr, us are sent to a browser"),
                "\(warned.stdout)")
        #expect(warned.stdout.hasSuffix("\(browser): a valid policy (1 app, 1 warning)\n"))
        #expect(try Toolchain.run([binary, "--check-policy", browser, "--strict"]).status == 1, "with --strict a warning fails")
        let unknown = try PreflightFixtures.file(try PreflightFixtures.policy(["countries": ["kr", "uk"]]))
        let refused = try Toolchain.run([binary, "--check-policy", unknown])
        #expect(refused.status == 1)
        #expect(refused.stderr == "Error: policy \(unknown): apps[0].countries[1]: \"uk\" is not one of the 175 App Store storefronts; did you mean gb?\n")
    }

    @Test func policyFromTheServersFileAndFromRemoteConfigOverHTTP() throws {
        let server = try ServerProcess(policy: try PreflightFixtures.policy([
            "minRequiredVersion": "2.0.0", "remoteConfig": ["project": "toaster", "namespace": "firebase"],
            "storefronts": ["kr": ["version": "1.9.0"]],
        ]))
        let file = try kinds(server, ["--app-id", "42", "--countries", "kr,us", "--policy", server.policyPath, "--installed-versions", "1.0.0"])
        #expect(file.status == 3)
        #expect(file.kinds == ["min-above-store": ["kr"]])
        #expect((file.findings.first?["message"] as? String)?.contains("(policy \(server.policyPath) minRequiredVersion)") == true)
        let remote = try kinds(server, ["--app-id", "42", "--countries", "kr,us", "--installed-versions", "1.0.0",
                                        "--remote-config", server.baseURL + "/v1/projects/toaster/namespaces/firebase:fetch"])
        #expect(remote.status == 3)
        #expect(remote.kinds == ["min-above-store": ["kr"]])
    }
}
