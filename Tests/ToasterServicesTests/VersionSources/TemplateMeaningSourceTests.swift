import Foundation
import Testing
import ToasterCore
@testable import ToasterServices
import ToasterTestSupport

/// A template as the team who wrote it means it: its forced alert's texts, its names in the
/// decision's sentence, and the installation placed by Firebase's hash.
@Suite struct TemplateMeaningSourceTests {
    static let now = ISO8601.parse("2026-11-22T09:00:00Z")!

    private func write(_ text: String) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("toaster-template-\(UUID().uuidString).json").path
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    private func answer(_ template: String, keys: RemoteConfigKeys = .default, _ change: (inout RemoteConfigDevice) -> Void = { _ in }) throws -> SourceAnswer {
        var device = RemoteConfigDevice(appVersion: "1.9.0", country: "jp", now: Self.now)
        change(&device)
        return try RemoteConfigTemplateSource(path: try write(template), keys: keys, device: device, clock: FixedClock(now: Self.now)).fetchAnswer()
    }

    static let texts = #"""
        {"conditions": [{"name": "jp_old", "expression": "device.country in ['jp'] && app.version.<(['2.0.0'])"},
                        {"name": "german", "expression": "device.language in ['de']"}],
         "parameters": {"min_required_version": {"defaultValue": {"value": "1.5.0"}, "conditionalValues": {"jp_old": {"value": "2.0.0"}}},
                        "latest_version": {"defaultValue": {"value": "2.0.0"}},
                        "force_update_title": {"defaultValue": {"value": "Update required"}},
                        "force_update_message": {"defaultValue": {"value": "This version is no longer supported.\u001b[2J"},
                                                 "conditionalValues": {"german": {"value": "Bitte aktualisieren."}}},
                        "other_message": {"defaultValue": {"value": "From another key"}}}}
        """#

    @Test func theTemplatesTextsAreTheForcedAlerts() throws {
        let answer = try answer(Self.texts)
        #expect(answer.texts == AlertTextOverride(title: "Update required", message: "This version is no longer supported.\u{1B}[2J"))
        let report = try UpdateDecider(appID: "42", language: .en).decide(current: "1.9.0", answer: answer, now: Self.now)
        #expect(report.alert?.title == "Update required")
        #expect(report.text.contains("message: This version is no longer supported.\\u001b[2J"), "escaped as a CMS text is")
        #expect(report.json.serialized().contains(#""message":"This version is no longer supported.\u001b[2J""#))
        #expect(report.why == "1.9.0 is below the minimum 2.0.0 (min_required_version, condition jp_old): the minimum decides who is forced")
        // A language condition without a region holds for the device's regional tag.
        #expect(try self.answer(Self.texts) { $0.language = "de-AT" }.texts?.message == "Bitte aktualisieren.")
        // Other keys, given.
        let other = try self.answer(Self.texts, keys: RemoteConfigKeys(minimumRequired: "min_required_version", latest: "latest_version",
                                                                      storeURL: "force_update_store_url", message: "other_message"))
        #expect(other.texts?.message == "From another key")
        #expect(other.remoteConfig?.chosen.choices.map(\.key).contains("force_update_title") == true)
    }

    @Test func aTextThatIsNoTextIsNamedByItsKey() throws {
        #expect {
            try self.answer(#"{"parameters": {"force_update_title": {"defaultValue": {"value": 7}}}}"#)
        } throws: { error in
            "\(error)".contains("parameters.force_update_title.defaultValue.value: a number is not a text")
        }
    }

    @Test func aTemplateWithoutTextsKeepsTheBuiltInOnesAndSaysNothingOfThem() throws {
        let answer = try answer(#"{"parameters": {"min_required_version": {"defaultValue": {"value": "2.0.0"}}, "latest_version": {"defaultValue": {"value": "2.0.0"}}}}"#)
        #expect(answer.texts == nil)
        #expect(!answer.notices.contains { $0.contains("force_update_title") || $0.contains("force_update_message") }, "\(answer.notices)")
    }

    /// `percent('1') <= 64.146488` holds for the installation `one` (64.146488, firebase-admin-go's
    /// vector) and `percent('1') <= 64.146487` does not; `abcdef`/`123` is 9.571542.
    @Test func anInstallationIsPlacedWhereFirebasesHashPlacesIt() throws {
        let template = #"""
            {"conditions": [{"name": "exactly", "expression": "percent('1') between 64.146487 and 64.146488"},
                            {"name": "abcdef", "expression": "percent('abcdef') <= 9.571542"}],
             "parameters": {"min_required_version": {"defaultValue": {"value": "1.0.0"}, "conditionalValues": {"exactly": {"value": "2.0.0"}}},
                            "latest_version": {"defaultValue": {"value": "2.0.0"}, "conditionalValues": {"abcdef": {"value": "2.1.0"}}}}}
            """#
        let one = try answer(template) { $0.installationID = "one" }
        #expect(one.minimumRequiredVersion == "2.0.0")
        #expect(one.remoteConfig?.dependsOnPercentile == false, "an installation is one device")
        #expect(one.notices.contains { $0.hasPrefix(#"the installation "one" is placed by Firebase's hash: percent("1") at 64.146488"#) })
        #expect(try answer(template) { $0.installationID = "123" }.latestVersion == "2.1.0")
        let pinned = try answer(template) { $0.installationID = "one"; $0.microPercentile = 99_000_000 }
        #expect(pinned.minimumRequiredVersion == "1.0.0", "--percentile still pins it")
        #expect(try answer(template).remoteConfig?.dependsOnPercentile == true)
    }

    @Test func aFetchAnswersTextsAreTheForcedAlertsToo() throws {
        let fetched = try RemoteConfigSource.answer(from: Data(#"""
            {"entries": {"min_required_version": "2.0.0", "latest_version": "2.0.0", "force_update_store_url": "itms-apps://itunes.apple.com/app/id42",
                         "force_update_message": "Please update."}, "state": "UPDATE"}
            """#.utf8), keys: .default, what: "Remote Config answer from fetch.json")
        #expect(fetched.texts == AlertTextOverride(title: nil, message: "Please update."))
        #expect(fetched.notices.isEmpty, "an absent title is the usual case")
        #expect(fetched.minimumName == "min_required_version")
        #expect {
            try RemoteConfigSource.answer(from: Data(#"{"entries": {"force_update_title": 7}, "state": "UPDATE"}"#.utf8), keys: .default,
                                          what: "Remote Config answer from fetch.json")
        } throws: { error in
            "\(error)".contains("force_update_title")
        }
    }
}
