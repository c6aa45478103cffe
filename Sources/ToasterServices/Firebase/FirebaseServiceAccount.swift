import _CryptoExtras
import FoundationEssentials
import Synchronization
import ToasterCore
import ToasterFiles

/// A Google service account's JSON key, and the access token it is exchanged for as Google's
/// server-to-server OAuth 2.0 flow describes (docs/10): an RS256-signed JWT (`iss` the account's
/// email, `scope`, `aud` the key's `token_uri`, `iat`, `exp` an hour later) posted to `token_uri`
/// as a `jwt-bearer` grant. The token is reused until a minute before it expires. Neither the
/// key nor a token ever reaches a message: they name the file and the account's email.
public final class FirebaseServiceAccount: Sendable {
    public static let scope = "https://www.googleapis.com/auth/firebase.remoteconfig"
    /// Google accepts an assertion that lives at most an hour.
    static let lifetime = 3600
    static let renewal: TimeInterval = 60

    public let email: String
    public let tokenURI: String
    private let keyID: String?
    private let key: _RSA.Signing.PrivateKey
    private let timeout: Duration
    private let trust: CertificateTrust
    private let now: @Sendable () -> Date
    private let current = Mutex<(token: String, expires: Date)?>(nil)

    /// Reads the key file `path` (`--firebase-service-account`).
    public init(path: String, timeout: Duration, trust: CertificateTrust, now: @escaping @Sendable () -> Date = { Date() }) throws(SourceError) {
        let what = "--firebase-service-account \(path)"
        let data: Data
        do { data = try BoundedFile.read(path, limit: 64 << 10) } catch { throw SourceError(.misconfigured, "\(what): \(error.description)") }
        guard let tree = try? StrictJSON.parse(data), case .object = tree else {
            throw SourceError(.misconfigured, "\(what) is not a service-account key: it is not a JSON object (IAM → Service accounts → Keys → Add key → JSON)")
        }
        func text(_ name: String) -> String? {
            if case .string(let value)? = tree[name], !value.isEmpty { return value }
            return nil
        }
        guard text("type") == "service_account", let email = text("client_email"), let pem = text("private_key"), let tokenURI = text("token_uri") else {
            let missing = ["client_email", "private_key", "token_uri"].filter { text($0) == nil }
            throw SourceError(.misconfigured, "\(what) is not a service-account key: "
                + (text("type") == "service_account" ? "it lacks \(missing.joined(separator: ", "))" : "its \"type\" is not \"service_account\""))
        }
        guard tokenURI.hasPrefix("https://") || tokenURI.hasPrefix("http://") else {
            throw SourceError(.misconfigured, "\(what): its token_uri is not an http or https URL")
        }
        do { key = try _RSA.Signing.PrivateKey(pemRepresentation: pem) } catch {
            throw SourceError(.misconfigured, "\(what): its private_key is not a PEM RSA key of 2048 bits or more")
        }
        self.email = TextSanitizer.cleanLine(email)
        self.tokenURI = tokenURI
        keyID = text("private_key_id")
        self.timeout = timeout
        self.trust = trust
        self.now = now
    }

    /// An access token valid for at least another minute.
    public func accessToken() throws(SourceError) -> String {
        let now = self.now()
        return try current.withLock { (cached: inout (token: String, expires: Date)?) throws(SourceError) -> String in
            if let cached, cached.expires.timeIntervalSince(now) > Self.renewal { return cached.token }
            let (token, lifetime) = try exchange(issuedAt: Int(now.timeIntervalSince1970))
            cached = (token, now.addingTimeInterval(TimeInterval(lifetime)))
            return token
        }
    }

    /// The signed assertion, as the token endpoint reads it.
    func assertion(issuedAt issued: Int) throws(SourceError) -> String {
        var header: [(String, JSONValue)] = [("alg", .string("RS256")), ("typ", .string("JWT"))]
        if let keyID { header.append(("kid", .string(keyID))) }
        let claims = JSONValue.object([("iss", .string(email)), ("scope", .string(Self.scope)), ("aud", .string(tokenURI)),
                                       ("iat", .number(issued)), ("exp", .number(issued + Self.lifetime))])
        do {
            return try CompactJWS.token(header: .object(header), claims: claims) {
                try key.signature(for: $0, padding: .insecurePKCS1v1_5).rawRepresentation
            }
        } catch {
            throw SourceError(.misconfigured, "cannot sign a token request with the service account \(email)")
        }
    }

    /// Posts the assertion to `token_uri`; the token and how many seconds it lives.
    private func exchange(issuedAt issued: Int) throws(SourceError) -> (String, Int) {
        let body = "grant_type=urn%3Aietf%3Aparams%3Aoauth%3Agrant-type%3Ajwt-bearer&assertion=" + (try assertion(issuedAt: issued))
        let answer = try HTTPFetcher(timeout: timeout, trust: trust).answer(tokenURI, headers: [("Content-Type", "application/x-www-form-urlencoded")],
                                                                             body: Data(body.utf8))
        let tree = try? StrictJSON.parse(answer.body)
        guard (200..<300).contains(answer.status) else {
            var said = ""
            if case .string(let error)? = tree?["error"] {
                let description: String
                if case .string(let text)? = tree?["error_description"] { description = ": " + TextSanitizer.cleanLine(text) } else { description = "" }
                said = " (\(TextSanitizer.cleanLine(error))\(description))"
            }
            let check = answer.status == 400 || answer.status == 401
                ? ": check that the key is not deleted or disabled in IAM and that this machine's clock is right"
                : ""
            throw SourceError(answer.status >= 500 || answer.status == 429 ? .serverError : .misconfigured,
                              "\(HTTPFetcher.host(tokenURI)) refused a token for the service account \(email) with HTTP \(answer.status)\(said)\(check)",
                              httpStatus: answer.status, retryAfter: RetryAfter.delay(answer.retryAfter, now: Date()))
        }
        guard case .string(let token)? = tree?["access_token"], !token.isEmpty else {
            throw SourceError(.unusableAnswer, "the token answer of \(HTTPFetcher.host(tokenURI)) has no access_token")
        }
        let lifetime: Int
        if case .number(let text)? = tree?["expires_in"], let seconds = Int(text), seconds > 0 { lifetime = seconds } else { lifetime = Self.lifetime }
        return (token, lifetime)
    }
}
