import FoundationEssentials
import Glibc
import Synchronization
import ToasterCore
import ToasterFiles
import ToasterWire

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
    /// Held while one thread registers or refreshes: the fetch and the real-time stream start
    /// together, and the second waits for the first's installation rather than registering
    /// another, as the SDK's one installation serves both.
    private let renewal = Mutex(())

    init(endpoint: FirebaseEndpoint, stateFolder: String?) {
        self.endpoint = endpoint
        let name = endpoint.appID.map { $0.isASCII && ($0.isLetter || $0.isNumber) ? $0 : "_" }
        path = stateFolder.map { "\($0)/firebase-installation-\(String(name)).json" }
        cached = Mutex(path.flatMap { Self.load($0, endpoint: endpoint) })
    }

    /// An installation with an auth token good for the next hour: the one kept, refreshed if
    /// need be, else a new one registered (`registered`).
    func current() throws(SourceError) -> (installation: FirebaseInstallation, registered: Bool) {
        try renewal.withLock { _ throws(SourceError) in try renewed() }
    }

    private func renewed() throws(SourceError) -> (installation: FirebaseInstallation, registered: Bool) {
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

    /// A registration with a fresh FID.
    private func register(now: Date) throws(SourceError) -> FirebaseInstallation {
        let fid = FirebaseInstallation.generateFID()
        let body = FirebaseInstallationsAPI.Registration(fid: fid, appID: endpoint.appID, sdkVersion: Self.sdkVersion)
        let data = try endpoint.post(endpoint.registrationURL, service: .installations, body: body)
        let what = "the Firebase Installations answer from \(HTTPFetcher.host(endpoint.installationsBase))"
        let (answer, _) = try JSONPayload.decode(FirebaseInstallationsAPI.Installation.self, from: data, what: what)
        return FirebaseInstallation(project: endpoint.project, appID: endpoint.appID, fid: answer.fid ?? fid,
                                    refreshToken: answer.refreshToken, authToken: answer.authToken.token,
                                    expiresAt: now.addingTimeInterval(try Self.seconds(answer.authToken, what: what)))
    }

    /// A new auth token, asked for with the refresh token.
    private func refresh(_ installation: FirebaseInstallation, now: Date) throws(SourceError) -> FirebaseInstallation {
        let data = try endpoint.post(endpoint.tokenURL(fid: installation.fid), service: .installations,
                                     body: FirebaseInstallationsAPI.TokenRequest(sdkVersion: Self.sdkVersion),
                                     headers: [("Authorization", FirebaseInstallationsAPI.authorization(refreshToken: installation.refreshToken))])
        let what = "the Firebase Installations token from \(HTTPFetcher.host(endpoint.installationsBase))"
        let (token, _) = try JSONPayload.decode(FirebaseInstallationsAPI.AuthToken.self, from: data, what: what)
        var refreshed = installation
        refreshed.authToken = token.token
        refreshed.expiresAt = now.addingTimeInterval(try Self.seconds(token, what: what))
        return refreshed
    }

    /// The SDK's version as Firebase Installations reads it: behind its platform's letter.
    private static let sdkVersion = "i:\(FirebaseEndpoint.sdkVersion)"

    /// The token's lifetime in seconds, as the SDK reads its duration.
    private static func seconds(_ token: FirebaseInstallationsAPI.AuthToken, what: String) throws(SourceError) -> Double {
        guard let seconds = token.seconds else {
            let example = FirebaseInstallationsAPI.AuthToken.duration(seconds: FirebaseInstallationsAPI.AuthToken.googleLifetime)
            throw SourceError(.unusableAnswer, "\(what) is unusable: \(FirebaseInstallationsAPI.AuthToken.CodingKeys.expiresIn.stringValue) "
                + "\(JSONValue.string(token.expiresIn).serialized()) is not a duration such as \(JSONValue.string(example).serialized())")
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
