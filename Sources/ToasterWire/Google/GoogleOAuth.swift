/// Google's OAuth 2.0 for server-to-server applications: a service account's JSON key, the
/// RS256-signed assertion made with it, and its exchange at the key's `token_uri` for an access
/// token (a `jwt-bearer` grant, RFC 7523; the answers are RFC 6749's, 5.1 and 5.2).
public enum GoogleOAuth {
    /// An assertion lives at most an hour; Google's access tokens live as long.
    public static let lifetime = 3600
    /// The assertion's signature algorithm.
    public static let algorithm = "RS256"
    /// The token endpoint's path on Google's host (a key's `token_uri` names the endpoint).
    public static let tokenPath = "/token"
    /// Google's token endpoint, which google-auth (Python, `google/oauth2/service_account.py`)
    /// always names as the assertion's `aud`, whatever the key's `token_uri` says.
    public static let googleTokenURL = "https://oauth2.googleapis.com/token"
    /// The scope of every Google Cloud API, which firebase-admin asks for
    /// (`src/app/credential-internal.ts`) and the Remote Config API accepts.
    public static let cloudPlatformScope = "https://www.googleapis.com/auth/cloud-platform"

    /// A service account's key, as the console downloads it (IAM → Service accounts → Keys);
    /// only the fields either side uses.
    public struct ServiceAccountKey: Codable, Sendable, Equatable {
        /// What `type` says of a service account's key.
        public static let serviceAccount = "service_account"

        public var type: String?
        /// The id the assertion's header names, and the PEM of the RSA private key.
        public var privateKeyID, privateKey: String?
        /// The account's email, and where its assertions are exchanged.
        public var clientEmail, tokenURI: String?

        public enum CodingKeys: String, CodingKey {
            case type, privateKeyID = "private_key_id", privateKey = "private_key", clientEmail = "client_email", tokenURI = "token_uri"
        }

        public init(type: String? = ServiceAccountKey.serviceAccount, privateKeyID: String? = nil, privateKey: String?, clientEmail: String?,
                    tokenURI: String?) {
            (self.type, self.privateKeyID, self.privateKey, self.clientEmail, self.tokenURI) = (type, privateKeyID, privateKey, clientEmail, tokenURI)
        }

        public var isServiceAccount: Bool { type == Self.serviceAccount }

        /// The fields an exchange needs that are absent or empty, by their names.
        public var lacking: [String] {
            [(CodingKeys.clientEmail, clientEmail), (.privateKey, privateKey), (.tokenURI, tokenURI)]
                .filter { $0.1?.isEmpty ?? true }.map(\.0.stringValue)
        }
    }

    /// The assertion's claims: the account (`iss`), the scope asked for, the token endpoint
    /// (`aud`), when it was issued and when it expires, in seconds since 1970 (JWT's NumericDate:
    /// written whole, read with a fraction too).
    public struct AssertionClaims: Codable, Sendable, Equatable {
        public var iss, scope, aud: String
        public var iat, exp: Double

        public init(iss: String, scope: String, aud: String, iat: Double, exp: Double) {
            (self.iss, self.scope, self.aud, self.iat, self.exp) = (iss, scope, aud, iat, exp)
        }
    }

    /// The token request, form-encoded: `grant_type=…&assertion=…`.
    public struct TokenRequest: Codable, Sendable, Equatable {
        /// The grant of a signed assertion (RFC 7523, 2.1).
        public static let jwtBearer = "urn:ietf:params:oauth:grant-type:jwt-bearer"
        public static let contentType = "application/x-www-form-urlencoded"

        public var grantType: String
        public var assertion: String

        public enum CodingKeys: String, CodingKey {
            case grantType = "grant_type", assertion
        }

        public init(grantType: String = TokenRequest.jwtBearer, assertion: String) {
            (self.grantType, self.assertion) = (grantType, assertion)
        }

        /// The body as sent: each value percent-encoded but for RFC 3986's unreserved characters.
        public var form: String {
            [(CodingKeys.grantType, grantType), (.assertion, assertion)].map { "\($0.0.stringValue)=\(Self.escaped($0.1))" }.joined(separator: "&")
        }

        private static func escaped(_ text: String) -> String {
            var output = ""
            for byte in text.utf8 {
                let unreserved = (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
                    || [0x2D, 0x2E, 0x5F, 0x7E].contains(byte)
                if unreserved {
                    output.unicodeScalars.append(Unicode.Scalar(byte))
                } else {
                    let hex = String(byte, radix: 16, uppercase: true)
                    output += "%" + (hex.count == 1 ? "0" : "") + hex
                }
            }
            return output
        }
    }

    /// A granted token (RFC 6749, 5.1).
    public struct AccessToken: Codable, Sendable, Equatable {
        public static let bearer = "Bearer"

        public var accessToken: String
        /// Seconds.
        public var expiresIn: Int?
        public var tokenType: String?

        public enum CodingKeys: String, CodingKey {
            case accessToken = "access_token", expiresIn = "expires_in", tokenType = "token_type"
        }

        public init(accessToken: String, expiresIn: Int?, tokenType: String? = AccessToken.bearer) {
            (self.accessToken, self.expiresIn, self.tokenType) = (accessToken, expiresIn, tokenType)
        }
    }

    /// A refused request (RFC 6749, 5.2): `{"error": "invalid_grant", "error_description": "…"}`.
    public struct TokenError: Codable, Sendable, Equatable {
        public static let invalidRequest = "invalid_request"
        public static let invalidGrant = "invalid_grant"
        public static let invalidScope = "invalid_scope"
        public static let unsupportedGrantType = "unsupported_grant_type"

        public var error: String
        public var errorDescription: String?

        public enum CodingKeys: String, CodingKey {
            case error, errorDescription = "error_description"
        }

        public init(error: String, errorDescription: String?) {
            (self.error, self.errorDescription) = (error, errorDescription)
        }
    }
}
