import FoundationEssentials
import JWTKit
import Synchronization
import ToasterWire

/// Firebase Installations' refresh and auth tokens as every instance can verify them without
/// having issued them: each a JWT signed (HS256, jwt-kit) with the secret all instances share
/// (`InstallationStorage`: PostgreSQL, or a state folder), naming the installation it stands
/// for, as Google's auth tokens are signed JWTs. Nothing is kept per installation but its
/// deletion: a deleted installation's tokens are refused everywhere once the deletion reached
/// an instance (at once on the one that deleted it; through PostgreSQL within a second
/// elsewhere). The piece every route that takes an installation verifies with: the fetch
/// today, a real-time stream tomorrow.
public final class InstallationTokens: Sendable {
    /// How long an auth token lives, in seconds: as long as Google's.
    static let lifetime = FirebaseInstallationsAPI.AuthToken.googleLifetime
    /// About 100 bytes each: ten megabytes at most, whatever clients do. Past it the oldest
    /// deletion is forgotten (and its installation's refresh token works again).
    static let maximumDeletions = 100_000

    /// An installation as its tokens name it.
    struct Installation: Sendable, Equatable {
        let project: String
        let fid: String
        let appID: String?
    }

    /// Why a token is refused: not one of ours (or expired, or another project's), or its
    /// installation was deleted.
    enum Refusal: Error, Equatable {
        case invalid, deleted
    }

    /// A token's claims: the installation, which token it is, when it was issued and (an auth
    /// token) when it expires.
    struct Claims: Codable, Sendable {
        enum Use: String, Codable, Sendable { case refresh, auth }

        var project: String
        var fid: String
        var appId: String?
        var use: Use
        var iat: Double
        var exp: Double?
    }

    private typealias Signed = JWTClaims<Claims>

    /// jwt-kit's keys are an actor's, filled in asynchronously: ready by the first request.
    private let keys: Task<JWTKeyCollection, Never>
    private let storage: (any InstallationStorage)?
    private let deletions: Mutex<DeletionLedger>

    /// The tokens signed with the storage's secret (made on first start), knowing the
    /// deletions recorded so far.
    public static func open(_ storage: any InstallationStorage) async throws(StartupError) -> InstallationTokens {
        let (secret, deleted) = try await storage.open()
        return InstallationTokens(secret: secret, storage: storage, deleted: deleted)
    }

    /// `storage` nil: a router's own tokens (tests), deletions kept in memory only.
    init(secret: [UInt8], storage: (any InstallationStorage)?, deleted: [InstallationDeletion] = []) {
        keys = Task {
            let keys = JWTKeyCollection()
            await keys.add(hmac: HMACKey(from: secret), digestAlgorithm: .sha256)
            return keys
        }
        self.storage = storage
        var ledger = DeletionLedger()
        for deletion in deleted { ledger.insert(deletion) }
        deletions = Mutex(ledger)
    }

    /// Tokens of a secret of their own, known to no other instance.
    public convenience init() {
        var generator = SystemRandomNumberGenerator()
        self.init(secret: (0..<32).map { _ in UInt8.random(in: .min ... .max, using: &generator) }, storage: nil)
    }

    /// A new installation of `project`: `fid` when it is one an SDK makes (URL-safe base64, at
    /// most 64 characters) and was never deleted; otherwise a new one, as Google replaces an
    /// invalid FID (the answer's `fid` says which).
    func register(project: String, fid: String?, appID: String?, now: Date) async -> (installation: Installation, refreshToken: String, authToken: String) {
        let kept = fid.flatMap { Self.isFID($0) && !isDeleted(project: project, fid: $0) ? $0 : nil }
        let installation = Installation(project: project, fid: kept ?? Self.random(bytes: 16), appID: appID)
        return (installation, await sign(installation, .refresh, now: now), await sign(installation, .auth, now: now))
    }

    /// A new auth token for `installation`, good for `lifetime` seconds.
    func authToken(_ installation: Installation, now: Date) async -> String {
        await sign(installation, .auth, now: now)
    }

    /// The installation of `project` an unexpired auth token stands for.
    func installation(authToken token: String, project: String, now: Date) async throws(Refusal) -> Installation {
        let claims = try await verify(token, .auth, project: project)
        guard let expires = claims.exp, Date(timeIntervalSince1970: expires) > now else { throw .invalid }
        return try alive(claims)
    }

    /// The installation `fid` of `project` a refresh token stands for.
    func installation(refreshToken token: String, project: String, fid: String) async throws(Refusal) -> Installation {
        let claims = try await verify(token, .refresh, project: project)
        guard claims.fid == fid else { throw .invalid }
        return try alive(claims)
    }

    /// Deletes `installation` for every instance: stored first, then refused here at once.
    func delete(_ installation: Installation, now: Date) async throws(InstallationStorageError) {
        let deletion = InstallationDeletion(project: installation.project, fid: installation.fid, at: now)
        try await storage?.record(deletion)
        heard(deletion)
    }

    /// A deletion another instance recorded.
    func heard(_ deletion: InstallationDeletion) {
        deletions.withLock { $0.insert(deletion) }
    }

    func isDeleted(project: String, fid: String) -> Bool {
        deletions.withLock { $0.contains(project: project, fid: fid) }
    }

    var deletionCount: Int { deletions.withLock { $0.count } }

    private func sign(_ installation: Installation, _ use: Claims.Use, now: Date) async -> String {
        let issued = now.timeIntervalSince1970.rounded(.down)
        let claims = Claims(project: installation.project, fid: installation.fid, appId: installation.appID, use: use, iat: issued,
                            exp: use == .auth ? issued + Double(Self.lifetime) : nil)
        // HMAC over a payload of a few plain fields cannot fail.
        return (try? await keys.value.sign(Signed(claims))) ?? ""
    }

    private func verify(_ token: String, _ use: Claims.Use, project: String) async throws(Refusal) -> Claims {
        guard let signed = try? await keys.value.verify(token, as: Signed.self), signed.claims.use == use, signed.claims.project == project else {
            throw .invalid
        }
        return signed.claims
    }

    private func alive(_ claims: Claims) throws(Refusal) -> Installation {
        guard !isDeleted(project: claims.project, fid: claims.fid) else { throw .deleted }
        return Installation(project: claims.project, fid: claims.fid, appID: claims.appId)
    }

    private static func isFID(_ text: String) -> Bool {
        !text.isEmpty && text.utf8.count <= 64 && text.utf8.allSatisfy { byte in
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
                || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_")
        }
    }

    /// Random bytes as URL-safe base64 without padding.
    static func random(bytes count: Int) -> String {
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<count).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
        return Data(bytes).base64EncodedString().replacing("+", with: "-").replacing("/", with: "_").replacing("=", with: "")
    }
}

/// One installation deleted, and when.
public struct InstallationDeletion: Sendable, Equatable {
    public let project: String
    public let fid: String
    public let at: Date
}

/// The deletions an instance knows, bounded: past `maximumDeletions` the oldest is forgotten.
private struct DeletionLedger {
    private var deleted: Set<Key> = []
    /// In the order heard, for forgetting the oldest; `start` skips the forgotten ones
    /// without moving the rest.
    private var order: [Key] = []
    private var start = 0

    private struct Key: Hashable {
        let project: String
        let fid: String
    }

    var count: Int { deleted.count }

    func contains(project: String, fid: String) -> Bool { deleted.contains(Key(project: project, fid: fid)) }

    mutating func insert(_ deletion: InstallationDeletion) {
        let key = Key(project: deletion.project, fid: deletion.fid)
        guard deleted.insert(key).inserted else { return }
        order.append(key)
        while deleted.count > InstallationTokens.maximumDeletions, start < order.count {
            deleted.remove(order[start])
            start += 1
        }
        // Compacted now and then, so that the order list stays as bounded as the set.
        if start > InstallationTokens.maximumDeletions {
            order.removeFirst(start)
            start = 0
        }
    }
}
