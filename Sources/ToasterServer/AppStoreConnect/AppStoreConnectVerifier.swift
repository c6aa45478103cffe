import FoundationEssentials
import JWTKit
import ToasterWire

/// Checks the bearer token of a request to the simulated App Store Connect as Apple does: an
/// ES256 signature by the team's key (verified with jwt-kit against its public key), header
/// `alg` ES256, `kid` the key id, `typ` JWT; claims `iss` the issuer id, `aud`
/// `appstoreconnect-v1`, `iat` not in the future, `exp` not past and at most 20 minutes after `iat`.
public struct AppStoreConnectVerifier: Sendable {
    static let maximumLifetime = TimeInterval(AppStoreConnectAPI.maximumLifetime)
    /// How far ahead of the server's clock a client's may run.
    static let allowedSkew: TimeInterval = 60

    public let keyID: String
    public let issuerID: String
    private let keys: JWTKeyCollection

    /// `pem`: the key's public half (`PUBLIC KEY`), or the `.p8` itself, whose public half is used.
    public init(pem: String, keyID: String, issuerID: String) async throws(VerifierError) {
        let key: ES256PublicKey
        if let publicKey = try? ES256PublicKey(pem: pem) {
            key = publicKey
        } else if let privateKey = try? ES256PrivateKey(pem: pem) {
            key = privateKey.publicKey
        } else {
            throw VerifierError("not a P-256 key in PEM (a PUBLIC KEY, or the .p8 PRIVATE KEY)")
        }
        keys = JWTKeyCollection()
        await keys.add(ecdsa: key, kid: JWKIdentifier(string: keyID))
        self.keyID = keyID
        self.issuerID = issuerID
    }

    /// Why the request's `Authorization` is refused; nil when it is a valid token of this key.
    public func refusal(authorization: String?, now: Date) async -> String? {
        guard let token = BearerToken.parse(authorization) else { return "no bearer token" }
        guard let parsed = try? DefaultJWTParser().parse(Array(token.utf8), as: Claims.self) else {
            return "the token is not a JWT with iss, iat, exp and aud"
        }
        let (header, claims) = (parsed.header, parsed.payload.claims)
        guard header.alg == AppStoreConnectAPI.algorithm else { return "the token's alg is not \(AppStoreConnectAPI.algorithm)" }
        guard header.typ == JWSHeader.jwt else { return "the token's typ is not \(JWSHeader.jwt)" }
        guard header.kid == keyID else { return "the token's kid is not the key id" }
        do { _ = try await keys.verify(token, as: Claims.self) } catch {
            return "the token's signature does not verify with the key"
        }
        guard claims.iss == issuerID else { return "the token's iss is not the issuer id" }
        guard claims.aud == AppStoreConnectAPI.audience else { return "the token's aud is not \(AppStoreConnectAPI.audience)" }
        let issued = Date(timeIntervalSince1970: claims.iat), expires = Date(timeIntervalSince1970: claims.exp)
        guard issued.timeIntervalSince(now) <= Self.allowedSkew else { return "the token's iat is in the future" }
        guard expires > now else { return "the token has expired" }
        guard expires.timeIntervalSince(issued) <= Self.maximumLifetime else { return "the token's exp is more than 20 minutes after its iat" }
        return nil
    }

    /// The claims App Store Connect requires.
    typealias Claims = JWTClaims<AppStoreConnectAPI.TokenClaims>
}
