import Foundation
import Testing
import ToasterTestSupport

/// `toastercli check` and the errors of `run` outside a terminal, through the real binary.
@Suite(.offThePool) struct CheckCommandTests {
    private func check(_ arguments: [String]) throws -> (status: Int32, stdout: String, stderr: String) {
        try Toolchain.run([Toolchain.toastercli, "check"] + arguments)
    }

    private func json(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    @Test func minorUpdateIsAnOptionalNoticeFeatUpdate() throws {
        let result = try check(["--source", "demo", "--app-version", "1.9.0", "--store-version", "1.10.0", "--format", "json"])
        #expect(result.status == 0)
        let object = try json(result.stdout)
        #expect(object["decision"] as? String == "optional")
        #expect(object["reason"] as? String == "minor")
        #expect(object["alertType"] as? String == "NoticeFeatUpdate")
        #expect(object["buttons"] as? [String] == ["다음에", "업데이트"])
        #expect(object["current"] as? String == "1.9.0")
        #expect(object["latest"] as? String == "1.10.0")
    }

    @Test func majorUpdateIsAForcedForceUpdate() throws {
        let result = try check(["--source", "demo", "--app-version", "1.9.0", "--store-version", "2.0.0", "--format", "json"])
        let object = try json(result.stdout)
        #expect(object["decision"] as? String == "forced")
        #expect(object["alertType"] as? String == "ForceUpdate")
        #expect(object["buttons"] as? [String] == ["업데이트"])
        #expect(object["title"] as? String == "신규 기능 업데이트 알림")
        #expect(object["updateURL"] as? String == "itms-apps://itunes.apple.com/app/id1234567890")
    }

    @Test(arguments: [("1.0.0", "1.0.0", Int32(0)), ("1.0.0", "1.0.1", 10), ("1.0.0", "2.0.0", 20), ("1.0.0.0", "1.0.0.1", 0)])
    func exitCodeTellsTheDecision(app: String, store: String, status: Int32) throws {
        let result = try check(["--app-version", app, "--store-version", store, "--exit-code"])
        #expect(result.status == status)
    }

    @Test func unusableVersionIsABadValueWithStatus64() throws {
        let result = try check(["--app-version", "1..2"])
        #expect(result.status == 64)
        #expect(result.stderr.contains("Error: --app-version: invalid version \"1..2\""))
    }

    @Test func lookupWithoutResultsFailsNamingTheCountry() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("lookup-\(UUID().uuidString).json")
        try #"{"resultCount":0,"results":[]}"#.write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        let result = try check(["--source", "appstore", "--url", file.absoluteString, "--country", "jp"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("app not found in store jp"))
    }

    @Test func lookupFileDecidesLikeTheStore() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("lookup-\(UUID().uuidString).json")
        try #"{"resultCount":1,"results":[{"version":"1.3.0","trackId":6751636184,"trackName":"Toaster","fileSizeBytes":"52428800"}]}"#
            .write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        let result = try check(["--source", "appstore", "--url", file.absoluteString, "--app-version", "1.2.9", "--format", "json"])
        let object = try json(result.stdout)
        #expect(object["decision"] as? String == "optional")
        #expect(object["updateURL"] as? String == "itms-apps://itunes.apple.com/app/id6751636184")
    }

    @Test func runWithoutATerminalPointsToCheck() throws {
        let result = try Toolchain.run([Toolchain.toastercli, "run"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("toastercli check"))
    }

    @Test func checkSaysWhichGateHeldTheAlertBack() throws {
        let young = try check(["--app-version", "1.9.0", "--store-version", "1.10.0", "--store-released", "2026-11-22T08:00:00Z",
                               "--released-for-days", "1", "--now", "2026-11-22T09:00:00Z", "--format", "json", "--exit-code"])
        #expect(young.status == 0, "a held-back alert is no prompt")
        let object = try json(young.stdout)
        #expect(object["decision"] as? String == "none")
        #expect(object["heldBackBy"] as? String == "releaseAge")
        #expect(object["heldDecision"] as? String == "optional")
        let oldOS = try check(["--app-version", "1.0.0", "--store-version", "2.0.0", "--store-minimum-os", "17.0", "--os-version", "16.7"])
        #expect(oldOS.stdout.contains("held back: forced alert held by osVersion (needs OS 17.0, the device runs 16.7)"), "\(oldOS.stdout)")
        let rules = try check(["--app-version", "1.9.0", "--store-version", "1.10.0", "--rules", "relaxed", "--format", "json"])
        #expect(try json(rules.stdout)["buttons"] as? [String] == ["업데이트", "다음에", "이 버전 건너뛰기"], "in the order the alert adds them")
        #expect(try json(rules.stdout)["frequency"] as? String == "weekly")
        let bad = try check(["--rules", "sometimes"])
        #expect(bad.status == 64)
        #expect(bad.stderr.contains("neither an outcome"))
    }

    /// `check` is stateless unless --state-dir names a folder; then it reads and records as
    /// `run` does, offline forced rule included.
    @Test func rememberedAnswersOnlyWithAnExplicitStateFolder() throws {
        let state = try StateFolder()
        let missing = "file:///nonexistent-\(UUID().uuidString).json"
        let online = try check(["--app-version", "1.0.0", "--store-version", "2.0.0", "--state-dir", state.path, "--exit-code"])
        #expect(online.status == 20)
        #expect(FileManager.default.fileExists(atPath: state.demoAppFile), "the forced decision is remembered")

        let offline = try check(["--source", "appstore", "--url", missing, "--app-version", "1.0.0", "--state-dir", state.path,
                                 "--format", "json", "--exit-code"])
        #expect(offline.status == 20, "\(offline.stderr)")
        #expect(try json(offline.stdout)["reason"] as? String == "rememberedForced")
        #expect(offline.stderr.contains("warning: appstore: ") && offline.stderr.contains("the last forced decision stands"))

        let stateless = try check(["--source", "appstore", "--url", missing, "--app-version", "1.0.0", "--exit-code"])
        #expect(stateless.status == 1)
        #expect(stateless.stderr.contains("Error: appstore: "))
    }

    @Test func inputFilesThatNeverEndAreRefusedNotReadForever() throws {
        let key = try check(["--source", "cms", "--url", "file:///dev/null", "--cms-api-key-file", "/dev/zero"])
        #expect(key.status == 1)
        #expect(key.stderr.contains("--cms-api-key-file: cannot read a key: /dev/zero is not a regular file"))
        let theme = try Toolchain.run([Toolchain.toastercli, "--theme", "/dev/zero"])
        #expect(theme.status == 1)
        #expect(theme.stderr.contains("--theme: /dev/zero is not a regular file"))
    }

    private func answerFile(_ text: String) throws -> URL {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("answer-\(UUID().uuidString).json")
        try text.write(to: file, atomically: true, encoding: .utf8)
        return file
    }

    @Test func anAbsentRemoteConfigKeyIsNamedWithTheKeysThatWereThere() throws {
        let file = try answerFile(#"{"entries":{"min_requred_version":"1.5.0","latest_version":"1.1.0"},"state":"UPDATE"}"#)
        defer { try? FileManager.default.removeItem(at: file) }
        let arguments = ["--source", "remote-config", "--url", file.absoluteString, "--app-version", "1.0.0"]
        let notice = #"Remote Config entries: no "min_required_version" (did you mean "min_requred_version"?), no "force_update_store_url"; present: "min_requred_version", "latest_version""#
        let text = try check(arguments)
        #expect(text.status == 0)
        // Remote Config naming no minimum forces nobody, and says so beside the absent key.
        let none = "the answer names no minimum (min_required_version): it forces nobody, and a newer latest version is at most optional"
        #expect(text.stdout.contains("decision: optional (newerLatestVersion)"), "\(text.stdout)")
        #expect(text.stdout.contains("notice: " + notice))
        let object = try json(try check(arguments + ["--format", "json"]).stdout)
        #expect(object["notices"] as? [String] == [notice, none])
    }

    /// A forced minimum above the version the store serves leads nowhere: said where the
    /// store's version is known (the demo store, the store beside a service), never guessed
    /// from a service's own latest version.
    @Test func aForcedMinimumAboveTheStoreIsADeadEnd() throws {
        let demo = try json(try check(["--app-version", "1.9.0", "--store-version", "2.0.0", "--min-required-version", "2.1.0", "--format", "json"]).stdout)
        #expect(demo["decision"] as? String == "forced")
        #expect(demo["deadEnd"] as? Bool == true)
        let notice = "dead end: the forced minimum 2.1.0 is above 2.0.0, the version the App Store serves: users forced to it cannot get it there, "
            + "the App Store shows Open and the alert comes back (toastercli preflight finds this in every storefront before the policy ships)"
        #expect(demo["notices"] as? [String] == [notice])
        let text = try check(["--app-version", "1.9.0", "--store-version", "2.0.0", "--min-required-version", "2.1.0", "--exit-code"])
        #expect(text.status == 20)
        #expect(text.stdout.contains("notice: " + notice))
        let served = try json(try check(["--app-version", "1.9.0", "--store-version", "2.0.0", "--min-required-version", "2.0.0", "--format", "json"]).stdout)
        #expect(served["deadEnd"] as? Bool == false)
        #expect(served["notices"] as? [String] == [])
        let file = try answerFile(#"{"entries":{"min_required_version":"2.1.0","latest_version":"2.1.0","force_update_store_url":"itms-apps://itunes.apple.com/app/id1234567890"},"state":"UPDATE"}"#)
        defer { try? FileManager.default.removeItem(at: file) }
        let service = ["--source", "remote-config", "--url", file.absoluteString, "--app-version", "1.9.0", "--format", "json"]
        #expect(try json(try check(service + ["--store-version", "2.0.0"]).stdout)["deadEnd"] as? Bool == true)
        #expect(try json(try check(service).stdout)["deadEnd"] as? Bool == false, "Remote Config's latest version is not the store's")
    }

    /// Without --locale the program's texts follow the simulated device's language, as the app's own strings do.
    @Test(arguments: [(["--device-language", "ja-JP"], "アップデート"), (["--device-language", "de-DE"], "Update"),
                      (["--device-language", "ja-JP", "--locale", "ko"], "업데이트")])
    func theAlertSpeaksTheDevicesLanguage(flags: [String], button: String) throws {
        let template = try answerFile(#"{"parameters":{"min_required_version":{"defaultValue":{"value":"2.0.0"}},"latest_version":{"defaultValue":{"value":"2.0.0"}}}}"#)
        defer { try? FileManager.default.removeItem(at: template) }
        let result = try check(["--template", template.path, "--app-version", "1.0.0", "--format", "json"] + flags)
        #expect(result.status == 0, "\(result.stderr)")
        let object = try json(result.stdout)
        #expect(object["decision"] as? String == "forced")
        #expect(object["buttons"] as? [String] == [button])
    }

    @Test func anAbsentCMSKeyIsNamedAndAMissingRangeIsUnusable() throws {
        let withoutEnd = try answerFile(#"{"title":"t","message":"m","startDate":"2026-01-01T00:00:00Z","minAppVersion":"1.0.0","maxAppVersion":"1.9.9","buttonTitle":"b","url":"u"}"#)
        defer { try? FileManager.default.removeItem(at: withoutEnd) }
        let object = try json(try check(["--source", "cms", "--url", withoutEnd.absoluteString, "--format", "json"]).stdout)
        #expect(object["decision"] as? String == "forced")
        #expect((object["notices"] as? [String])?.first?.hasPrefix(#"CMS object: no "endDate"; present: "title""#) == true)
        let withoutRange = try answerFile(#"{"title":"t","minAppVerison":"1.0.0","maxAppVersion":"1.9.9"}"#)
        defer { try? FileManager.default.removeItem(at: withoutRange) }
        let result = try check(["--source", "cms", "--url", withoutRange.absoluteString])
        #expect(result.status == 1)
        #expect(result.stderr.contains(#"no "minAppVersion" (did you mean "minAppVerison"?)"#))
    }

    @Test(arguments: [
        (#"{"entries":{"latest_version":"2.0.0",},"state":"UPDATE"}"#, "line 1, column 38: expected a key in double quotes"),
        (#"{"entries":{"latest_version":"2.0.0"},"state":"UPDATE","state":"NO_CHANGE"}"#, #"line 1, column 56: the key "state" appears twice in one object"#),
        ("{\"entries\":\n  {\"latest_version\": \"2.0.0\"", "line 2, column 29: expected , or } in an object"),
    ])
    func answerFilesMustBeStandardJSON(text: String, problem: String) throws {
        let file = try answerFile(text)
        defer { try? FileManager.default.removeItem(at: file) }
        let result = try check(["--source", "remote-config", "--url", file.absoluteString])
        #expect(result.status == 1)
        #expect(result.stderr == "Error: remote-config: Remote Config answer from \(file.path) is unusable: it is not JSON: \(problem)\n")
    }

    @Test func aFileURLWithAHostIsRefused() throws {
        let result = try check(["--source", "appstore", "--url", "file://tmp/lookup.json"])
        #expect(result.status == 64)
        #expect(result.stderr.contains(#"--url "file://tmp/lookup.json" names the host "tmp"; a file URL has none (write file:///tmp/lookup.json for an absolute path)"#))
    }

    @Test(arguments: [
        (["run", "--launch-screen-ms", "-5"], "--launch-screen-ms must be between 0 and 60000"),
        (["run", "--launch-screen-ms=-5"], "--launch-screen-ms must be between 0 and 60000"),
        (["check", "--timeout", "-1"], "--timeout must be more than 0 and at most 600 seconds"),
        (["check", "--released-for-days", "-2"], "--released-for-days must be between 0 and 3650"),
    ])
    func negativeNumbersAreRefusedByTheirRange(arguments: [String], message: String) throws {
        let result = try Toolchain.run([Toolchain.toastercli] + arguments)
        #expect(result.status == 64)
        #expect(result.stderr.contains("Error: " + message), "\(result.stderr)")
    }
}
