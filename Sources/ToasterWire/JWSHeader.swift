/// A signed JSON Web Token's header (RFC 7515, 4.1), as both signed tokens here carry it: the
/// algorithm, the signing key's id, and the type.
public struct JWSHeader: Codable, Sendable, Equatable {
    public static let jwt = "JWT"

    public var alg: String
    public var kid: String?
    public var typ: String?

    public init(alg: String, kid: String?, typ: String? = JWSHeader.jwt) {
        (self.alg, self.kid, self.typ) = (alg, kid, typ)
    }
}
