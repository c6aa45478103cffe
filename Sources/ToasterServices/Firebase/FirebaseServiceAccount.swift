import _CryptoExtras
import FoundationEssentials
import Synchronization
import ToasterCore
import ToasterFiles
import ToasterWire

/// A Google service account's JSON key, and the access token it is exchanged for as Google's
/// server-to-server OAuth 2.0 flow describes (docs/10): an RS256-signed JWT (`iss` the account's
/// email, `scope`, `aud` the key's `token_uri`, `iat`, `exp` an hour later) posted to `token_uri`
/// as a `jwt-bearer` grant. The token is reused until a minute before it expires. Neither the
/// key nor a token ever reaches a message: they name the file and the account's email.
public final class FirebaseServiceAccount: Sendable {
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
        typealias Key = GoogleOAuth.ServiceAccountKey
        let file: Key
        do { file = try StrictJSON.decode(Key.self, tree: tree) } catch {
            throw SourceError(.misconfigured, "\(what) is not a service-account key: \(error)")
        }
        guard file.isServiceAccount, let email = file.clientEmail, let pem = file.privateKey, let tokenURI = file.tokenURI, file.lacking.isEmpty else {
            throw SourceError(.misconfigured, "\(what) is not a service-account key: " + (file.isServiceAccount ? "it lacks \(file.lacking.joined(separator: ", "))"
                : "its \"\(Key.CodingKeys.type.stringValue)\" is not \"\(Key.serviceAccount)\""))
        }
        guard tokenURI.hasPrefix("https://") || tokenURI.hasPrefix("http://") else {
            throw SourceError(.misconfigured, "\(what): its \(Key.CodingKeys.tokenURI.stringValue) is not an http or https URL")
        }
        do { key = try _RSA.Signing.PrivateKey(pemRepresentation: pem) } catch {
            throw SourceError(.misconfigured, "\(what): its \(Key.CodingKeys.privateKey.stringValue) is not a PEM RSA key of 2048 bits or more")
        }
        self.email = TextSanitizer.cleanLine(email)
        self.tokenURI = tokenURI
        keyID = file.privateKeyID.flatMap { $0.isEmpty ? nil : $0 }
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
        let header = JWSHeader(alg: GoogleOAuth.algorithm, kid: keyID)
        let claims = GoogleOAuth.AssertionClaims(iss: email, scope: RemoteConfigAPI.scope, aud: tokenURI, iat: Double(issued),
                                                  exp: Double(issued + GoogleOAuth.lifetime))
        do {
            return try CompactJWS.token(header: header, claims: claims) {
                try key.signature(for: $0, padding: .insecurePKCS1v1_5).rawRepresentation
            }
        } catch {
            throw SourceError(.misconfigured, "cannot sign a token request with the service account \(email)")
        }
    }

    /// Posts the assertion to `token_uri`; the token and how many seconds it lives.
    private func exchange(issuedAt issued: Int) throws(SourceError) -> (String, Int) {
        let body = GoogleOAuth.TokenRequest(assertion: try assertion(issuedAt: issued)).form
        let answer = try HTTPFetcher(timeout: timeout, trust: trust).answer(tokenURI, headers: [("Content-Type", GoogleOAuth.TokenRequest.contentType)],
                                                                             body: Data(body.utf8))
        guard (200..<300).contains(answer.status) else {
            let said = GoogleRefusal(answer.body).map { " (\($0.summary))" } ?? ""
            let check = answer.status == 400 || answer.status == 401
                ? ": check that the key is not deleted or disabled in IAM and that this machine's clock is right"
                : ""
            throw SourceError(answer.status >= 500 || answer.status == 429 ? .serverError : .misconfigured,
                              "\(HTTPFetcher.host(tokenURI)) refused a token for the service account \(email) with HTTP \(answer.status)\(said)\(check)",
                              httpStatus: answer.status, retryAfter: RetryAfter.delay(answer.retryAfter, now: Date()))
        }
        guard let granted = try? StrictJSON.decode(GoogleOAuth.AccessToken.self, from: answer.body).value, !granted.accessToken.isEmpty else {
            throw SourceError(.unusableAnswer, "the token answer of \(HTTPFetcher.host(tokenURI)) has no \(GoogleOAuth.AccessToken.CodingKeys.accessToken.stringValue)")
        }
        return (granted.accessToken, granted.expiresIn.flatMap { $0 > 0 ? $0 : nil } ?? GoogleOAuth.lifetime)
    }
}
