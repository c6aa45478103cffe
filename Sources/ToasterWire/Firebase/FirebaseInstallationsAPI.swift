/// Firebase Installations as the iOS SDK speaks it (`FIRInstallationsAPIService`): an
/// installation registered with its ID (FID), then auth tokens generated with the refresh
/// token that stands for it.
public enum FirebaseInstallationsAPI {
    /// The registration's `authVersion`, and the scheme of `Authorization: FIS_v2 {refresh token}`.
    public static let authVersion = "FIS_v2"

    /// `POST {installations}/v1/projects/{project}/installations`.
    public static func registrationPath(project: String) -> String {
        "/v1/projects/\(project)/installations"
    }

    /// The API's host name, which Google's errors name as their `service`.
    public static let service = "firebaseinstallations.googleapis.com"

    /// `DELETE …/installations/{fid}` (the iOS SDK adds a slash), with the refresh token as for
    /// a token request: the installation and its tokens are no more.
    public static func installationPath(project: String, fid: String) -> String {
        registrationPath(project: project) + "/\(fid)"
    }

    /// `POST …/installations/{fid}/authTokens:generate`.
    public static func tokenPath(project: String, fid: String) -> String {
        installationPath(project: project, fid: fid) + "/authTokens:generate"
    }

    /// `Authorization` for a token request.
    public static func authorization(refreshToken: String) -> String {
        "\(authVersion) \(refreshToken)"
    }

    /// The refresh token an `Authorization` header carries; nil without the scheme.
    public static func refreshToken(authorization: String) -> String? {
        let scheme = authVersion + " "
        return authorization.hasPrefix(scheme) ? String(authorization.dropFirst(scheme.count)) : nil
    }

    /// A registration's body.
    public struct Registration: Codable, Sendable, Equatable {
        public var fid: String?
        public var authVersion: String?
        public var appID: String?
        /// `i:11.5.0`: the SDK's version behind its platform's letter.
        public var sdkVersion: String?

        public enum CodingKeys: String, CodingKey {
            case fid, authVersion, appID = "appId", sdkVersion
        }

        public init(fid: String?, authVersion: String? = FirebaseInstallationsAPI.authVersion, appID: String?, sdkVersion: String?) {
            (self.fid, self.authVersion, self.appID, self.sdkVersion) = (fid, authVersion, appID, sdkVersion)
        }
    }

    /// What a registration is answered: the installation (its FID, which the service may have
    /// replaced) with its refresh token and a first auth token.
    public struct Installation: Codable, Sendable, Equatable {
        /// `projects/{project}/installations/{fid}`.
        public var name: String?
        public var fid: String?
        public var refreshToken: String
        public var authToken: AuthToken

        public init(name: String?, fid: String?, refreshToken: String, authToken: AuthToken) {
            (self.name, self.fid, self.refreshToken, self.authToken) = (name, fid, refreshToken, authToken)
        }

        /// `projects/{project}/installations/{fid}`.
        public static func name(project: String, fid: String) -> String { "projects/\(project)/installations/\(fid)" }
    }

    /// A token request's body: `{"installation": {"sdkVersion": "i:11.5.0"}}`.
    public struct TokenRequest: Codable, Sendable, Equatable {
        public struct Client: Codable, Sendable, Equatable {
            public var sdkVersion: String?
        }

        public var installation: Client

        public init(sdkVersion: String?) {
            installation = Client(sdkVersion: sdkVersion)
        }
    }

    /// An auth token and how long it lives, as a duration: `"604800s"`. A token request is
    /// answered with this alone.
    public struct AuthToken: Codable, Sendable, Equatable {
        /// What Google gives an auth token, in seconds: seven days.
        public static let googleLifetime = 604_800

        public var token: String
        public var expiresIn: String

        public enum CodingKeys: String, CodingKey {
            case token, expiresIn
        }

        public init(token: String, expiresIn: String) {
            (self.token, self.expiresIn) = (token, expiresIn)
        }

        public init(token: String, seconds: Int) {
            self.init(token: token, expiresIn: Self.duration(seconds: seconds))
        }

        /// `604800` → `"604800s"`.
        public static func duration(seconds: Int) -> String { "\(seconds)s" }

        /// The lifetime in seconds, as the SDK reads it (the `s` dropped); nil when it is not a
        /// positive duration.
        public var seconds: Double? {
            guard expiresIn.hasSuffix("s"), let seconds = Double(expiresIn.dropLast()), seconds > 0 else { return nil }
            return seconds
        }
    }
}
