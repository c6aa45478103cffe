import FoundationEssentials
import ToasterWire

/// A JSON Web Token in its compact form (RFC 7515, 7.1): the base64url of the header, of the
/// claims, and of the signature over those two, joined by dots. The signature is the caller's:
/// ES256 for App Store Connect, RS256 for a Google service account.
enum CompactJWS {
    static func token(header: JWSHeader, claims: some Encodable, sign: (Data) throws -> Data) throws -> String {
        let input = base64URL(try WireJSON.encode(header)) + "." + base64URL(try WireJSON.encode(claims))
        return input + "." + base64URL(try sign(Data(input.utf8)))
    }

    static func base64URL(_ data: Data) -> String {
        String(data.base64EncodedString().replacing("+", with: "-").replacing("/", with: "_").prefix { $0 != "=" })
    }
}
