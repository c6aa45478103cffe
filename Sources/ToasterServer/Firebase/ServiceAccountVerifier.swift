import FoundationEssentials
import JWTKit
import Synchronization
import ToasterCore
import ToasterWire

/// Google's OAuth 2.0 token endpoint for one service account, as a caller of the Remote Config
/// REST API reaches it (docs/06): a `jwt-bearer` grant's assertion is verified with jwt-kit
/// against the public half of the account's key (RS256; `iss` the account's email, `aud`
/// Google's token endpoint — which google-auth always names — its key's `token_uri` or the URL
/// the request came to, `scope` naming Remote Config or `cloud-platform`, as firebase-admin
/// asks, `iat` and `exp` at most an hour apart), and answered with an opaque access token that
/// the template's GET must carry. The tokens are kept in memory, bounded; a restart forgets them.
public final class ServiceAccountVerifier: Sendable {
    typealias TokenError = GoogleOAuth.TokenError
    /// Google refuses an assertion that lives longer, and gives its tokens as long.
    static let lifetime = TimeInterval(GoogleOAuth.lifetime)
    /// How far ahead of the server's clock a client's may run.
    static let allowedSkew: TimeInterval = 60
    /// A token is about 100 bytes: a megabyte at most, whatever clients do.
    static let maximumTokens = 10_000

    let email: String
    let tokenURI: String
    private let keys: JWTKeyCollection
    /// Each token issued, and when it expires.
    private let tokens = Mutex<[String: Date]>([:])

    /// Why a token request is refused, as Google's token endpoint says it.
    struct Refusal: Error, Equatable {
        let error: String
        let description: String
    }

    /// `keyFile`: the service account's JSON key as the console downloads it.
    public init(keyFile: Data) async throws(VerifierError) {
        typealias Key = GoogleOAuth.ServiceAccountKey
        guard let tree = try? StrictJSON.parse(keyFile), case .object = tree else {
            throw VerifierError("not a service-account JSON key: it is not a JSON object")
        }
        let file: Key
        do { file = try StrictJSON.decode(Key.self, tree: tree) } catch { throw VerifierError("not a service-account JSON key: \(error)") }
        guard file.isServiceAccount, let email = file.clientEmail, let pem = file.privateKey, let tokenURI = file.tokenURI, file.lacking.isEmpty else {
            let needed = [Key.CodingKeys.clientEmail, .privateKey, .tokenURI].map(\.stringValue)
            throw VerifierError("not a service-account JSON key: it needs \"\(Key.CodingKeys.type.stringValue)\": \"\(Key.serviceAccount)\", "
                + needed.dropLast().joined(separator: ", ") + " and " + (needed.last ?? ""))
        }
        let key: Insecure.RSA.PrivateKey
        do { key = try Insecure.RSA.PrivateKey(pem: pem) } catch {
            throw VerifierError("its \(Key.CodingKeys.privateKey.stringValue) is not a PEM RSA key of 2048 bits or more")
        }
        keys = JWTKeyCollection()
        await keys.add(rsa: key.publicKey, digestAlgorithm: .sha256)
        self.email = email
        self.tokenURI = tokenURI
    }

    /// A new access token for a good assertion. `endpoint`: the URL the request came to, which
    /// a key file written for this server names as its `token_uri` (its port is known only once
    /// it listens).
    func token(assertion: String, endpoint: String, now: Date) async throws(Refusal) -> (token: String, expiresIn: Int) {
        try await check(assertion, audiences: [GoogleOAuth.googleTokenURL, tokenURI, endpoint], now: now)
        let token = "ya29." + InstallationTokens.random(bytes: 32)
        let expires = now.addingTimeInterval(Self.lifetime)
        tokens.withLock { tokens in
            if tokens.count >= Self.maximumTokens { tokens = tokens.filter { $0.value > now } }
            // All alive: the one that would expire first goes.
            if tokens.count >= Self.maximumTokens, let first = tokens.min(by: { $0.value < $1.value }) { tokens[first.key] = nil }
            tokens[token] = expires
        }
        return (token, Int(Self.lifetime))
    }

    /// Whether `token` is one this server issued and it has not expired.
    func accepts(accessToken token: String, now: Date) -> Bool {
        tokens.withLock { $0[token].map { $0 > now } ?? false }
    }

    /// Google's checks of the assertion, with Google's descriptions.
    private func check(_ assertion: String, audiences: [String], now: Date) async throws(Refusal) {
        guard let parsed = try? DefaultJWTParser().parse(Array(assertion.utf8), as: Claims.self) else {
            throw Refusal(error: TokenError.invalidGrant, description: "Invalid JWT: the assertion is not a JWT with iss, scope, aud, iat and exp.")
        }
        let claims = parsed.payload.claims
        guard parsed.header.alg == GoogleOAuth.algorithm else {
            throw Refusal(error: TokenError.invalidGrant, description: "Invalid JWT: the algorithm must be \(GoogleOAuth.algorithm).")
        }
        do { _ = try await keys.verify(assertion, as: Claims.self) } catch {
            throw Refusal(error: TokenError.invalidGrant, description: "Invalid JWT Signature.")
        }
        guard claims.iss == email else { throw Refusal(error: TokenError.invalidGrant, description: "Invalid grant: account not found") }
        guard audiences.contains(claims.aud) else {
            throw Refusal(error: TokenError.invalidGrant, description: "Invalid JWT: Failed audience check. The right audience is \(tokenURI)")
        }
        let issued = Date(timeIntervalSince1970: claims.iat), expires = Date(timeIntervalSince1970: claims.exp)
        guard issued.timeIntervalSince(now) <= Self.allowedSkew, expires > now, expires > issued, expires.timeIntervalSince(issued) <= Self.lifetime else {
            throw Refusal(error: TokenError.invalidGrant, description: "Invalid JWT: Token must be a short-lived token (60 minutes) and in a reasonable timeframe. "
                + "Check your iat and exp values in the JWT claim.")
        }
        guard claims.scope.split(separator: " ").contains(where: { RemoteConfigAPI.acceptedScopes.contains(String($0)) }) else {
            throw Refusal(error: TokenError.invalidScope, description: "Invalid OAuth scope or ID token audience provided.")
        }
    }

    /// The claims of a token request.
    typealias Claims = JWTClaims<GoogleOAuth.AssertionClaims>
}
