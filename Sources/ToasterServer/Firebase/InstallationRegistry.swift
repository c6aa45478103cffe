import FoundationEssentials
import Synchronization
import ToasterWire

/// The installations toaster-server has issued, as Firebase Installations keeps them: an ID
/// (FID), the refresh token that stands for it, and the auth token a fetch must carry. In
/// memory only, and bounded: past `maximumCount` the oldest registration is forgotten (its
/// fetches then answer 401, as Google answers a deleted installation). A restart forgets all.
public final class InstallationRegistry: Sendable {
    /// About 300 bytes each: a few megabytes at most, whatever clients do.
    static let maximumCount = 10_000
    /// How long an auth token lives, in seconds: as long as Google's.
    static let lifetime = FirebaseInstallationsAPI.AuthToken.googleLifetime

    struct Installation: Sendable, Equatable {
        let project: String
        let fid: String
        let refreshToken: String
        var authToken: String
        var expiresAt: Date
    }

    private struct State {
        var byFID: [String: Installation] = [:]
        var fidByAuthToken: [String: String] = [:]
        /// FIDs in the order registered, for forgetting the oldest; `start` skips the
        /// forgotten ones without moving the rest.
        var order: [String] = []
        var start = 0
    }

    private let state = Mutex(State())

    public init() {}

    /// A new installation of `project`. `fid` is the client's, when it is one an SDK makes
    /// (URL-safe base64, at most 64 characters); otherwise one is made, as Google replaces an
    /// invalid FID, and the answer says which.
    func register(project: String, fid: String?, now: Date) -> Installation {
        let id = fid.flatMap { Self.isFID($0) ? $0 : nil } ?? Self.token(bytes: 16)
        let installation = Installation(project: project, fid: id, refreshToken: Self.token(bytes: 32), authToken: Self.token(bytes: 32),
                                        expiresAt: now.addingTimeInterval(Double(Self.lifetime)))
        state.withLock { state in
            if let old = state.byFID[id] { state.fidByAuthToken[old.authToken] = nil } else { state.order.append(id) }
            state.byFID[id] = installation
            state.fidByAuthToken[installation.authToken] = id
            while state.byFID.count > Self.maximumCount, state.start < state.order.count {
                let oldest = state.order[state.start]
                state.start += 1
                if let gone = state.byFID.removeValue(forKey: oldest) { state.fidByAuthToken[gone.authToken] = nil }
            }
            // Compacted now and then, so that the order list stays as bounded as the table.
            if state.start > Self.maximumCount {
                state.order.removeFirst(state.start)
                state.start = 0
            }
        }
        return installation
    }

    /// `authTokens:generate`: a new auth token for the installation `refreshToken` stands for.
    func refresh(project: String, fid: String, refreshToken: String, now: Date) -> Installation? {
        state.withLock { state in
            guard var installation = state.byFID[fid], installation.project == project,
                  ConstantTime.equal(installation.refreshToken, refreshToken) else { return nil }
            state.fidByAuthToken[installation.authToken] = nil
            installation.authToken = Self.token(bytes: 32)
            installation.expiresAt = now.addingTimeInterval(Double(Self.lifetime))
            state.byFID[fid] = installation
            state.fidByAuthToken[installation.authToken] = fid
            return installation
        }
    }

    /// The installation of `project` whose unexpired auth token this is.
    func installation(authToken: String, project: String, now: Date) -> Installation? {
        state.withLock { state in
            guard let fid = state.fidByAuthToken[authToken], let installation = state.byFID[fid],
                  installation.project == project, installation.expiresAt > now else { return nil }
            return installation
        }
    }

    var count: Int { state.withLock { $0.byFID.count } }

    private static func isFID(_ text: String) -> Bool {
        !text.isEmpty && text.utf8.count <= 64 && text.utf8.allSatisfy { byte in
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
                || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_")
        }
    }

    /// Random bytes as URL-safe base64 without padding.
    static func token(bytes count: Int) -> String {
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<count).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
        return Data(bytes).base64EncodedString().replacing("+", with: "-").replacing("/", with: "_").replacing("=", with: "")
    }
}
