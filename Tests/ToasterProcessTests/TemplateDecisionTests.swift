import Foundation
import Testing
import ToasterTestSupport

/// `check` over a realistic template, as the team who wrote it means it: only the minimum
/// forces, the alert's texts are the template's, the device's language and installation are
/// read as Firebase reads them, and a rollout splits its share.
@Suite(.offThePool) struct TemplateDecisionTests {
    private func check(_ template: String, _ arguments: [String]) throws -> (status: Int32, object: [String: Any], stderr: String) {
        let result = try Toolchain.run([Toolchain.toastercli, "check", "--template", template, "--now", "2026-11-22T09:00:00Z",
                                        "--locale", "en", "--format", "json"] + arguments)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any], "\(result.stderr)")
        return (result.status, object, result.stderr)
    }

    @Test func aboveTheMinimumUSIsPromptedAndBelowItJapanIsForced() throws {
        let template = try TemplateFixtures.file()
        let us = try check(template, ["--country", "us", "--app-version", "1.9.0", "--exit-code"])
        #expect(us.status == 10, "optional: \(us.stderr)")
        #expect(us.object["decision"] as? String == "optional")
        #expect(us.object["reason"] as? String == "newerLatestVersion")
        #expect(us.object["alertType"] as? String == "NoticeFeatUpdate")
        #expect(us.object["why"] as? String == "1.9.0 is not below the minimum 1.5.0 (min_required_version, the template's default), and only the minimum forces: "
                + "the latest version 2.0.0 (latest_version, the template's default) is a major update, so the check offers a major update as optional (--rules changes that)")
        #expect(us.object["title"] as? String == "Feature Update", "an optional alert keeps its own texts")

        let jp = try check(template, ["--country", "jp", "--app-version", "1.9.0", "--exit-code"])
        #expect(jp.status == 20)
        #expect(jp.object["reason"] as? String == "belowMinimumRequired")
        #expect(jp.object["why"] as? String == "1.9.0 is below the minimum 2.0.0 (min_required_version, condition jp_kr_old): the minimum decides who is forced")
        #expect(jp.object["title"] as? String == "Update required")
        #expect(jp.object["message"] as? String == "This version of Toaster is no longer supported. Please update to keep saving links.")
    }

    @Test func theTextSaysTheRuleAndTheTemplatesTexts() throws {
        let result = try Toolchain.run([Toolchain.toastercli, "check", "--template", try TemplateFixtures.file(),
                                        "--country", "kr", "--app-version", "1.0.0", "--locale", "en"])
        #expect(result.stdout.hasPrefix("decision: forced (belowMinimumRequired)\nwhy: 1.0.0 is below the minimum 2.0.0 (min_required_version, condition jp_kr_old)"))
        #expect(result.stdout.contains("\ntitle: Update required\nmessage: This version of Toaster is no longer supported."))
    }

    @Test func theTextKeysAreTheAppsOwn() throws {
        let template = try TemplateFixtures.file()
        let renamed = try check(template, ["--country", "jp", "--app-version", "1.9.0", "--rc-title-key", "force_update_message",
                                           "--rc-message-key", "update_body"])
        #expect(renamed.object["title"] as? String == "This version of Toaster is no longer supported. Please update to keep saving links.")
        let builtIn = try check(template, ["--country", "jp", "--app-version", "1.9.0", "--rc-title-key", "update_title",
                                           "--rc-message-key", "update_body"])
        #expect(builtIn.object["decision"] as? String == "forced")
        #expect(builtIn.object["title"] as? String != "Update required", "an absent key leaves the built-in title")
        #expect((builtIn.object["message"] as? String)?.contains("no longer supported") == false, "and the built-in message")
    }

    @Test func givenRulesStillDecideByKind() throws {
        let us = try check(try TemplateFixtures.file(), ["--country", "us", "--app-version", "1.9.0", "--rules", "major=force"])
        #expect(us.object["decision"] as? String == "forced")
        #expect(us.object["reason"] as? String == "major")
    }

    @Test func aGermanDeviceReadsTheGermanMessage() throws {
        for language in ["de-DE", "de_AT", "de-CH"] {
            let jp = try check(try TemplateFixtures.file(), ["--country", "jp", "--app-version", "1.9.0", "--device-language", language])
            #expect(jp.object["message"] as? String == "Bitte aktualisieren Sie Toaster.", "\(language)")
        }
        let english = try check(try TemplateFixtures.file(), ["--country", "jp", "--app-version", "1.9.0", "--device-language", "en-GB"])
        #expect((english.object["message"] as? String)?.hasPrefix("This version") == true)
    }

    @Test func aRolloutIsAShareOfTheDevicesItsConditionHoldsFor() throws {
        let us = try check(try TemplateFixtures.file(), ["--country", "us", "--app-version", "2.0.0"])
        #expect(us.object["decision"] as? String == "optional", "the most severe group's: 10 % are offered 2.1.0, though 90 % are up to date")
        #expect(us.object["latest"] as? String == "2.1.0")
        let outcomes = try #require((us.object["remoteConfig"] as? [String: Any])?["outcomes"] as? [[String: Any]])
        #expect(outcomes.map { $0["share"] as? Int } == [90, 10])
        #expect(outcomes.map { $0["decision"] as? String } == ["none", "optional"])
        let rolledOut = try #require((outcomes[1]["parameters"] as? [String: [String: Any]])?["latest_version"])
        #expect(rolledOut["value"] as? String == "2.1.0")
        #expect(rolledOut["rollout"] as? String == "rollout_7")
    }

    /// A canary minimum for 10 %: `--exit-code` is 20, as the forced 10 % would see it; both
    /// groups are listed with their shares, in the text and in JSON.
    @Test func aForcedCanaryFailsTheGateThoughMostAreOptional() throws {
        let template = try TemplateFixtures.file(#"""
            {"conditions": [{"name": "canary", "expression": "percent <= 10"}],
             "parameters": {"min_required_version": {"defaultValue": {"value": "1.0.0"}, "conditionalValues": {"canary": {"value": "2.0.0"}}},
                            "latest_version": {"defaultValue": {"value": "2.0.0"}}}}
            """#)
        let gate = try check(template, ["--app-version", "1.9.0", "--exit-code"])
        #expect(gate.status == 20, "\(gate.stderr)")
        #expect(gate.object["decision"] as? String == "forced")
        let outcomes = try #require((gate.object["remoteConfig"] as? [String: Any])?["outcomes"] as? [[String: Any]])
        #expect(outcomes.map { $0["share"] as? Int } == [90, 10])
        #expect(outcomes.map { $0["decision"] as? String } == ["optional", "forced"])
        let text = try Toolchain.run([Toolchain.toastercli, "check", "--template", template, "--app-version", "1.9.0", "--locale", "en", "--exit-code"])
        #expect(text.status == 20)
        #expect(text.stdout.hasPrefix("decision: forced (belowMinimumRequired)\nwhy: 1.9.0 is below the minimum 2.0.0 (min_required_version, condition canary)"))
        #expect(text.stdout.contains("  90% of devices: optional\n") && text.stdout.contains("  10% of devices: forced\n"), "\(text.stdout)")
        let pinned = try check(template, ["--app-version", "1.9.0", "--percentile", "50", "--exit-code"])
        #expect(pinned.status == 10, "a pinned device outside the canary is offered the update")
    }

    /// A template that names no minimum (here, none at all) forces nobody, whatever the kind of
    /// update, and says so; the bare App Store lookup's table is not applied to it.
    @Test func aTemplateWithoutAMinimumForcesNobody() throws {
        let template = try TemplateFixtures.file(#"{"parameters": {"latest_version": {"defaultValue": {"value": "2.0.0"}}}}"#)
        let result = try check(template, ["--app-version", "1.9.0", "--exit-code"])
        #expect(result.status == 10, "\(result.stderr)")
        #expect(result.object["reason"] as? String == "newerLatestVersion")
        #expect((result.object["notices"] as? [String])?.contains(
            "the answer names no minimum (min_required_version): it forces nobody, and a newer latest version is at most optional") == true,
                "\(result.object)")
    }

    /// firebase-admin-go's vectors: seed `1` with `one` is 64.146488, `abcdef` with `123` 9.571542.
    @Test func anInstallationIDAlonePlacesTheDevice() throws {
        let template = try TemplateFixtures.file(#"""
            {"conditions": [{"name": "exactly", "expression": "percent('1') between 64.146487 and 64.146488"},
                            {"name": "abcdef", "expression": "percent('abcdef') <= 9.571542"}],
             "parameters": {"min_required_version": {"defaultValue": {"value": "1.0.0"}, "conditionalValues": {"exactly": {"value": "2.0.0"}}},
                            "latest_version": {"defaultValue": {"value": "2.0.0"}, "conditionalValues": {"abcdef": {"value": "2.1.0"}}}}}
            """#)
        let one = try check(template, ["--app-version", "1.9.0", "--installation-id", "one"])
        #expect(one.object["decision"] as? String == "forced")
        #expect(one.object["reason"] as? String == "belowMinimumRequired")
        #expect((one.object["notices"] as? [String])?.contains { $0.contains(#"percent("1") at 64.146488"#) } == true)
        let other = try check(template, ["--app-version", "1.9.0", "--installation-id", "123"])
        #expect(other.object["latest"] as? String == "2.1.0")
        let pinned = try check(template, ["--app-version", "1.9.0", "--installation-id", "one", "--percentile", "99"])
        #expect(pinned.object["decision"] as? String == "optional", "--percentile still pins it")
    }
}
