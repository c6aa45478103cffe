import Foundation
import Testing
import ToasterTestSupport

/// `preflight --firebase-project` reading the live template from toaster-server started with
/// `--firebase-service-account`: the token from its `POST /token`, the template from its
/// `GET …/remoteConfig`, evaluated as the file is in RemoteConfigPreflightTests.
@Suite(.offThePool) struct RemoteConfigLivePreflightTests {
    static let key = try! ServiceAccountFixtures.key()

    /// App 42 with 1.9.0 in jp, and the template that forces jp to 2.0.0 inline; the server
    /// holds the key file as the console downloads it.
    private static func server() throws -> ServerProcess {
        let template = try JSONSerialization.jsonObject(with: Data(PreflightFixtures.template(jpMinimum: "2.0.0").utf8))
        let policy = try PreflightFixtures.policy(["storefronts": ["jp": ["version": "1.9.0"]],
                                                   "remoteConfig": ["project": "toaster-test", "namespace": "firebase", "template": template]])
        let account = try ServiceAccountFixtures.keyFile(key, tokenURI: "https://oauth2.googleapis.com/token")
        return try ServerProcess(arguments: ["--firebase-service-account", account], policy: policy)
    }

    /// preflight with a key file whose `token_uri` is the server's.
    private static func preflight(_ server: ServerProcess, otherKey: Bool = false) throws -> [String] {
        let account = try ServiceAccountFixtures.keyFile(otherKey ? try ServiceAccountFixtures.key() : key, tokenURI: server.baseURL + "/token")
        return [Toolchain.toastercli, "preflight", "--lookup-url", server.baseURL + "/lookup", "--rate", "60000", "--app-id", "42",
                "--countries", "kr,jp", "--firebase-project", "toaster-test", "--firebase-service-account", account,
                "--remote-config-url", server.baseURL, "--installed-versions", "1.9.0"]
    }

    @Test func theLiveTemplatesDeadEndIsFound() throws {
        let server = try Self.server()
        let text = try Toolchain.run(try Self.preflight(server))
        #expect(text.status == 3, "\(text.stderr)")
        #expect(text.stdout.contains("Condition japan_first forces users on 1.9.0 in jp to 2.0.0, which jp does not serve"), "\(text.stdout)")
        let json = try Toolchain.run(try Self.preflight(server) + ["--format", "json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let findings = try #require(object["findings"] as? [[String: Any]])
        #expect(findings.map { $0["kind"] as? String } == ["min-above-store"])
        #expect((object["remoteConfigTemplate"] as? [String: Any])?["templateVersion"] as? String == "7")
    }

    @Test func aWrongKeyIsRefusedInOneSentence() throws {
        let server = try Self.server()
        let result = try Toolchain.run(try Self.preflight(server, otherKey: true))
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stderr.contains("refused a token for the service account \(ServiceAccountFixtures.email) with HTTP 400 (invalid_grant: Invalid JWT Signature.)"),
                "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
        #expect(result.stdout.isEmpty)
    }

    @Test(arguments: [
        (#"{"type": "authorized_user"}"#, #"not a service-account JSON key: it needs "type": "service_account", client_email, private_key and token_uri"#),
        (#"{"type": "service_account", "client_email": "a@b", "private_key": "-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----\n", "token_uri": "https://oauth2.googleapis.com/token"}"#,
         "its private_key is not a PEM RSA key of 2048 bits or more"),
    ])
    func theServerRefusesAKeyFileThatIsNoneInOneSentence(text: String, expected: String) throws {
        let file = try PreflightFixtures.file(text, "account.json")
        let binary = Toolchain.toasterServer
        let result = try Toolchain.run([binary, "--policy", Examples.policy.path, "--port", "0", "--admin-port", "0",
                                        "--firebase-service-account", file])
        #expect(result.status == 1)
        #expect(result.stderr == "Error: --firebase-service-account \(file): \(expected)\n", "\(result.stderr)")
    }
}
