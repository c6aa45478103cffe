import Foundation
import Testing

/// `--open-url` with the example apple-app-site-association file, and `links check`.
@Suite struct UniversalLinkTests {
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
}
