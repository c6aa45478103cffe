import JWTKit

/// A token's claims in their wire shape (`ToasterWire`), as jwt-kit reads a payload: both
/// simulated services verify the signature with jwt-kit, then check the claims themselves
/// against the request's clock and the ids they expect.
struct JWTClaims<Claims: Codable & Sendable>: JWTPayload {
    let claims: Claims

    init(_ claims: Claims) { self.claims = claims }
    init(from decoder: any Decoder) throws { claims = try Claims(from: decoder) }
    func encode(to encoder: any Encoder) throws { try claims.encode(to: encoder) }
    func verify(using algorithm: some JWTAlgorithm) async throws {}
}

/// Why a key given to a simulated service (App Store Connect's, a Firebase service account's)
/// cannot verify its tokens.
public struct VerifierError: Error, CustomStringConvertible {
    public let description: String

    init(_ description: String) { self.description = description }
}
