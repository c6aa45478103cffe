import Foundation
import Testing
import ToasterTestSupport

/// `--source remote-config --firebase-project` through the real binary: its flags' rules, and a
/// failure that never shows the key. (The protocol itself is tested against a stand-in in
/// ToasterServicesTests' `FirebaseFetchSourceTests`.)
@Suite struct RemoteConfigFetchTests {
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
