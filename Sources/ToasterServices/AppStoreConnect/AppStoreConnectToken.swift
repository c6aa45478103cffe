import Crypto
import FoundationEssentials
import Glibc
import Synchronization
import ToasterCore
import ToasterFiles
import ToasterWire

/// The bearer token of the App Store Connect API: an ES256 JWT signed with the team's `.p8` key
/// (swift-crypto's P256; the JSON and base64url around the signature are plain encoding). One
/// token is reused until shortly before it expires. Neither the key nor a token ever reaches a
/// message: errors name the key id and the file.
public final class AppStoreConnectToken: Sendable {
    /// As long as App Store Connect accepts: 20 minutes.
    static let lifetime = AppStoreConnectAPI.maximumLifetime
    /// A token this close to its expiry is replaced, so that no request carries one that dies in flight.
    static let renewal: TimeInterval = 60

    public let keyID: String
    public let issuerID: String
    private let key: P256.Signing.PrivateKey
    private let now: @Sendable () -> Date
    private let current = Mutex<(token: String, expires: Date)?>(nil)

    public init(keyID: String, issuerID: String, pem: String, keyName: String, now: @escaping @Sendable () -> Date) throws(SourceError) {
        for (name, value) in [("key id", keyID), ("issuer id", issuerID)] where !Self.isPlainID(value) {
            throw SourceError(.misconfigured, "the App Store Connect \(name) must be 1 to 64 letters, digits or dashes")
        }
        do { key = try P256.Signing.PrivateKey(pemRepresentation: pem) } catch {
            throw SourceError(.misconfigured, "\(keyName) is not an App Store Connect key: a .p8 file holds a PEM \"PRIVATE KEY\" on the P-256 curve")
        }
        self.keyID = keyID
        self.issuerID = issuerID
        self.now = now
    }

    /// The key in `path`, and a warning when users other than its owner can read it, as ssh gives one.
    public static func reading(keyID: String, issuerID: String, path: String, now: @escaping @Sendable () -> Date = { Date() })
        throws(SourceError) -> (token: AppStoreConnectToken, warning: String?) {
        let data: Data
        do { data = try BoundedFile.read(path, limit: 64 << 10) } catch { throw SourceError(.misconfigured, "--asc-private-key: \(error.description)") }
        let token = try AppStoreConnectToken(keyID: keyID, issuerID: issuerID, pem: String(decoding: data, as: UTF8.self),
                                             keyName: "--asc-private-key \(path)", now: now)
        var info = stat()
        let open = stat(path, &info) == 0 ? info.st_mode & 0o077 : 0
        let warning = open == 0 ? nil
            : "the App Store Connect key \(path) can be read by others (mode \(String(info.st_mode & 0o777, radix: 8))): run chmod 600 \(path)"
        return (token, warning)
    }

    static func isPlainID(_ text: String) -> Bool {
        (1...64).contains(text.utf8.count) && text.utf8.allSatisfy { byte in
            (48...57).contains(byte) || (65...90).contains(byte) || (97...122).contains(byte) || byte == 45
        }
    }

    /// A token valid for at least another minute.
    public func bearer() throws(SourceError) -> String {
        let now = self.now()
        return try current.withLock { (cached: inout (token: String, expires: Date)?) throws(SourceError) -> String in
            if let cached, cached.expires.timeIntervalSince(now) > Self.renewal { return cached.token }
            let issued = Int(now.timeIntervalSince1970)
            let token = try sign(issuedAt: issued)
            cached = (token, Date(timeIntervalSince1970: TimeInterval(issued + Self.lifetime)))
            return token
        }
    }

    private func sign(issuedAt issued: Int) throws(SourceError) -> String {
        let header = JWSHeader(alg: AppStoreConnectAPI.algorithm, kid: keyID)
        let claims = AppStoreConnectAPI.TokenClaims(iss: issuerID, iat: Double(issued), exp: Double(issued + Self.lifetime))
        do {
            // JWS wants the raw r‖s pair (RFC 7518 §3.4), which rawRepresentation is.
            return try CompactJWS.token(header: header, claims: claims) { try key.signature(for: $0).rawRepresentation }
        } catch {
            throw SourceError(.misconfigured, "cannot sign an App Store Connect token with key \(keyID)")
        }
    }
}
