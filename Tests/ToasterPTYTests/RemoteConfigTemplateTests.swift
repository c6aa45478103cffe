import Foundation
import Testing
import ToasterTestSupport

/// `--source remote-config --template FILE` through the real binary, on the example export
/// (`examples/remote-config/template.json`, a console download's shape).
@Suite(.offThePool) struct RemoteConfigTemplateTests {
    static let template = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../examples/remote-config/template.json").standardizedFileURL.path
    static let appID = "1:1234567890:ios:0a1b2c3d4e5f6789"

    private func check(_ arguments: [String]) throws -> (status: Int32, stdout: String, stderr: String) {
        try Toolchain.run([Toolchain.toastercli, "check", "--source", "remote-config", "--template", Self.template,
                           "--now", "2026-11-22T09:00:00Z"] + arguments)
    }

    private func json(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    @Test func textSaysWhichConditionGaveEachKey() throws {
        let result = try check(["--app-version", "1.9.0", "--country", "jp", "--firebase-app-id", Self.appID,
                                "--user-property", "beta_tester=false", "--percentile", "50", "--exit-code"])
        #expect(result.status == 20, "forced: \(result.stderr)")
        #expect(result.stdout.hasPrefix("decision: forced (belowMinimumRequired)\n"))
        #expect(result.stdout.hasSuffix("""
            updateURL: itms-apps://itunes.apple.com/app/id1234567890
            remoteConfig: template version 42, percentile 50
              min_required_version = 2.0.0 (condition jp_ios_old: device.os == 'ios' && device.country in ['jp'] && app.version.<(['2.0.0']))
              latest_version = 2.0.0 (default)
              force_update_store_url = itms-apps://itunes.apple.com/app/id1234567890 (condition ios: device.os == 'ios')

            """))
    }

    @Test func jsonGivesTheValueTheConditionAndTheVersion() throws {
        let result = try check(["--app-version", "2.0.0", "--country", "KR", "--firebase-app-id", Self.appID,
                                "--user-property", "beta_tester=true", "--percentile", "5", "--format", "json"])
        #expect(result.status == 0, "\(result.stderr)")
        let object = try json(result.stdout)
        #expect(object["decision"] as? String == "optional")
        #expect(object["latest"] as? String == "2.2.0", "beta_testers comes before ios_rollout_2_1 in the template")
        let remoteConfig = try #require(object["remoteConfig"] as? [String: Any])
        #expect(remoteConfig["templateVersion"] as? String == "42")
        #expect(remoteConfig["percentile"] as? Int == 5)
        let parameters = try #require(remoteConfig["parameters"] as? [String: [String: Any]])
        #expect(parameters["latest_version"]?["value"] as? String == "2.2.0")
        #expect(parameters["latest_version"]?["condition"] as? String == "beta_testers")
        #expect(parameters["latest_version"]?["expression"] as? String == "app.userProperty['beta_tester'].exactlyMatches(['true'])")
        #expect(parameters["min_required_version"]?["condition"] as? String == "default")
        #expect(remoteConfig["outcomes"] == nil, "a pinned percentile gives one answer")
    }

    @Test func withoutAPercentileEachOutcomeHasItsShare() throws {
        let result = try check(["--app-version", "2.0.0", "--country", "kr", "--firebase-app-id", Self.appID,
                                "--user-property", "beta_tester=false", "--format", "json"])
        let object = try json(result.stdout)
        #expect(object["decision"] as? String == "optional", "the most severe group's: 10 % are offered 2.1.0, though 90 % are up to date")
        let outcomes = try #require((object["remoteConfig"] as? [String: Any])?["outcomes"] as? [[String: Any]])
        #expect(outcomes.map { $0["share"] as? Int } == [90, 10])
        #expect(outcomes.map { $0["decision"] as? String } == ["none", "optional"])
        let notices = try #require(object["notices"] as? [String])
        #expect(notices.contains { $0.hasPrefix("the answer depends on the device's percentile") })
        let text = try check(["--app-version", "2.0.0", "--country", "kr", "--firebase-app-id", Self.appID, "--user-property", "beta_tester=false"])
        #expect(text.stdout.contains("  10% of devices: optional\n    min_required_version = 1.0.0 (default)\n"
                                     + "    latest_version = 2.1.0 (condition ios_rollout_2_1: app.id == '\(Self.appID)' && percent <= 10)"))
    }

    @Test(arguments: [
        (["check", "--source", "appstore", "--template", "x.json"], "--template is a Remote Config template: not for --source appstore"),
        (["check", "--source", "remote-config", "--template", "x.json", "--url", "http://127.0.0.1:9/"], "give --url or --template, not both"),
        (["check", "--source", "remote-config"], "--source remote-config needs --url (or --template FILE, or --firebase-project ID)"),
        (["check", "--percentile", "20"], "--percentile describes the device Remote Config answers: give it with --source remote-config --template FILE or --firebase-project ID"),
        (["check", "--source", "remote-config", "--template", "x.json", "--percentile", "101"], "--percentile must be between 0 and 100"),
        (["check", "--source", "remote-config", "--template", "x.json", "--user-property", "vip"], "--user-property \"vip\" is not NAME=VALUE"),
        (["check", "--source", "remote-config", "--template", "x.json", "--first-open", "yesterday"], "--first-open \"yesterday\" is not an ISO 8601 instant"),
    ])
    func aMisusedFlagIsAUsageError(arguments: [String], message: String) throws {
        let result = try Toolchain.run([Toolchain.toastercli] + arguments)
        #expect(result.status == 64)
        #expect(result.stderr.contains(message), "\(result.stderr)")
    }

    @Test func anExpressionItCannotReadNamesTheConditionAndThePlace() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("template-\(UUID().uuidString).json")
        try #"{"conditions":[{"name":"jp_old","expression":"device.country in ['jp'] && app.version < '2.0.0'"}]}"#
            .write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        let result = try Toolchain.run([Toolchain.toastercli, "check", "--source", "remote-config", "--template", file.path])
        #expect(result.status == 1)
        #expect(result.stderr.contains(#"conditions[0].expression: condition "jp_old" cannot be read at offset 40 ("< '2.0.0'"): "#
            + #"expected a method such as .>=(['2.0.0']) or .contains(['1.0']) after app.version"#), "\(result.stderr)")
    }

    @Test func theTracesVersionCheckCarriesTheSame() throws {
        let app = try ToasterApp(["--source", "remote-config", "--template", Self.template, "--app-version", "1.9.0", "--country", "jp",
                                  "--firebase-app-id", Self.appID, "--user-property", "beta_tester=false", "--percentile", "50"])
        try app.waitForForcedAlert()
        try app.trace.waitFor("the template's decision") { $0.contains("versionCheck forced") }
        let check = try #require(try app.trace.events().first { $0["event"] as? String == "versionCheck" })
        let remoteConfig = try #require(check["remoteConfig"] as? [String: Any])
        #expect(remoteConfig["templateVersion"] as? String == "42")
        let parameters = try #require(remoteConfig["parameters"] as? [String: [String: Any]])
        #expect(parameters["min_required_version"]?["condition"] as? String == "jp_ios_old")
        #expect(parameters["min_required_version"]?["value"] as? String == "2.0.0")
    }
}
