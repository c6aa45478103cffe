import Testing
import ToasterTestSupport

/// Every text in the chosen language, from `--locale` or the environment.
@Suite(.offThePool) struct LocaleTests {
    @Test(arguments: [
        (["--locale", "en"], [String: String](), "New Feature Update", "[ Update ]", "Saved links"),
        (["--locale", "ja"], [:], "新機能アップデートのお知らせ", "[ アップデート ]", "保存したリンク"),
        ([], ["LANG": "ja_JP.UTF-8", "LC_ALL": ""], "新機能アップデートのお知らせ", "[ アップデート ]", "保存したリンク"),
        ([], ["LC_ALL": "en_US.UTF-8"], "New Feature Update", "[ Update ]", "Saved links"),
        ([], ["LC_ALL": "C.UTF-8"], "신규 기능 업데이트 알림", "[ 업데이트 ]", "저장한 링크"),
        // A language the program lacks gets English, as Siren falls back.
        ([], ["LANG": "fr_FR.UTF-8", "LC_ALL": ""], "New Feature Update", "[ Update ]", "Saved links"),
    ])
    func forcedAlertAndHomeSpeakTheLanguage(arguments: [String], environment: [String: String], title: String,
                                           button: String, heading: String) throws {
        let app = try ToasterApp(arguments, environment: environment)
        let screen = try app.terminal.waitForScreen("the alert in its language") { $0.contains(title) && $0.contains(button) }
        #expect(screen.contains(heading))
        _ = try AlertBox.find(in: try app.terminal.lines())
    }

    @Test func optionalAlertAndStoreInEnglish() throws {
        let app = try ToasterApp(["--locale", "en", "--app-version", "1.9.0", "--store-version", "1.10.0"])
        let screen = try app.terminal.waitFor("Esc later")
        #expect(screen.contains("Feature Update") && screen.contains("Later"))
        try app.terminal.press("Enter")
        // The hint is the page's last row: once it is there, the whole page is.
        let store = try app.terminal.waitFor("Esc/← back to the app")
        #expect(store.contains("What's New") && store.contains("Version 1.10.0"))
    }

    /// A failed check's notice row: the reason in the user's language, then the technical
    /// detail as the trace and `check` have it (English, for searching and scripts).
    @Test(arguments: [("ko", "⚠ 서버에 연결할 수 없어요 · ", "업데이트 확인 실패"),
                      ("en", "⚠ Cannot connect to the server · ", "Update check failed"),
                      ("ja", "⚠ サーバーに接続できません · ", "アップデート確認に失敗")])
    func aServiceThatIsDownIsExplainedInTheLanguage(locale: String, leadIn: String, status: String) throws {
        let down = ["--source", "appstore", "--url", "http://127.0.0.1:9/lookup"]
        let app = try ToasterApp(["--locale", locale] + down, width: 100)
        let screen = try app.terminal.waitForScreen("the notice row and the status line") { $0.contains(leadIn) && $0.contains(status) }
        // The detail after "connection refused" is the transport's to word.
        #expect(screen.contains(leadIn + "cannot connect to 127.0.0.1:9 (connection refused"))
        #expect(try app.trace.events().contains {
            ($0["message"] as? String)?.hasPrefix("version check (appstore) failed: cannot connect to 127.0.0.1:9 (connection refused") == true
        })
        let check = try Toolchain.run([Toolchain.toastercli, "check", "--locale", locale] + down)
        #expect(check.status == 1)
        #expect(check.stderr.contains("appstore: cannot connect to 127.0.0.1:9 (connection refused"), "check stays English: \(check.stderr)")
        #expect(check.stderr.unicodeScalars.allSatisfy { $0.isASCII }, "check stays English: \(check.stderr)")
    }

    @Test func unknownLocaleIsAUsageMistake() throws {
        let result = try Toolchain.run([Toolchain.toastercli, "check", "--locale", "fr"])
        #expect(result.status == 64)
        #expect(result.stderr.contains("ko, en, ja"))
    }

    @Test func checkSpeaksTheLanguageToo() throws {
        let result = try Toolchain.run([Toolchain.toastercli, "check", "--locale", "ja", "--app-version", "1.0.0", "--store-version", "1.0.1"])
        #expect(result.stdout.contains("title: アップデートのお知らせ"))
        #expect(result.stdout.contains("buttons: あとで | アップデート"))
    }
}
