import Foundation
import Testing
import ToasterCore
@testable import ToasterServices

/// Remote Config and CMS answers as the real services write them, read from files.
@Suite struct PayloadDecodingTests {
    private func write(_ text: String) throws -> ToasterServices.SourceLocation {
        let path = "/tmp/toaster-payload-\(UUID().uuidString).json"
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return .file(path: path)
    }

    @Test func remoteConfigUpdateGivesStringsForTheConfiguredKeys() throws {
        let location = try write(#"{"entries":{"min_required_version":"1.5.0","latest_version":"2.0.0","force_update_store_url":"itms-apps://x","other":"1"},"state":"UPDATE"}"#)
        let answer = try RemoteConfigSource(location: location, keys: .default, appID: "1").fetchAnswer()
        #expect(answer.minimumRequiredVersion == "1.5.0")
        #expect(answer.latestVersion == "2.0.0")
        #expect(answer.updateURL == "itms-apps://x")
        let renamed = RemoteConfigKeys(minimumRequired: "other", latest: "none", storeURL: "none")
        #expect(try RemoteConfigSource(location: location, keys: renamed, appID: "1").fetchAnswer().minimumRequiredVersion == "1")
    }

    @Test(arguments: ["NO_TEMPLATE", "EMPTY_CONFIG"])
    func remoteConfigWithoutParametersIsNothingToCompareAndSaysSo(state: String) throws {
        let answer = try RemoteConfigSource(location: try write(#"{"state":"\#(state)"}"#), keys: .default, appID: "1").fetchAnswer()
        var expected = SourceAnswer(notices: ["Remote Config has no parameters for this app (\(state)): nothing to compare"])
        expected.origin = .updateService
        #expect(answer == expected)
        let report = try UpdateDecider(appID: "1").decide(current: "1.0.0", answer: answer, now: Date())
        #expect(report.reason == .nothingToCompare)
        #expect(report.notices == answer.notices)
    }

    @Test func remoteConfigNoChangeIsUnchangedNotNothing() throws {
        #expect(throws: SourceError(.unchanged, "Remote Config answered NO_CHANGE: the last answer stands")) {
            try RemoteConfigSource(location: try write(#"{"state":"NO_CHANGE"}"#), keys: .default, appID: "1").fetchAnswer()
        }
    }

    @Test(arguments: [
        (#"{"state":"INSTANCE_STATE_UNSPECIFIED"}"#, "is unusable: state: INSTANCE_STATE_UNSPECIFIED means the server failed"),
        (#"{"state":"LATER"}"#, #"is unusable: state: "LATER" is not a state Remote Config answers (UPDATE, NO_CHANGE"#),
        (#"{"entries":{"min_required_version":"abc","latest_version":"2.0.0"},"state":"UPDATE"}"#,
         #"is unusable: entries.min_required_version: invalid version "abc""#),
        (#"{"parameters":{"min_required_version":{"defaultValue":{"value":"1.5.0"}}},"version":{"versionNumber":"4"}}"#,
         "it is a template (parameters with defaultValue), not a fetch answer"),
        (#"{"min_required_version":"1.5.0"}"#, #"it has neither "state" nor "entries" (present: "min_required_version")"#),
    ])
    func remoteConfigAnswersThatHoldNoAnswerAreUnusable(text: String, problem: String) throws {
        let source = RemoteConfigSource(location: try write(text), keys: .default, appID: "1")
        do throws(SourceError) {
            _ = try source.fetchAnswer()
            Issue.record("\(text) should be unusable")
        } catch {
            #expect(error.kind == .unusableAnswer)
            #expect(error.message.contains(problem), "\(error.message)")
        }
    }

    /// Problems found after parsing are named like parsing's: the answer's origin, the place, the problem.
    @Test(arguments: [
        (#"{"startDate":"soon","minAppVersion":"1.0.0","maxAppVersion":"2.0.0"}"#, #"is unusable: startDate: "soon" is not an ISO 8601 date"#),
        (#"{"minAppVersion":null,"maxAppVersion":"2.0.0"}"#, "is unusable: minAppVersion: absent or null, where the forced range needs a version"),
        (#"{"minAppVersion":"1.0.0","maxAppVersion":"x.y"}"#, #"is unusable: maxAppVersion: invalid version "x.y""#),
    ])
    func cmsProblemsNameTheAnswerAndThePlace(text: String, problem: String) throws {
        let location = try write(text)
        do throws(SourceError) {
            _ = try CMSSource(location: location, apiKey: nil).fetchAnswer()
            Issue.record("\(text) should be unusable")
        } catch {
            #expect(error.kind == .unusableAnswer)
            #expect(error.message.hasPrefix("CMS answer from \(location) "), "\(error.message)")
            #expect(error.message.contains(problem), "\(error.message)")
        }
    }

    @Test func aLookupVersionThatIsNoVersionIsNamedByItsPlace() throws {
        let location = try write(#"{"resultCount":1,"results":[{"version":"1.3.0 (93)","trackId":5}]}"#)
        do throws(SourceError) {
            _ = try AppStoreSource(location: location, app: .id("5"), country: "kr", timeout: .seconds(1), cacheBuster: { "0" }).fetchAnswer()
            Issue.record("the version should be refused")
        } catch {
            #expect(error.message.hasPrefix("App Store lookup answer from \(location) is unusable: results[0].version: invalid version \"1.3.0 (93)\""),
                    "\(error.message)")
        }
    }

    @Test func remoteConfigValuesMustBeStrings() throws {
        #expect(throws: SourceError.self) {
            try RemoteConfigSource(location: try write(#"{"entries":{"min_required_version":1.5},"state":"UPDATE"}"#),
                                         keys: .default, appID: "1").fetchAnswer()
        }
    }

    static let cmsSeed = #"""
    {"createdAt":"2021-09-08T06:29:33.252Z","updatedAt":"2021-09-08T08:43:48.956Z","publishedAt":"2021-09-08T06:29:33.252Z",
     "revisedAt":"2021-09-08T08:43:48.956Z","title":"アップデートのお願い","message":"現在のバージョンではご利用いただけません。",
     "startDate":"2021-09-08T01:00:00.000Z","endDate":"2021-10-30T15:00:00Z","minAppVersion":"1.0.0","maxAppVersion":"2.9.9",
     "buttonTitle":"アップデートする","url":"https://blog.microcms.io/"}
    """#

    @Test func cmsObjectWithAndWithoutFractionalSecondsForcesInsideItsWindow() throws {
        let answer = try CMSSource(location: try write(Self.cmsSeed), apiKey: nil).fetchAnswer()
        let range = try #require(answer.forcedRange)
        #expect(range.start == ISO8601.parse("2021-09-08T01:00:00Z"))
        #expect(range.end == ISO8601.parse("2021-10-30T15:00:00.000Z"))
        let inside = try #require(ISO8601.parse("2021-10-01T00:00:00Z"))
        let report = try UpdateDecider(appID: "1").decide(current: "2.0.0", answer: answer, now: inside)
        #expect(report.decision == .forced)
        #expect(report.alert?.title == "アップデートのお願い")
        #expect(report.alert?.buttonTitles == ["アップデートする"])
        #expect(report.updateURL == "https://blog.microcms.io/")
        let after = try #require(ISO8601.parse("2021-11-01T00:00:00Z"))
        #expect(try UpdateDecider(appID: "1").decide(current: "2.0.0", answer: answer, now: after).decision == .none)
    }

    @Test func cmsWithNullPublishedAtAndBadDates() throws {
        let unpublished = Self.cmsSeed.replacingOccurrences(of: #""publishedAt":"2021-09-08T06:29:33.252Z""#, with: #""publishedAt":null"#)
        #expect(try CMSSource(location: try write(unpublished), apiKey: nil).fetchAnswer().forcedRange != nil)
        let badDate = Self.cmsSeed.replacingOccurrences(of: "2021-10-30T15:00:00Z", with: "2021/10/30")
        #expect(throws: SourceError.self) { try CMSSource(location: try write(badDate), apiKey: nil).fetchAnswer() }
    }
}
