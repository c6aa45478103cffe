import Foundation
import Testing
import ToasterTestSupport

/// The template's own texts in the alert users read: `force_update_title` and
/// `force_update_message` replace the forced alert's, on screen and in the trace.
@Suite(.offThePool) struct TemplateTextsTests {
    @Test func theForcedAlertShowsTheTemplatesMessage() throws {
        let template = try TemplateFixtures.file()
        let app = try ToasterApp(["--template", template, "--country", "jp", "--app-version", "1.9.0", "--locale", "en",
                                  "--now", "2026-11-22T09:00:00Z"])
        let screen = try app.terminal.waitForScreen("the template's forced alert") {
            $0.contains("Update required") && $0.contains("no longer supported") && $0.contains("└")
        }
        #expect(screen.contains("[ Update ]") && !screen.contains("Later"), "forced: one button\n\(screen)")
        #expect(!screen.contains("To use Toaster's new features"), "the built-in message is replaced\n\(screen)")
        try app.trace.waitFor("the alert") { $0.contains("alertPresented ForceUpdate") }
        let presented = try #require(try app.trace.events().first { $0["event"] as? String == "alertPresented" })
        #expect(presented["title"] as? String == "Update required")
        #expect(presented["message"] as? String == "This version of Toaster is no longer supported. Please update to keep saving links.")
        let check = try #require(try app.trace.events().first { $0["event"] as? String == "versionCheck" })
        #expect(check["reason"] as? String == "belowMinimumRequired")
        #expect((check["why"] as? String)?.contains("min_required_version, condition jp_kr_old") == true)
    }

    @Test func anOptionalAlertKeepsItsOwnTexts() throws {
        let template = try TemplateFixtures.file()
        let app = try ToasterApp(["--template", template, "--country", "us", "--app-version", "1.9.0", "--percentile", "50",
                                  "--locale", "en", "--now", "2026-11-22T09:00:00Z"])
        let screen = try app.terminal.waitForScreen("the optional alert") { $0.contains("Later") && $0.contains("└") }
        #expect(!screen.contains("Update required"), "the template's texts are the forced alert's\n\(screen)")
        try app.trace.waitFor("the decision") { $0.contains("versionCheck optional") }
        let check = try #require(try app.trace.events().first { $0["event"] as? String == "versionCheck" })
        #expect(check["reason"] as? String == "newerLatestVersion")
    }
}
