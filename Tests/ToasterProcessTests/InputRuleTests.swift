import Foundation
import Testing
import ToasterTestSupport

/// Every input answered in one sentence (docs/03, 6 and 11): usage errors exit 64 naming the
/// flag, unusable inputs exit 1, and no control character reaches a terminal raw.
@Suite(.offThePool) struct InputRuleTests {
    private func toastercli(_ arguments: [String]) throws -> (status: Int32, stdout: String, stderr: String) {
        try Toolchain.run([Toolchain.toastercli] + arguments)
    }

    private func file(_ text: String) throws -> URL {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("input-\(UUID().uuidString).json")
        try text.write(to: file, atomically: true, encoding: .utf8)
        return file
    }

    @Test(arguments: [
        (["check", "--url", "http://127.0.0.1:9/lookup", "--exit-code"], "--url needs --source appstore, remote-config or cms"),
        (["check", "--source", "cms"], "--source cms needs --url"),
        (["check", "--source", "remote-config", "--exit-code"], "--source remote-config needs --url"),
        (["run", "--source", "demo", "--url", "file:///tmp/x.json"], "--url is not used with --source demo"),
        (["bogus"], #"toastercli has no command "bogus" (its commands: run, check, preflight, state, links)"#),
        (["chek"], #"toastercli has no command "chek"; did you mean "check"?"#),
        (["state", "shwo"], #"toastercli state has no command "shwo"; did you mean "show"?"#),
        (["links", "chek"], #"toastercli links has no command "chek"; did you mean "check"?"#),
        (["--theme", "nosuch"], #"--theme: no theme named "nosuch""#),
        (["check", "--app-version", ""], #"--app-version: invalid version "": it is empty"#),
        (["check", "--demo-latency-ms", "-1"], "--demo-latency-ms must be between 0 and 600000"),
        (["check", "--timeout", "nan"], "--timeout must be more than 0 and at most 600 seconds"),
        (["check", "--source", "appstore", "--url", "file:///tmp/x.json", "--store-version", "2.0.0"],
         "--store-version is not used with --source appstore: the lookup is the store"),
        (["check", "--source", "remote-config", "--url", "file:///tmp/x.json", "--store-url", "ftp://example.com/lookup"],
         #"--store-url "ftp://example.com/lookup": the scheme "ftp" is not supported"#),
        (["check", "--store-url", "http://127.0.0.1:9/lookup"], "--store-url is only used with --source remote-config or cms"),
        (["check", "--source", "remote-config", "--url", "file:///tmp/x.json", "--min-required-version", "3.0.0"],
         "--min-required-version is only for --source demo: with --source remote-config the service says it"),
        (["check", "--source", "cms", "--url", "file:///tmp/x.json", "--min-required-version", "garbage"],
         #"--min-required-version: invalid version "garbage""#),
        (["check", "--source", "cms", "--url", "file:///tmp/x.json", "--store-minimum-os", "17.0"],
         "--store-minimum-os describes the demo store's version: give it with --source demo, or with --store-version beside remote-config or cms"),
        (["check", "--source", "appstore", "--url", "file:///tmp/x.json", "--store-released", "2026-11-20T00:00:00Z"],
         "--store-released describes the demo store's version: give it with --source demo, or with --store-version beside remote-config or cms"),
        (["check", "--store-released", "yesterday"], #"--store-released "yesterday" is not an ISO 8601 date such as 2026-11-20T00:00:00Z"#),
        (["check", "--source", "appstore", "--url", "file:///tmp/x.json", "--demo-latency-ms", "10"], "--demo-latency-ms is only for --source demo"),
        // Storefronts only, with preflight's suggestion: a country that is none matches no condition and asks no store.
        (["check", "--country", "germany"], #"--country: "germany" is not one of the 175 App Store storefronts; did you mean de?"#),
        (["check", "--source", "remote-config", "--url", "file:///tmp/x.json", "--country", "deu"],
         #"--country: "deu" is not one of the 175 App Store storefronts; did you mean de?"#),
        (["run", "--country", "uk"], #"--country: "uk" is not one of the 175 App Store storefronts; did you mean gb?"#),
        (["preflight", "--app-id", "42", "--countries", "kr,germany", "--min-required-version", "2.0.0"],
         #"--countries: "germany" is not one of the 175 App Store storefronts; did you mean de?"#),
    ])
    func usageMistakesExit64NamingTheFlag(arguments: [String], message: String) throws {
        let result = try toastercli(arguments)
        #expect(result.status == 64, "\(result.stderr)")
        #expect(result.stderr.hasPrefix("Error: " + message), "\(result.stderr)")
        #expect(result.stdout.isEmpty)
    }

    /// A bare launch's flags go to `run` directly; what `run` does not take is still answered
    /// as the root answers it.
    @Test func aBareLaunchAnswersHelpVersionAndMistakesAsTheRoot() throws {
        let version = try toastercli(["--version"])
        #expect(version.status == 0 && version.stdout == "0.1.0\n", "\(version)")
        for help in ["--help", "-h"] {
            let result = try toastercli([help])
            #expect(result.status == 0)
            #expect(result.stdout.hasPrefix("OVERVIEW: Replays an iOS app's launch-time update check"), "\(result.stdout)")
            #expect(result.stdout.contains("USAGE: toastercli <subcommand>"), "\(result.stdout)")
        }
        let unknown = try toastercli(["--launch-screen-ms", "0", "--bogus"])
        #expect(unknown.status == 64)
        #expect(unknown.stderr.hasPrefix("Error: Unknown option '--bogus'\nUsage: toastercli run <options>"), "\(unknown.stderr)")
    }

    @Test(arguments: [["--port", "-1"], ["--port", "70000"], ["--latency-ms", "-5"]])
    func toasterServerFollowsTheSameRule(arguments: [String]) throws {
        let binary = Toolchain.toasterServer
        let result = try Toolchain.run([binary, "--policy", Examples.policy.path] + arguments)
        #expect(result.status == 64)
        #expect(result.stderr.hasPrefix("Error: \(arguments[0]) must be between 0 and "), "\(result.stderr)")
    }

    @Test(arguments: ["0", "-1", "601", "nan"])
    func toasterServersDatabaseTimeoutIsARange(value: String) throws {
        let binary = Toolchain.toasterServer
        let result = try Toolchain.run([binary, "--database-url", "postgres://127.0.0.1/x", "--database-timeout", value])
        #expect(result.status == 64)
        #expect(result.stderr.hasPrefix("Error: --database-timeout must be more than 0 and at most 600 seconds"), "\(result.stderr)")
    }

    @Test func unreadableInputsExit1() throws {
        let theme = try toastercli(["--theme", "/nonexistent/theme.toml"])
        #expect(theme.status == 1)
        #expect(theme.stderr.hasPrefix("Error: --theme: "))
        let urls = try toastercli(["links", "check", "--aasa", "examples/apple-app-site-association", "--app-id", "A.b",
                                   "--url-file", "/nonexistent/urls.txt"])
        #expect(urls.status == 2, "links check keeps 1 for a URL that does not match: \(urls.stderr)")
        #expect(urls.stderr.hasPrefix("Error: --url-file: "))
        let aasa = try toastercli(["links", "check", "--aasa", "/nonexistent/aasa.json", "--app-id", "A.b", "https://example.com/"])
        #expect(aasa.status == 2)
        #expect(aasa.stderr.hasPrefix("Error: --aasa: cannot open /nonexistent/aasa.json"), "\(aasa.stderr)")
    }

    /// A hostile answer: its escape sequence reaches no terminal, in text or in JSON.
    @Test func aHostileAnswerIsEscapedOnEveryOutput() throws {
        let answer = try file(#"{"resultCount":1,"results":[{"version":"2.0.0\u001b[31m","trackId":5,"trackName":"\u001b]0;pwned\u0007"}]}"#)
        defer { try? FileManager.default.removeItem(at: answer) }
        let result = try toastercli(["check", "--source", "appstore", "--url", answer.absoluteString, "--app-version", "1.0.0"])
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("Error: appstore: App Store lookup answer from "), "\(result.stderr)")
        #expect(result.stderr.hasSuffix(#" is unusable: results[0].version: invalid version "2.0.0\u001b[31m": "0\u001b[31m" is not a whole number"#
            + "\n"), "\(result.stderr)")
        let argument = try toastercli(["check", "--locale", "\u{1B}[2J\u{202E}fr"])
        #expect(argument.status == 64)
        #expect(argument.stderr.contains(#"--locale "\u001b[2J\u202efr" is not one of ko, en, ja"#), "\(argument.stderr)")
        let remote = try file(#"{"entries":{"min_required_version":"1.0.0","latest_version":"1.0.0","force_update_store_url":"x\u001b[31m\u202e"},"state":"UPDATE"}"#)
        defer { try? FileManager.default.removeItem(at: remote) }
        let json = try toastercli(["check", "--source", "remote-config", "--url", remote.absoluteString, "--app-version", "1.0.0",
                                   "--format", "json"])
        #expect(json.status == 0)
        #expect(json.stdout.contains(#""updateURL":"x\u001b[31m\u202e""#), "\(json.stdout)")
        let text = try toastercli(["check", "--source", "remote-config", "--url", remote.absoluteString, "--app-version", "1.0.0"])
        #expect(text.stdout.contains(#"updateURL: x\u001b[31m\u202e"#), "a person sees the answer held them: \(text.stdout)")
        for output in [result.stderr, argument.stderr, json.stdout, text.stdout] {
            #expect(!output.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 || $0.value == 0x202E })
        }
    }

    /// Valid JSON of the wrong shape is named by its place, in the project's words.
    @Test(arguments: [
        (#"{"resultCount":1,"results":[{"version":"2.0.0","trackId":1.5}]}"#, "results[0].trackId: 1.5 is not a whole number"),
        (#"{"resultCount":1,"results":[{"version":"2.0.0","trackId":99999999999999999999999}]}"#,
         "results[0].trackId: 99999999999999999999999 is not a whole number between -9223372036854775808 and 9223372036854775807"),
        ("[1,2]", "top level: an array is not an object"),
    ])
    func aLookupOfTheWrongShapeNamesFileKeyAndProblem(text: String, problem: String) throws {
        let answer = try file(text)
        defer { try? FileManager.default.removeItem(at: answer) }
        let result = try toastercli(["check", "--source", "appstore", "--url", answer.absoluteString])
        #expect(result.status == 1)
        #expect(result.stderr == "Error: appstore: App Store lookup answer from \(answer.path) is unusable: \(problem)\n")
    }

    @Test func aDamagedStateFileNamesItselfAndHowToForgetIt() throws {
        let state = try StateFolder()
        try #"{"storeVersion":"2.0.0","shownAt":"yesterday"}"#.write(toFile: state.demoAppFile, atomically: true, encoding: .utf8)
        let show = try toastercli(["state", "show", "--state-dir", state.path])
        #expect(show.stdout.contains(#"unreadable: \#(state.demoAppFile) is not a state file (shownAt: "yesterday" is not an ISO 8601 date); `toastercli state reset` forgets it"#),
                "\(show.stdout)")
        let check = try toastercli(["check", "--state-dir", state.path])
        #expect(check.stderr.contains("is not a state file (shownAt: \"yesterday\" is not an ISO 8601 date); `toastercli state reset` forgets it"))
        for output in [show.stdout, check.stderr] { #expect(!output.contains("DecodingError") && !output.contains("Swift.")) }
    }
}
