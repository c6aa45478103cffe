import Foundation
import Testing
import ToasterTestSupport

/// `preflight --remote-config-template` against toaster-server's lookup: the template is the
/// policy, evaluated per storefront; `--watch` reads it again every round.
@Suite(.offThePool) struct RemoteConfigPreflightTests {
    private func arguments(_ server: ServerProcess, _ template: String) -> [String] {
        [Toolchain.toastercli, "preflight", "--lookup-url", server.baseURL + "/lookup", "--rate", "60000", "--app-id", "42",
         "--countries", "kr,jp", "--remote-config-template", template, "--installed-versions", "1.9.0"]
    }

    @Test func theConditionThatForcesIsNamed() throws {
        let server = try ServerProcess(policy: try PreflightFixtures.policy(["storefronts": ["jp": ["version": "1.9.0"]]]))
        let template = try PreflightFixtures.file(PreflightFixtures.template(jpMinimum: "2.0.0"), "template.json")
        let text = try Toolchain.run(arguments(server, template))
        #expect(text.status == 3)
        #expect(text.stdout.contains("Condition japan_first forces users on 1.9.0 in jp to 2.0.0, which jp does not serve"))
        let json = try Toolchain.run(arguments(server, template) + ["--format", "json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let findings = try #require(object["findings"] as? [[String: Any]])
        #expect(findings.map { $0["kind"] as? String } == ["min-above-store"])
        #expect(findings.first?["storefronts"] as? [String] == ["jp"], "kr gets the default, which forces nobody")
        let summary = try #require(object["remoteConfigTemplate"] as? [String: Any])
        #expect(summary["templateVersion"] as? String == "7")
    }

    @Test func anUnreadableTemplateIsOneSentence() throws {
        let server = try ServerProcess(policy: try PreflightFixtures.policy())
        let template = try PreflightFixtures.file(#"{"conditions": [{"name": "x", "expression": "device.country in ['jp'"}], "parameters": {}}"#, "template.json")
        let result = try Toolchain.run(arguments(server, template))
        #expect(result.status == 1)
        #expect(result.stderr.contains("template.json is unusable: conditions[0].expression: condition \"x\" cannot be read at offset"))
    }

    @Test func watchEndsWhenAFixIsPublished() throws {
        let server = try ServerProcess(policy: try PreflightFixtures.policy(["storefronts": ["jp": ["version": "1.9.0"]]]))
        let template = try PreflightFixtures.file(PreflightFixtures.template(jpMinimum: "2.0.0"), "template.json")
        let output = try PreflightFixtures.file("", "watch.out")
        let pid = try Toolchain.spawn(arguments(server, template) + ["--watch", "--interval", "0.2"], output: output)
        var ended: Int32?
        defer {
            // Killed and reaped only when it did not end by itself: a reaped pid may be another process's by now.
            if ended == nil { kill(pid, SIGKILL); waitpid(pid, nil, 0) }
        }
        // Required, not expected: on a failure the run is killed rather than waited for.
        try #require(Toolchain.awaitOutput(output, /waiting: (min-above-store) in jp/) != nil)
        // The fix: the condition's minimum becomes what jp serves.
        try PreflightFixtures.template(jpMinimum: "1.9.0").write(toFile: template, atomically: true, encoding: .utf8)
        try #require(Toolchain.awaitOutput(output, /(safe to force now)/) != nil, "\((try? String(contentsOfFile: output, encoding: .utf8)) ?? "")")
        ended = Toolchain.waitForExit(pid)
        #expect(ended == 0)
    }

    @Test(arguments: [
        (["--firebase-project", "toaster-test"], "give both --firebase-project and --firebase-service-account"),
        (["--remote-config-template", "t.json", "--firebase-project", "p", "--firebase-service-account", "a.json"], "--remote-config-template or --firebase-project, not both"),
        (["--min-required-version", "2.0.0", "--firebase-app-id", "1:1:ios:1"], "--firebase-app-id is for a template"),
        (["--firebase-project", "toaster-test", "--firebase-service-account", "/nonexistent/account.json"], "--firebase-service-account /nonexistent/account.json: "),
    ])
    func aTemplateFlagMissingItsPartnerIsOneSentence(arguments: [String], expected: String) throws {
        let result = try Toolchain.run([Toolchain.toastercli, "preflight", "--app-id", "42"] + arguments)
        #expect(result.status == (expected.hasSuffix(": ") ? 1 : 64))
        #expect(result.stderr.contains(expected), "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count <= 3)
    }

    @Test func rulesOnWhatPreflightDoesNotKnowAreSaidOnce() throws {
        let server = try ServerProcess(policy: try PreflightFixtures.policy())
        let template = try PreflightFixtures.file("""
            {"conditions": [{"name": "beta", "expression": "app.userProperty['beta_tester'].exactlyMatches(['true'])"}],
             "parameters": {"min_required_version": {"defaultValue": {"value": "1.0.0"}, "conditionalValues": {"beta": {"value": "2.0.0"}}}}}
            """, "template.json")
        let result = try Toolchain.run(arguments(server, template))
        #expect(result.status == 0)
        #expect(result.stderr.contains("rules on app.userProperty['beta_tester'] are false for every device preflight evaluates"))
    }
}
