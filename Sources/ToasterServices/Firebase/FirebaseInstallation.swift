import FoundationEssentials
import Glibc
import Synchronization
import ToasterCore
import ToasterFiles

/// A Firebase installation as the iOS SDK keeps one (FirebaseInstallations): its ID (FID), the
/// refresh token that stands for it, and the short-lived auth token a fetch carries.
struct FirebaseInstallation: Codable, Sendable, Equatable {
    let project: String
    let appID: String
    let fid: String
    let refreshToken: String
    var authToken: String
    var expiresAt: Date

    /// The SDK refreshes a token an hour before it expires
    /// (`kFIRInstallationsTokenExpirationThreshold`); so does this.
    func isFresh(at now: Date) -> Bool {
        expiresAt.timeIntervalSince(now) > 3600
    }

    /// A new FID as `+[FIRInstallationsItem generateFID]` makes one: a random UUID behind a byte
    /// whose first four bits are `0111` (carrying the UUID's last four), base64url, cut to 22
    /// characters (132 bits).
    static func generateFID() -> String {
        var generator = SystemRandomNumberGenerator()
        var bytes = (0..<16).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
        bytes.insert(0b0111_0000 | (bytes[15] & 0b0000_1111), at: 0)
        let text = Data(bytes).base64EncodedString().replacing("+", with: "-").replacing("/", with: "_")
        return String(text.prefix(22))
    }
}

/// The installation of one project and app: registered with Firebase Installations on first
/// use, its auth token refreshed when it nears its expiry, and kept in the state folder when
/// there is one (mode 0600: the refresh token stands for the installation), as the SDK keeps
/// it in the keychain.
final class FirebaseInstallations: Sendable {
    let endpoint: FirebaseEndpoint
    /// The file the installation is kept in, nil without a state folder.
    let path: String?
    private let cached: Mutex<FirebaseInstallation?>

    init(endpoint: FirebaseEndpoint, stateFolder: String?) {
        self.endpoint = endpoint
        let name = endpoint.appID.map { $0.isASCII && ($0.isLetter || $0.isNumber) ? $0 : "_" }
        path = stateFolder.map { "\($0)/firebase-installation-\(String(name)).json" }
        cached = Mutex(path.flatMap { Self.load($0, endpoint: endpoint) })
    }

    /// An installation with an auth token good for the next hour: the one kept, refreshed if
    /// need be, else a new one registered (`registered`).
    func current() throws(SourceError) -> (installation: FirebaseInstallation, registered: Bool) {
        let now = Date()
        if let kept = cached.withLock({ $0 }), kept.isFresh(at: now) { return (kept, false) }
        var installation: FirebaseInstallation
        var registered = false
        if let kept = cached.withLock({ $0 }) {
            do {
                installation = try refresh(kept, now: now)
            } catch where [401, 404].contains(error.httpStatus) {
                // The installation was deleted on the server: the SDK registers a new one.
                installation = try register(now: now)
                registered = true
            }
        } else {
            installation = try register(now: now)
            registered = true
        }
        cached.withLock { $0 = installation }
        if let path { Self.save(installation, to: path) }
        return (installation, registered)
    }

    /// Drops the kept installation, so that `current()` registers a new one.
    func forget() {
        cached.withLock { $0 = nil }
        if let path { unlink(path) }
    }

    /// `POST {installations}/v1/projects/{project}/installations` with a fresh FID.
    private func register(now: Date) throws(SourceError) -> FirebaseInstallation {
        let fid = FirebaseInstallation.generateFID()
        let body = JSONValue.object([("fid", .string(fid)), ("authVersion", .string("FIS_v2")), ("appId", .string(endpoint.appID)),
                                     ("sdkVersion", .string("i:\(FirebaseEndpoint.sdkVersion)"))])
        let data = try endpoint.post(endpoint.installationsURL("/installations"), service: .installations, body: body)
        let what = "the Firebase Installations answer from \(HTTPFetcher.host(endpoint.installationsBase))"
        let (answer, _) = try JSONPayload.decode(RegisteredInstallation.self, from: data, what: what)
        return FirebaseInstallation(project: endpoint.project, appID: endpoint.appID, fid: answer.fid ?? fid,
                                    refreshToken: answer.refreshToken, authToken: answer.authToken.token,
                                    expiresAt: now.addingTimeInterval(try Self.seconds(answer.authToken.expiresIn, what: what)))
    }

    /// `POST …/installations/{fid}/authTokens:generate` with `Authorization: FIS_v2 {refresh token}`.
    private func refresh(_ installation: FirebaseInstallation, now: Date) throws(SourceError) -> FirebaseInstallation {
        let body = JSONValue.object([("installation", .object([("sdkVersion", .string("i:\(FirebaseEndpoint.sdkVersion)"))]))])
        let data = try endpoint.post(endpoint.installationsURL("/installations/\(installation.fid)/authTokens:generate"), service: .installations,
                                     body: body, headers: [("Authorization", "FIS_v2 \(installation.refreshToken)")])
        let what = "the Firebase Installations token from \(HTTPFetcher.host(endpoint.installationsBase))"
        let (token, _) = try JSONPayload.decode(RegisteredInstallation.Token.self, from: data, what: what)
        var refreshed = installation
        refreshed.authToken = token.token
        refreshed.expiresAt = now.addingTimeInterval(try Self.seconds(token.expiresIn, what: what))
        return refreshed
    }

    /// `"604800s"`: the SDK drops the `s` and reads seconds.
    private static func seconds(_ text: String, what: String) throws(SourceError) -> Double {
        guard text.hasSuffix("s"), let seconds = Double(text.dropLast()), seconds > 0 else {
            throw SourceError(.unusableAnswer, "\(what) is unusable: expiresIn \(JSONValue.string(text).serialized()) is not a duration such as \"604800s\"")
        }
        return seconds
    }

    /// The kept installation, if it is this project's and app's; a damaged file is replaced by
    /// a new registration.
    private static func load(_ path: String, endpoint: FirebaseEndpoint) -> FirebaseInstallation? {
        guard let data = try? BoundedFile.read(path, limit: 64 << 10),
              let (installation, _) = try? StrictJSON.decode(FirebaseInstallation.self, from: data),
              installation.project == endpoint.project, installation.appID == endpoint.appID else { return nil }
        return installation
    }

    /// Best effort, as the SDK's keychain write: a check does not fail because its
    /// installation could not be kept; the next one registers again.
    private static func save(_ installation: FirebaseInstallation, to path: String) {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        guard let data = try? encoder.encode(installation) else { return }
        let descriptor = open(path, O_WRONLY | O_CREAT | O_CLOEXEC, 0o600)
        if descriptor >= 0 { close(descriptor) }
        try? AtomicFile.write(data, to: path)
    }
}

/// What Firebase Installations answers a registration (`authToken` alone for a refresh).
struct RegisteredInstallation: Decodable, Sendable {
    struct Token: Decodable, Sendable {
        let token: String
        let expiresIn: String
    }

    let fid: String?
    let refreshToken: String
    let authToken: Token
}
