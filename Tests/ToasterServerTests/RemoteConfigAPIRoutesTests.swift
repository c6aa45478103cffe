import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import JWTKit
import Testing
@testable import ToasterServer
import ToasterTestSupport
import ToasterWire

/// The Remote Config REST API's template read: `POST /token` exchanges a service account's
/// assertion for an access token as Google's token endpoint does, and `GET …/remoteConfig`
/// answers the policy's inline template only with such a token.
@Suite struct RemoteConfigAPIRoutesTests {
    /// As the console writes it; the process tests name the server itself instead.
    static let tokenURI = "https://oauth2.googleapis.com/token"
    static let key = try! ServiceAccountFixtures.key()
    static let otherKey = try! ServiceAccountFixtures.key()

    struct Claims: Sendable {
        var iss = ServiceAccountFixtures.email
        var scope = RemoteConfigAPI.scope
        var aud = RemoteConfigAPIRoutesTests.tokenURI
        var iat = Date()
        var lifetime: TimeInterval = 3600
    }

    /// An assertion as toastercli makes one, signed by jwt-kit here.
    static func assertion(_ claims: Claims = Claims(), signedBy key: String = key) async throws -> String {
        let signer = await JWTKeyCollection().add(rsa: try Insecure.RSA.PrivateKey(pem: key), digestAlgorithm: .sha256)
        return try await signer.sign(ServiceAccountVerifier.Claims(GoogleOAuth.AssertionClaims(
            iss: claims.iss, scope: claims.scope, aud: claims.aud, iat: claims.iat.timeIntervalSince1970,
            exp: claims.iat.addingTimeInterval(claims.lifetime).timeIntervalSince1970)))
    }

    private func serving(account: Bool = true, tokenURI: String = tokenURI, _ test: @Sendable (any TestClientProtocol) async throws -> Void) async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("toaster-rcapi-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("policy.json").path
        try Examples.policy().write(toFile: path, atomically: true, encoding: .utf8)
        let verifier = account ? try await ServiceAccountVerifier(keyFile: Data(try ServiceAccountFixtures.keyJSON(Self.key, tokenURI: tokenURI).utf8)) : nil
        var settings = ServerSettings(adminToken: nil, cmsAPIKey: nil)
        settings.firebaseServiceAccount = verifier
        let router = ToasterRoutes.router(store: try PolicyStore(path: path), settings: settings)
        try await Application(router: router).test(.router, test)
    }

    /// `POST /token` with the form Google's token endpoint takes: the status and the answer.
    static func token(_ client: any TestClientProtocol, _ assertion: String,
                              grantType: String = "urn%3Aietf%3Aparams%3Aoauth%3Agrant-type%3Ajwt-bearer") async throws -> (HTTPResponse.Status, [String: Any]) {
        try await client.execute(uri: "/token", method: .post, headers: [.contentType: "application/x-www-form-urlencoded"],
                                 body: ByteBuffer(string: "grant_type=\(grantType)&assertion=\(assertion)")) { response in
            (response.status, try #require(try JSONSerialization.jsonObject(with: Data(response.body.readableBytesView)) as? [String: Any]))
        }
    }

    private static func template(_ client: any TestClientProtocol, project: String = "toaster", bearer: String?) async throws -> (HTTPResponse, [String: Any]) {
        var headers: HTTPFields = [:]
        if let bearer { headers[.authorization] = "Bearer \(bearer)" }
        return try await client.execute(uri: "/v1/projects/\(project)/remoteConfig", method: .get, headers: headers) { response in
            (response.head, try #require(try JSONSerialization.jsonObject(with: Data(response.body.readableBytesView)) as? [String: Any]))
        }
    }

    @Test func aGoodAssertionsTokenReadsTheInlineTemplate() async throws {
        try await serving { client in
            let (status, answer) = try await Self.token(client, try await Self.assertion())
            #expect(status == .ok)
            #expect(answer["token_type"] as? String == "Bearer")
            #expect(answer["expires_in"] as? Int == 3600)
            let token = try #require(answer["access_token"] as? String)
            let (response, template) = try await Self.template(client, bearer: token)
            #expect(response.status == .ok)
            #expect(response.headerFields[.eTag]?.isEmpty == false)
            let written = try JSONSerialization.jsonObject(with: try Data(contentsOf: Examples.template)) as? NSDictionary
            #expect(template as NSDictionary == written, "the template as the policy holds it")
            let (missing, error) = try await Self.template(client, project: "elsewhere", bearer: token)
            #expect(missing.status == .notFound)
            #expect((error["error"] as? [String: Any])?["status"] as? String == "NOT_FOUND")
        }
    }

    @Test func theTemplateWantsAnIssuedToken() async throws {
        try await serving { client in
            for bearer in [nil, "ya29.made-up"] {
                let (response, answer) = try await Self.template(client, bearer: bearer)
                #expect(response.status == .unauthorized)
                #expect((answer["error"] as? [String: Any])?["status"] as? String == "UNAUTHENTICATED")
            }
        }
    }

    @Test(arguments: [
        ("wrong signature", Claims(), true, "invalid_grant", "Invalid JWT Signature."),
        ("wrong audience", Claims(aud: "https://example.com/token"), false, "invalid_grant", "Failed audience check"),
        ("expired", Claims(iat: Date().addingTimeInterval(-7200)), false, "invalid_grant", "short-lived token"),
        ("too long", Claims(lifetime: 7200), false, "invalid_grant", "short-lived token"),
        ("another account", Claims(iss: "someone@else.iam.gserviceaccount.com"), false, "invalid_grant", "account not found"),
        ("no Remote Config scope", Claims(scope: "https://www.googleapis.com/auth/cloud-platform.read-only"), false, "invalid_scope", "Invalid OAuth scope"),
    ] as [(String, Claims, Bool, String, String)])
    func aBadAssertionIsRefusedAsGoogleDoes(what: String, claims: Claims, otherKey: Bool, error: String, description: String) async throws {
        try await serving { client in
            let (status, answer) = try await Self.token(client, try await Self.assertion(claims, signedBy: otherKey ? Self.otherKey : Self.key))
            #expect(status == .badRequest, "\(what)")
            #expect(answer["error"] as? String == error, "\(what)")
            #expect((answer["error_description"] as? String)?.contains(description) == true, "\(what): \(answer)")
            #expect(answer["access_token"] == nil)
        }
    }

    @Test func anotherGrantOrNoAccountIsRefused() async throws {
        try await serving { client in
            let (status, answer) = try await Self.token(client, try await Self.assertion(), grantType: "client_credentials")
            #expect(status == .badRequest)
            #expect(answer["error"] as? String == "unsupported_grant_type")
        }
        try await serving(account: false) { client in
            let (status, answer) = try await Self.token(client, try await Self.assertion())
            #expect(status == .badRequest)
            #expect((answer["error_description"] as? String)?.contains("--firebase-service-account") == true)
            let (response, _) = try await Self.template(client, bearer: "ya29.any")
            #expect(response.status == .unauthorized)
        }
    }

    /// The claims as google-auth (Python, `google/oauth2/service_account.py`) writes them: whole
    /// seconds, `aud` always Google's token endpoint.
    struct GoogleAuthClaims: JWTPayload {
        let iat: Int, exp: Int
        let iss: String, aud: String, scope: String
        func verify(using algorithm: some JWTAlgorithm) async throws {}
    }

    /// firebase-admin for Node's scopes (`src/app/credential-internal.ts`).
    static let firebaseAdminScopes = ["https://www.googleapis.com/auth/cloud-platform", "https://www.googleapis.com/auth/firebase.database",
                                      "https://www.googleapis.com/auth/firebase.messaging", "https://www.googleapis.com/auth/identitytoolkit",
                                      "https://www.googleapis.com/auth/userinfo.email"]

    /// A key file naming this server as its `token_uri`, and an assertion built as google-auth
    /// builds it (header `kid` the key's id and `typ` JWT; `aud` Google's endpoint whatever the
    /// key says) asking for firebase-admin's scopes: taken, and its token reads the template.
    @Test func googleAuthsAssertionWithFirebaseAdminsScopesIsTaken() async throws {
        try await serving(tokenURI: "http://127.0.0.1:8080/token") { client in
            let now = Int(Date().timeIntervalSince1970)
            let signer = await JWTKeyCollection().add(rsa: try Insecure.RSA.PrivateKey(pem: Self.key), digestAlgorithm: .sha256, kid: "k1")
            let assertion = try await signer.sign(GoogleAuthClaims(iat: now, exp: now + 3600, iss: ServiceAccountFixtures.email,
                                                                   aud: "https://oauth2.googleapis.com/token",
                                                                   scope: Self.firebaseAdminScopes.joined(separator: " ")),
                                                  kid: "k1", header: ["typ": "JWT"])
            let (status, answer) = try await Self.token(client, assertion)
            #expect(status == .ok, "\(answer)")
            let token = try #require(answer["access_token"] as? String)
            #expect(try await Self.template(client, bearer: token).0.status == .ok)
        }
    }
}
