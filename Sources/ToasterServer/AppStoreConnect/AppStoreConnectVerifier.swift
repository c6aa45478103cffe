import FoundationEssentials
import JWTKit

/// Checks the bearer token of a request to the simulated App Store Connect as Apple does: an
/// ES256 signature by the team's key (verified with jwt-kit against its public key), header
/// `alg` ES256, `kid` the key id, `typ` JWT; claims `iss` the issuer id, `aud`
/// `appstoreconnect-v1`, `iat` not in the future, `exp` not past and at most 20 minutes after `iat`.
public struct AppStoreConnectVerifier: Sendable {
    static let audience = "appstoreconnect-v1"
    static let maximumLifetime: TimeInterval = 20 * 60
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
        let (header, claims) = (parsed.header, parsed.payload)
        guard header.alg == "ES256" else { return "the token's alg is not ES256" }
        guard header.typ == "JWT" else { return "the token's typ is not JWT" }
        guard header.kid == keyID else { return "the token's kid is not the key id" }
        do { _ = try await keys.verify(token, as: Claims.self) } catch {
            return "the token's signature does not verify with the key"
        }
        guard claims.iss.value == issuerID else { return "the token's iss is not the issuer id" }
        guard claims.aud.value == [Self.audience] else { return "the token's aud is not \(Self.audience)" }
        let issued = claims.iat.value, expires = claims.exp.value
        guard issued.timeIntervalSince(now) <= Self.allowedSkew else { return "the token's iat is in the future" }
        guard expires > now else { return "the token has expired" }
        guard expires.timeIntervalSince(issued) <= Self.maximumLifetime else { return "the token's exp is more than 20 minutes after its iat" }
        return nil
    }

    /// The claims App Store Connect requires; the checks above need the request's clock and the expected ids.
    struct Claims: JWTPayload {
        let iss: IssuerClaim
        let iat: IssuedAtClaim
        let exp: ExpirationClaim
        let aud: AudienceClaim

        func verify(using algorithm: some JWTAlgorithm) async throws {}
    }
}

public struct VerifierError: Error, CustomStringConvertible {
    public let description: String

    init(_ description: String) { self.description = description }
}
