import Foundation
import Testing
import ToasterTestSupport

/// `--open-url` with the example apple-app-site-association file, and `links check`.
@Suite(.offThePool) struct UniversalLinkTests {
    static let aasa = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("examples/apple-app-site-association").path

    private func launch(_ url: String, _ arguments: [String]) throws -> ToasterApp {
        try ToasterApp(arguments + ["--open-url", url, "--aasa", Self.aasa])
    }

    private func universalLinks(_ app: ToasterApp) throws -> [[String: Any]] {
        try app.trace.events().filter { $0["event"] as? String == "universalLink" }
    }

    @Test func aDeepLinkNeverGetsPastAForcedAlert() throws {
        let app = try launch("https://example.com/links/42", ["--app-version", "1.0.0", "--store-version", "2.0.0"])
        try app.waitForForcedAlert()
        try app.terminal.press("Enter")
        try app.terminal.waitFor("App Store")
        try app.terminal.press("Left")
        try app.trace.waitFor("the alert back after the store") { $0.filter { $0 == "alertPresented ForceUpdate" }.count == 2 }
        let screen = try app.waitForForcedAlert()
        #expect(!screen.contains("https://example.com/links/42"))
        #expect(try universalLinks(app).isEmpty)
    }

    @Test func aMatchedLinkOpensInTheAppAfterTheOptionalAlert() throws {
        let app = try launch("https://example.com/links/42", ["--app-version", "1.9.0", "--store-version", "1.10.0"])
        let alert = try app.terminal.waitFor("기능 업데이트 알림")
        #expect(!alert.contains("‹ 링크"), "the link waits for the alert")
        try app.terminal.press("Escape")
        // The page's last line: a capture can fall between the writes of one frame.
        let screen = try app.terminal.waitFor("앱 안에서 연 링크입니다")
        #expect(screen.contains("‹ 링크"))
        #expect(screen.contains("https://example.com/links/42"))
        let link = try #require(try universalLinks(app).first)
        #expect(link["outcome"] as? String == "match")
        #expect(link["decidedBy"] as? String == "details[0] components[2]")
        #expect(link["path"] as? String == "/links/42")
        let order = try app.trace.summary()
        #expect(try #require(order.firstIndex(of: "alertDismissed 다음에")) < #require(order.firstIndex(of: "universalLink")))
    }

    @Test func anExcludedLinkOpensTheBrowserAndSaysWhy() throws {
        let app = try launch("https://example.com/links/private/7", ["--app-version", "2.0.0", "--store-version", "2.0.0"])
        // Up to the hint on the last row: a capture can fall between the writes of one frame.
        let screen = try app.terminal.waitForScreen("the browser with the reason") {
            $0.contains("excluded by details[0] components[1]") && $0.contains("앱으로 돌아가기")
        }
        #expect(screen.contains("Safari"))
        #expect(screen.contains("https://example.com/links/private/7"))
        #expect(screen.contains(#""/links/private/*""#))
        #expect(try universalLinks(app).first?["outcome"] as? String == "excluded")
        let browser = try #require(try app.trace.events().first { $0["event"] as? String == "browser" })
        #expect(browser["url"] as? String == "https://example.com/links/private/7")
        #expect((browser["reason"] as? String)?.contains("excluded by details[0] components[1]") == true, "\(browser)")
        try app.terminal.press("Left")
        try app.terminal.waitFor(ToasterApp.homeHeading)
    }

    @Test func anUnusableFileStopsTheRunBeforeTheUI() throws {
        let result = try Toolchain.run([Toolchain.toastercli, "--open-url", "https://example.com/", "--aasa", "/nonexistent"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("--aasa: cannot open /nonexistent"))
    }

    @Test func linksCheckExitsZeroOnlyWhenEveryURLMatches() throws {
        let base = [Toolchain.toastercli, "links", "check", "--aasa", Self.aasa, "--app-id", "ABCDE12345.com.example.toaster"]
        let all = try Toolchain.run(base + ["https://example.com/links/1", "https://example.com/help/faq"])
        #expect(all.status == 0)
        #expect(all.stdout.hasPrefix("match "))
        let some = try Toolchain.run(base + ["https://example.com/links/1", "https://example.com/links/private/2"])
        #expect(some.status == 1)
        #expect(some.stdout.contains("excluded  https://example.com/links/private/2"))
        let legacy = try Toolchain.run(base.dropLast() + ["ABCDE12345.com.example.toaster.legacy", "https://example.com/links/private/2"])
        #expect(legacy.status == 1)
        #expect(legacy.stdout.contains(#"paths[0] "NOT /links/private/*""#), "\(legacy.stdout)")
        let broken = try Toolchain.run([Toolchain.toastercli, "links", "check", "--aasa", "/dev/null", "--app-id", "A.b", "https://x/"])
        #expect(broken.status == 2)
        #expect(broken.stderr.hasPrefix("Error: "))
        #expect(try Toolchain.run(base).status == 64)
    }

    // MARK: - links check: --strict, --format json, --url-file

    static let app = "ABCDE12345.com.example.toaster"

    /// A file in a fresh folder, removed when the test ends.
    private func scratch(_ name: String, _ text: String) throws -> (path: String, folder: URL) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("links-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let path = folder.appendingPathComponent(name).path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return (path, folder)
    }

    static let typo = """
        {"applinks": {"details": [{"appIDs": ["ABCDE12345.com.example.toaster"],
          "components": [{"/": "/links/private/*", "exclued": true}, {"/": "/links/*"}]}]}}
        """

    @Test func aMisspeltKeyIsAWarningAndStrictMakesItFail() throws {
        let (file, folder) = try scratch("typo.json", Self.typo)
        defer { try? FileManager.default.removeItem(at: folder) }
        let base = [Toolchain.toastercli, "links", "check", "--aasa", file, "--app-id", Self.app, "https://example.com/links/private/7"]
        let lenient = try Toolchain.run(base)
        #expect(lenient.status == 0, "iOS opens it: exclued excludes nothing")
        #expect(lenient.stdout.hasPrefix("match     https://example.com/links/private/7  details[0] components[0]"))
        #expect(lenient.stderr == """
            warning: applinks.details[0].components[0] has an unknown key "exclued", which iOS ignores (did you mean "exclude"?)

            """)
        let strict = try Toolchain.run(base + ["--strict"])
        #expect(strict.status == 2)
        #expect(strict.stdout == lenient.stdout, "the verdicts are printed all the same")
        let clean = try Toolchain.run([Toolchain.toastercli, "links", "check", "--strict", "--aasa", Self.aasa, "--app-id", Self.app,
                                       "https://example.com/links/1"])
        #expect(clean.status == 0)
        #expect(clean.stderr.isEmpty)
        let slash = try Toolchain.run([Toolchain.toastercli, "links", "check", "--strict", "--aasa", Self.aasa, "--app-id", Self.app,
                                       "https://example.com/links"])
        #expect(slash.status == 2, "a match only through the optional slash is a warning too")
        #expect(slash.stderr.contains("warning: https://example.com/links: applinks.details[0].components[2][\"/\"] matches the path /links only"))
    }

    @Test func jsonGivesVerdictRuleAndWarningsPerURL() throws {
        let (file, folder) = try scratch("typo.json", Self.typo)
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try Toolchain.run([Toolchain.toastercli, "links", "check", "--format", "json", "--aasa", file, "--app-id", Self.app,
                                        "https://example.com/links/private/7", "https://example.com/other"])
        #expect(result.status == 1)
        #expect(result.stderr.isEmpty, "warnings are in the JSON")
        let root = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let warnings = try #require(root["warnings"] as? [[String: String]])
        #expect(warnings == [["place": "applinks.details[0].components[0]",
                              "message": #"has an unknown key "exclued", which iOS ignores (did you mean "exclude"?)"#]])
        let results = try #require(root["results"] as? [[String: Any]])
        #expect(results.count == 2)
        #expect(results[0]["verdict"] as? String == "match")
        let decided = try #require(results[0]["decidedBy"] as? [String: Any])
        #expect(decided["details"] as? Int == 0)
        #expect(decided["components"] as? Int == 0)
        #expect(decided["rule"] as? String == #"{"/": "/links/private/*"}"#)
        #expect((results[0]["warnings"] as? [[String: String]])?.count == 1, "the deciding component's warning")
        #expect(results[1]["verdict"] as? String == "no match")
        #expect(results[1]["decidedBy"] is NSNull)
        #expect(results[1]["reason"] as? String == "no rule in details[0] matches")
        #expect(results[0]["nearMiss"] is NSNull, "a match has no near miss")
        let miss = try #require(results[1]["nearMiss"] as? [String: Any])
        // The misspelt exclusion is no exclusion, so it is a candidate, and the first of equals.
        #expect(miss["details"] as? Int == 0 && miss["components"] as? Int == 0)
        #expect(miss["rule"] as? String == #"{"/": "/links/private/*"}"#)
        #expect(miss["part"] as? String == "path" && miss["item"] is NSNull && miss["failure"] as? String == "pattern")
        #expect(miss["message"] as? String == #"the path /other does not match "/links/private/*""#)
    }

    @Test func urlFileChecksEveryListedURLFromAFileOrStandardInput() throws {
        let list = "# sitemap\nhttps://example.com/links/1\n\n   https://example.com/links/private/2  \r\n#https://example.com/skipped\nhttps://example.com/help/faq"
        let (file, folder) = try scratch("urls.txt", list)
        defer { try? FileManager.default.removeItem(at: folder) }
        let base = [Toolchain.toastercli, "links", "check", "--aasa", Self.aasa, "--app-id", Self.app]
        let fromFile = try Toolchain.run(base + ["https://example.com/links/0", "--url-file", file])
        #expect(fromFile.status == 1)
        let lines = fromFile.stdout.split(separator: "\n").map { $0.split(separator: " ", omittingEmptySubsequences: true).prefix(2).joined(separator: " ") }
        #expect(lines == ["match https://example.com/links/0", "match https://example.com/links/1",
                          "excluded https://example.com/links/private/2", "match https://example.com/help/faq"])
        let fromStandardInput = try Toolchain.run(base + ["--url-file", "-"], input: file)
        #expect(fromStandardInput.status == 1)
        #expect(fromStandardInput.stdout.split(separator: "\n").count == 3)
        let (empty, emptyFolder) = try scratch("empty.txt", "# nothing\n\n")
        defer { try? FileManager.default.removeItem(at: emptyFolder) }
        let none = try Toolchain.run(base + ["--url-file", empty])
        // An input that cannot be used: links check's own status for it, 2 (1 means "no match").
        #expect(none.status == 2)
        #expect(none.stderr == "Error: --url-file \(empty): no URL to check\n")
        let missing = try Toolchain.run(base + ["--url-file", "/nonexistent/urls.txt"])
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("--url-file: cannot open /nonexistent/urls.txt"))
    }

    @Test func aFileWithNothingForTheAppAnswersNoMatchAndExitsOne() throws {
        let (file, folder) = try scratch("credentials.json", #"{"webcredentials": {"apps": ["ABCDE12345.com.example.toaster"]}}"#)
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try Toolchain.run([Toolchain.toastercli, "links", "check", "--aasa", file, "--app-id", Self.app, "https://example.com/a"])
        #expect(result.status == 1)
        #expect(result.stdout.hasPrefix("no match  https://example.com/a  no details entry names"))
        #expect(result.stderr.contains("warning: the file has no applinks"))
    }
}
