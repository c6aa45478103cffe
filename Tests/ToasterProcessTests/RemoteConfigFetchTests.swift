import Foundation
import Testing
import ToasterTestSupport

/// `--source remote-config --firebase-project` through the real binary: its flags' rules, and a
/// failure that never shows the key. (The protocol itself is tested against a stand-in in
/// ToasterServicesTests' `FirebaseFetchSourceTests`.)
@Suite(.offThePool) struct RemoteConfigFetchTests {
    static let key = "AIzaSyCommandLineKey-0123456789abcdefghij"
    static let project = ["check", "--source", "remote-config", "--firebase-project", "toaster-test"]

    @Test(arguments: [
        (project, "--firebase-project needs --firebase-app-id"),
        (project + ["--firebase-app-id", "1:2:ios:3", "--template", "t.json"], "give --template or --firebase-project, not both"),
        (project + ["--firebase-app-id", "1:2:ios:3", "--percentile", "10"], "--percentile is Firebase's to decide on a real fetch"),
        (["check", "--source", "remote-config", "--url", "http://127.0.0.1:9/", "--installations-url", "http://127.0.0.1:9/"],
         "--installations-url needs --firebase-project"),
        (["check", "--firebase-project", "toaster-test", "--firebase-app-id", "1:2:ios:3"], "--firebase-project needs --source remote-config"),
        (project + ["--firebase-app-id", "1:2:ios:3", "--url", "file:///tmp/x"], "--url with --firebase-project is a base URL"),
        (["run", "--realtime"], "--realtime needs --source remote-config --firebase-project ID"),
        (["run", "--source", "remote-config", "--template", "t.json", "--realtime"], "--realtime needs --source remote-config --firebase-project ID"),
        (["run", "--realtime-backoff-ms", "500"], "--realtime-backoff-ms is only used with --realtime"),
        (["run", "--source", "remote-config", "--firebase-project", "toaster-test", "--firebase-app-id", "1:2:ios:3", "--realtime",
          "--realtime-backoff-ms", "5"], "--realtime-backoff-ms must be between 100 and 120000"),
        (["check", "--realtime"], "Unknown option '--realtime'"),
    ])
    func aMisusedFlagIsAUsageError(arguments: [String], message: String) throws {
        let result = try Toolchain.run(["TOASTER_FIREBASE_API_KEY=\(Self.key)", Toolchain.toastercli] + arguments)
        #expect(result.status == 64, "\(result.stderr)")
        #expect(result.stderr.contains(message), "\(result.stderr)")
    }

    @Test func withoutAKeyItSaysWhereTheKeyComesFrom() throws {
        let result = try Toolchain.run(["-u", "TOASTER_FIREBASE_API_KEY", Toolchain.toastercli] + Self.project + ["--firebase-app-id", "1:2:ios:3"])
        #expect(result.status != 0)
        #expect(result.stderr.contains("set TOASTER_FIREBASE_API_KEY or give --firebase-api-key-file FILE"), "\(result.stderr)")
    }

    @Test func anUnreachableServiceFailsWithoutShowingTheKey() throws {
        let closed = try ClosedPort()
        let base = "http://127.0.0.1:\(closed.port)"
        let result = try Toolchain.run(["TOASTER_FIREBASE_API_KEY=\(Self.key)", Toolchain.toastercli] + Self.project
            + ["--firebase-app-id", "1:2:ios:3", "--url", base, "--installations-url", base, "--format", "json"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("remote-config: cannot connect to 127.0.0.1:\(closed.port)"), "\(result.stderr)")
        #expect(!(result.stderr + result.stdout).contains(Self.key))
    }
}

/// `check --firebase-project … --url BASE --installations-url BASE` against toaster-server
/// serving a template: the real protocol end to end, and the template's answer for the device.
@Suite(.offThePool) struct RemoteConfigServerTests {
    static let appID = "1:1234567890:ios:0a1b2c3d4e5f6789"

    @Test func checkGetsTheTemplatesAnswerForTheDeviceFromToasterServer() throws {
        let server = try ServerProcess(policy: try Examples.policy())
        let state = try StateFolder()
        func check(_ device: [String]) throws -> [String: Any] {
            let result = try Toolchain.run(["TOASTER_FIREBASE_API_KEY=AIzaSyAnyKeyToasterServerIgnores", Toolchain.toastercli, "check",
                                            "--source", "remote-config", "--firebase-project", "toaster", "--firebase-app-id", Self.appID,
                                            "--url", server.baseURL, "--installations-url", server.baseURL, "--state-dir", state.path,
                                            "--format", "json"] + device)
            #expect(result.status == 0, "\(result.stderr)")
            return try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any], "\(result.stdout)")
        }
        // jp_ios_old raises the minimum to 2.0.0 for 1.9.0 in jp; kr is not in it, so 1.9.0 is
        // above kr's minimum and only prompted, the minimum alone forcing. The latest is 2.1.0
        // for the 10 % of installations in the rollout, else 2.0.0.
        let japan = try check(["--app-version", "1.9.0", "--country", "jp"])
        #expect(japan["decision"] as? String == "forced", "\(japan)")
        #expect(japan["reason"] as? String == "belowMinimumRequired", "\(japan)")
        #expect(["2.0.0", "2.1.0"].contains(japan["latest"] as? String), "\(japan)")
        let korea = try check(["--app-version", "1.9.0", "--country", "kr"])
        #expect(korea["decision"] as? String == "optional", "\(korea)")
        #expect(korea["reason"] as? String == "newerLatestVersion", "\(korea)")
        #expect(korea["updateURL"] as? String == "itms-apps://itunes.apple.com/app/id1234567890", "the ios condition's value")
        let current = try check(["--app-version", "2.0.0", "--country", "jp"])
        #expect(["none", "optional"].contains(current["decision"] as? String), "\(current)")
        // The second check reused the installation the first registered.
        let kept = try FileManager.default.contentsOfDirectory(atPath: state.path).filter { $0.hasPrefix("firebase-installation-") }
        #expect(kept.count == 1)
        // The answer's template version, as the real protocol gives it.
        #expect((japan["remoteConfig"] as? [String: Any])?["templateVersion"] as? String == "42", "\(japan)")
    }

    /// `--url BASE` alone is both services' base; the text says the template's version.
    @Test func theURLAloneServesInstallationsAndTheFetch() throws {
        let server = try ServerProcess(policy: try Examples.policy())
        let result = try Toolchain.run(["TOASTER_FIREBASE_API_KEY=AIzaSyAnyKeyToasterServerIgnores", Toolchain.toastercli, "check",
                                        "--source", "remote-config", "--firebase-project", "toaster", "--firebase-app-id", Self.appID,
                                        "--url", server.baseURL, "--app-version", "1.9.0", "--country", "jp"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("decision: forced"), "\(result.stdout)")
        #expect(result.stdout.contains("remoteConfig: template version 42"), "\(result.stdout)")
    }

    /// A template served by toaster-server forces jp to 2.0.0 while jp's storefront still serves
    /// 1.9.0: with the same server's lookup as the store beside it, check says the update leads nowhere.
    @Test func aTemplatesMinimumAboveTheStorefrontIsADeadEnd() throws {
        let countries = #""countries": ["kr", "jp", "us"],"#
        let example = try Examples.policy()
        #expect(example.contains(countries))
        let server = try ServerProcess(policy: example.replacingOccurrences(of: countries, with: countries + #" "storefronts": {"jp": {"version": "1.9.0"}},"#))
        func check(_ country: String) throws -> [String: Any] {
            let result = try Toolchain.run(["TOASTER_FIREBASE_API_KEY=AIzaSyAnyKeyToasterServerIgnores", Toolchain.toastercli, "check",
                                            "--source", "remote-config", "--firebase-project", "toaster", "--firebase-app-id", Self.appID,
                                            "--url", server.baseURL, "--store-url", server.baseURL + "/lookup", "--app-id", "1234567890",
                                            "--app-version", "1.9.0", "--country", country, "--format", "json"])
            #expect(result.status == 0, "\(result.stderr)")
            return try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any], "\(result.stdout)")
        }
        let japan = try check("jp")
        #expect(japan["decision"] as? String == "forced", "\(japan)")
        #expect(japan["deadEnd"] as? Bool == true, "\(japan)")
        #expect((japan["notices"] as? [String])?.contains { $0.hasPrefix("dead end: the forced minimum 2.0.0 is above 1.9.0") } == true, "\(japan)")
        #expect(try check("kr")["deadEnd"] as? Bool == false, "kr serves 2.0.0 and forces nobody on 1.9.0")
    }

    /// With `remoteConfig.apiKey`, its restriction and the app IDs in the policy, toaster-server
    /// refuses as Google refuses, and toastercli says each of Google's sentences — never the key.
    @Test func aKeyAnotherBundleAndAnUnknownAppGetGooglesRefusalsAndToastercliSentences() throws {
        let place = #""apiKey": "AIzaSyLocalKey-0123456789", "allowedBundleIds": ["com.example.toaster"], "appIds": ["\#(Self.appID)"], "#
        let server = try ServerProcess(policy: try Examples.policy().replacingOccurrences(of: #""namespace": "firebase", "#,
                                                                                          with: #""namespace": "firebase", "# + place))
        func check(key: String, bundle: String = "com.example.toaster", app: String = Self.appID) throws -> (status: Int32, stdout: String, stderr: String) {
            try Toolchain.run(["TOASTER_FIREBASE_API_KEY=\(key)", Toolchain.toastercli, "check", "--source", "remote-config",
                               "--firebase-project", "toaster", "--firebase-app-id", app, "--bundle-id", bundle, "--url", server.baseURL,
                               "--app-version", "1.9.0", "--country", "jp"])
        }
        let wrong = try check(key: "AIzaSyWrongKey-9876543210")
        #expect(wrong.status == 1)
        #expect(wrong.stderr.contains("Firebase Installations refused the API key (INVALID_ARGUMENT: API key not valid. Please pass a valid API key.): "
            + "check TOASTER_FIREBASE_API_KEY or --firebase-api-key-file against API_KEY in the app's GoogleService-Info.plist"), "\(wrong.stderr)")
        #expect(!(wrong.stdout + wrong.stderr).contains("AIzaSy"))
        let otherBundle = try check(key: "AIzaSyLocalKey-0123456789", bundle: "com.example.other")
        #expect(otherBundle.stderr.contains("the API key is restricted to other iOS apps (PERMISSION_DENIED: Requests from this iOS client application "
            + "com.example.other are blocked.): give the app's --bundle-id"), "\(otherBundle.stderr)")
        let otherApp = try check(key: "AIzaSyLocalKey-0123456789", app: "1:1234567890:ios:ffffffffffffffff")
        #expect(otherApp.stderr.contains("Firebase Installations refused app 1:1234567890:ios:ffffffffffffffff (INVALID_ARGUMENT: "
            + "Request contains an invalid argument.): check --firebase-app-id"), "\(otherApp.stderr)")
        #expect(!(otherBundle.stderr + otherApp.stderr).contains("AIzaSy"))
        let right = try check(key: "AIzaSyLocalKey-0123456789")
        #expect(right.status == 0, "\(right.stderr)")
    }

    /// The README's plain fetch URL against a policy with a template: the server wants an
    /// installation, and toastercli says how to fetch as an app does.
    @Test func aPlainFetchURLRefusedForWantOfAnInstallationSaysToUseTheFirebaseProject() throws {
        let server = try ServerProcess(policy: try Examples.policy())
        let url = server.baseURL + "/v1/projects/toaster/namespaces/firebase:fetch"
        let result = try Toolchain.run([Toolchain.toastercli, "check", "--source", "remote-config", "--url", url])
        #expect(result.status == 1)
        #expect(result.stderr.contains("\(url) answered 401: it serves Remote Config only to a Firebase installation"), "\(result.stderr)")
        #expect(result.stderr.contains("--firebase-project toaster --firebase-app-id APP_ID --url \(server.baseURL)"), "\(result.stderr)")
    }

    @Test func aKeptInstallationTheServerNoLongerKnowsIsRegisteredAnew() throws {
        let state = try StateFolder()
        func check(_ server: ServerProcess) throws -> String {
            let result = try Toolchain.run(["TOASTER_FIREBASE_API_KEY=AIzaSyAnyKeyToasterServerIgnores", Toolchain.toastercli, "check",
                                            "--source", "remote-config", "--firebase-project", "toaster", "--firebase-app-id", Self.appID,
                                            "--url", server.baseURL, "--installations-url", server.baseURL, "--state-dir", state.path,
                                            "--app-version", "1.9.0", "--country", "jp"])
            #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
            let kept = try FileManager.default.contentsOfDirectory(atPath: state.path).filter { $0.hasPrefix("firebase-installation-") }
            let file = try #require(kept.first, "no installation kept")
            let saved = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: state.path + "/" + file)))
            return try #require((saved as? [String: Any])?["fid"] as? String)
        }
        let first = try check(try ServerProcess(policy: try Examples.policy()))
        // Another server knows none of the first one's installations, as a restarted one does;
        // the kept token has not expired, so only the fetch's 401 tells.
        let second = try check(try ServerProcess(policy: try Examples.policy()))
        #expect(second != first, "the installation the second server refused was kept")
    }
}
