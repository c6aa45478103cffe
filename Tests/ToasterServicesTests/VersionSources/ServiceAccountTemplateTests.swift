import _CryptoExtras
import Foundation
import Hummingbird
import Testing
import ToasterTestSupport
import ToasterCore
@testable import ToasterServices

/// The live template through a service account, against a loopback stand-in for Google's token
/// endpoint and the Remote Config API that checks what Google checks: the JWT's RS256 signature
/// with the account's public key, its claims, then the bearer token on the GET.
@Suite(.offThePool, .serialized) struct ServiceAccountTemplateTests {
    static let email = "preflight@toaster-test.iam.gserviceaccount.com"
    static let key = try! _RSA.Signing.PrivateKey(keySize: .bits2048)

    final class Seen: @unchecked Sendable {
        let lock = NSLock()
        var claims: [[String: Any]] = []
        var headers: [[String: Any]] = []
        var bearers: [String] = []
        /// The tokens issued, one per assertion accepted.
        var issued: [String] = []
        func record(_ change: (Seen) -> Void) { lock.lock(); change(self); lock.unlock() }
    }

    /// The key file as the console downloads it, with `tokenURI`.
    static func keyFile(tokenURI: String) throws -> String {
        try ServiceAccountFixtures.keyFile(key.pemRepresentation, tokenURI: tokenURI, email: email)
    }

    static func base64URL(_ text: Substring) -> Data? {
        var text = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        while text.count % 4 != 0 { text += "=" }
        return Data(base64Encoded: text)
    }

    private static func json(_ status: HTTPResponse.Status, _ text: String) -> Response {
        Response(status: status, headers: [.contentType: "application/json"], body: .init(byteBuffer: ByteBuffer(string: text)))
    }

    /// Answers a token only for an assertion signed by `key` whose claims hold; the template only
    /// for that token.
    private func standIn(_ seen: Seen, template: String = #"{"conditions": [], "parameters": {"min_required_version": {"defaultValue": {"value": "2.0.0"}}}, "version": {"versionNumber": "3"}}"#)
        -> Router<BasicRequestContext> {
        let router = Router()
        router.post("token") { request, _ in
            var request = request
            let form = String(buffer: try await request.collectBody(upTo: 1 << 16))
            let fields = Dictionary(uniqueKeysWithValues: form.split(separator: "&").map { item in
                let pair = item.split(separator: "=", maxSplits: 1)
                return (String(pair[0]), String(pair.count == 2 ? pair[1] : "").removingPercentEncoding ?? "")
            })
            guard fields["grant_type"] == "urn:ietf:params:oauth:grant-type:jwt-bearer", let assertion = fields["assertion"] else {
                return Self.json(.badRequest, #"{"error": "unsupported_grant_type"}"#)
            }
            let parts = assertion.split(separator: ".", omittingEmptySubsequences: false)
            guard parts.count == 3, let header = Self.base64URL(parts[0]), let claims = Self.base64URL(parts[1]), let signature = Self.base64URL(parts[2]),
                  Self.key.publicKey.isValidSignature(_RSA.Signing.RSASignature(rawRepresentation: signature), for: Data((parts[0] + "." + parts[1]).utf8),
                                                      padding: .insecurePKCS1v1_5),
                  let headerObject = try JSONSerialization.jsonObject(with: header) as? [String: Any],
                  let claimObject = try JSONSerialization.jsonObject(with: claims) as? [String: Any] else {
                return Self.json(.badRequest, #"{"error": "invalid_grant", "error_description": "Invalid JWT Signature."}"#)
            }
            var token = ""
            seen.record { seen in
                seen.claims.append(claimObject)
                seen.headers.append(headerObject)
                token = "ya29.token-\(seen.issued.count + 1)"
                seen.issued.append(token)
            }
            return Self.json(.ok, #"{"access_token": "\#(token)", "expires_in": 3599, "token_type": "Bearer"}"#)
        }
        router.get("v1/projects/toaster-test/remoteConfig") { request, _ in
            let bearer = request.headers.first { $0.name.canonicalName == "authorization" }?.value ?? ""
            var known = false
            seen.record { seen in
                seen.bearers.append(bearer)
                known = seen.issued.contains { "Bearer \($0)" == bearer }
            }
            guard known else {
                return Self.json(.unauthorized, #"{"error": {"code": 401, "message": "Request had invalid authentication credentials.", "status": "UNAUTHENTICATED"}}"#)
            }
            return Self.json(.ok, template)
        }
        return router
    }

    private func template(_ base: String, account: FirebaseServiceAccount, project: String = "toaster-test") -> PublishedTemplate {
        PublishedTemplate(location: .live(project: project, account: account, baseURL: base), keys: .default,
                          device: RemoteConfigDevice(appVersion: "0", now: Date()), timeout: .seconds(10), trust: .system)
    }

    @Test func theSignedAssertionIsExchangedAndTheTokenReadsTheTemplate() async throws {
        let seen = Seen()
        try await serving(standIn(seen)) { base in
            let account = try FirebaseServiceAccount(path: try Self.keyFile(tokenURI: base + "/token"), timeout: .seconds(10), trust: .system)
            let source = template(base, account: account)
            let read = try source.read(now: Date())
            #expect(read.template.version == "3")
            _ = try source.read(now: Date())
        }
        // A request retried on a loaded machine may be issued a second token; the reads share one.
        #expect(Set(seen.bearers).count == 1, "the token is reused until it nears its expiry")
        #expect(seen.bearers.count >= 2)
        let claims = try #require(seen.claims.first)
        #expect(claims["iss"] as? String == Self.email)
        #expect(claims["scope"] as? String == "https://www.googleapis.com/auth/firebase.remoteconfig")
        #expect((claims["aud"] as? String)?.hasSuffix("/token") == true)
        let issued = try #require(claims["iat"] as? Int), expires = try #require(claims["exp"] as? Int)
        #expect(expires - issued == 3600)
        #expect(abs(Double(issued) - Date().timeIntervalSince1970) < 120)
        #expect(seen.headers.first?["alg"] as? String == "RS256")
        #expect(seen.headers.first?["kid"] as? String == "k1")
    }

    @Test func anAssertionSignedWithAnotherKeyIsOneSentenceWithoutTheKey() async throws {
        let seen = Seen()
        try await serving(standIn(seen)) { base in
            let other = try _RSA.Signing.PrivateKey(keySize: .bits2048)
            let object: [String: Any] = ["type": "service_account", "private_key": other.pemRepresentation, "client_email": Self.email,
                                         "token_uri": base + "/token"]
            let path = try PreflightFixtures.file(String(decoding: try JSONSerialization.data(withJSONObject: object), as: UTF8.self), "other.json")
            let account = try FirebaseServiceAccount(path: path, timeout: .seconds(10), trust: .system)
            let source = template(base, account: account)
            let error = #expect(throws: SourceError.self) { try source.read(now: Date()) }
            let message = error?.message ?? ""
            #expect(message.contains("refused a token for the service account \(Self.email) with HTTP 400 (invalid_grant: Invalid JWT Signature.)"))
            #expect(!message.contains("PRIVATE KEY"))
        }
        #expect(seen.bearers.isEmpty)
    }

    @Test func aProjectTheAPIDoesNotKnowIsOneSentence() async throws {
        let seen = Seen()
        try await serving(standIn(seen)) { base in
            let account = try FirebaseServiceAccount(path: try Self.keyFile(tokenURI: base + "/token"), timeout: .seconds(10), trust: .system)
            let source = template(base, account: account, project: "no-such-project")
            let error = #expect(throws: SourceError.self) { try source.read(now: Date()) }
            #expect(error?.message == "Firebase Remote Config knows no project no-such-project (404): check --firebase-project")
        }
    }

    @Test(arguments: [
        (#"{"type": "authorized_user"}"#, "its \"type\" is not \"service_account\""),
        (#"{"type": "service_account", "client_email": "a@b"}"#, "it lacks private_key, token_uri"),
        (#"{"type": "service_account", "client_email": "a@b", "private_key": "-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----\n", "token_uri": "https://oauth2.googleapis.com/token"}"#,
         "its private_key is not a PEM RSA key"),
        ("not json", "is not a service-account key: it is not a JSON object"),
    ])
    func aFileThatIsNoServiceAccountKeyIsOneSentence(text: String, expected: String) throws {
        let path = try PreflightFixtures.file(text, "account.json")
        let error = #expect(throws: SourceError.self) { try FirebaseServiceAccount(path: path, timeout: .seconds(1), trust: .system) }
        #expect(error?.message.contains(expected) == true, "\(error?.message ?? "")")
        #expect(error?.message.contains("AAAA") == false)
    }
}
