import Foundation
import Testing
import ToasterTestSupport
import ToasterCore
@testable import ToasterServices

/// `--template FILE`: the example export evaluated with the system's time zones, the notices
/// nothing is silent without, and a file that cannot serve named with its place.
@Suite(.offThePool) struct RemoteConfigTemplateSourceTests {
    static let example = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../../examples/remote-config/template.json").standardizedFileURL.path

    private func source(_ path: String = example, now: String = "2026-11-22T09:00:00Z",
                        _ change: (inout RemoteConfigDevice) -> Void = { _ in }) -> RemoteConfigTemplateSource {
        var device = RemoteConfigDevice(appVersion: "1.9.0", firebaseAppID: "1:1234567890:ios:0a1b2c3d4e5f6789", country: "jp",
                                        language: "ja", userProperties: ["beta_tester": "false"], microPercentile: 50_000_000,
                                        now: Date(timeIntervalSince1970: 0))
        change(&device)
        return RemoteConfigTemplateSource(path: path, keys: .default, device: device, clock: FixedClock(now: ISO8601.parse(now)!))
    }

    private func write(_ text: String) throws -> String {
        let path = "/tmp/toaster-template-\(UUID().uuidString).json"
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test func theExampleForcesAnOldIPhoneInJapan() throws {
        let answer = try source().fetchAnswer()
        #expect(answer.minimumRequiredVersion == "2.0.0")
        #expect(answer.latestVersion == "2.0.0")
        #expect(answer.updateURL == "itms-apps://itunes.apple.com/app/id1234567890")
        #expect(answer.notices.isEmpty, "\(answer.notices)")
        let choice = try #require(answer.remoteConfig?.chosen.choices.first)
        #expect(choice.condition == "jp_ios_old")
        #expect(answer.remoteConfig?.templateVersion == "42")
    }

    @Test func aTimeZoneIsReadFromTheSystemsData() throws {
        // holiday_banner starts 2026-12-24T00:00 in Tokyo, 2026-12-23T15:00 UTC; it gives only
        // welcome_message, so read that key as the store URL's to see it.
        let keys = RemoteConfigKeys(minimumRequired: "min_required_version", latest: "latest_version", storeURL: "welcome_message")
        func message(at now: String) throws -> String? {
            let base = source(now: now)
            return try RemoteConfigTemplateSource(path: base.path, keys: keys, device: base.device, clock: base.clock).fetchAnswer().updateURL
        }
        #expect(try message(at: "2026-12-23T14:59:59Z") == "Welcome to Toaster")
        #expect(try message(at: "2026-12-23T15:00:00Z") == "Happy holidays")
    }

    @Test func whatIsMissingOrSplitIsSaid() throws {
        let answer = try source { $0.firebaseAppID = nil; $0.userProperties = [:]; $0.microPercentile = nil; $0.country = "kr" }.fetchAnswer()
        #expect(answer.notices == [
            "Remote Config template: rules on app.userProperty['beta_tester'] (--user-property), app.id (--firebase-app-id) were false, "
                + "as Firebase reads a rule on a value the device does not have",
        ], "without an app id the rollout never holds, so the percentile splits nothing")
        let split = try source { $0.microPercentile = nil; $0.country = "kr" }.fetchAnswer()
        #expect(split.notices == ["the answer depends on the device's percentile (percent conditions, rollouts): 2 groups of devices (90%, 10%); "
                                  + "the decision is the most severe group's; --percentile N pins one device"])
        #expect(split.latestVersion == "2.0.0")
    }

    @Test func anInAppDefaultAndAnAbsentKeyAreNoticed() throws {
        let path = try write(#"{"parameters": {"min_required_version": {"defaultValue": {"useInAppDefault": true}}, "latest_version": {"defaultValue": {"value": "2.0.0"}}}}"#)
        let answer = try source(path).fetchAnswer()
        #expect(answer.minimumRequiredVersion == nil)
        #expect(answer.notices == [
            #"Remote Config template: no "force_update_store_url"; it gives "min_required_version", "latest_version""#,
            #"Remote Config template leaves "min_required_version" to the app's in-app default (its default value): the fetch does not carry it"#,
        ])
    }

    @Test(arguments: [
        (#"{"conditions": [{"name": "jp", "expression": "device.country == 'jp'"}]}"#,
         #"is unusable: conditions[0].expression: condition "jp" cannot be read at offset 15 ("== 'jp'"): expected in [...] after device.country"#),
        (#"{"parameters": {"latest_version": {"defaultValue": {"value": "two"}}}}"#,
         #"is unusable: parameters.latest_version.defaultValue.value: invalid version "two""#),
        (#"{"conditions": [], "parameters": {"a": 1,}}"#, "is unusable: it is not JSON: line 1, column 42"),
    ])
    func aTemplateThatCannotServeIsNamedWithItsPlace(json: String, message: String) throws {
        let path = try write(json)
        do {
            _ = try source(path).fetchAnswer()
            Issue.record("no error")
        } catch {
            #expect(error.kind == .unusableAnswer)
            #expect(error.message.hasPrefix("Remote Config template \(path) "))
            #expect(error.message.contains(message), "\(error.message)")
        }
    }

    @Test func aMissingFileIsAMisconfiguration() throws {
        #expect(throws: SourceError(.misconfigured, "--template: cannot open /tmp/toaster-no-such-template.json: No such file or directory")) {
            try source("/tmp/toaster-no-such-template.json").fetchAnswer()
        }
    }
}
