import FoundationEssentials
import Glibc
import Synchronization
import ToasterFiles

/// Where Firebase Installations' signing secret and deletions are kept: a state folder for one
/// instance (`InstallationFolder`), or PostgreSQL for every instance of `--database-url`
/// (`PostgresInstallations`).
public protocol InstallationStorage: Sendable {
    /// The secret tokens are signed with (made on the first start) and the deletions recorded
    /// so far, oldest first.
    func open() async throws(StartupError) -> (secret: [UInt8], deletions: [InstallationDeletion])
    /// Stores a deletion, for every instance, before it is acknowledged.
    func record(_ deletion: InstallationDeletion) async throws(InstallationStorageError)
}

/// A deletion that could not be stored; the reason goes to the log.
public struct InstallationStorageError: Error, CustomStringConvertible {
    public let description: String
}

/// A deletion as stored: in the state folder's file, one JSON object a line, and as a
/// PostgreSQL notification's payload.
struct StoredDeletion: Codable {
    let project: String
    let fid: String
    /// Seconds since 1970.
    let at: Double

    init(_ deletion: InstallationDeletion) {
        (project, fid, at) = (deletion.project, deletion.fid, deletion.at.timeIntervalSince1970)
    }

    var deletion: InstallationDeletion { InstallationDeletion(project: project, fid: fid, at: Date(timeIntervalSince1970: at)) }

    var line: Data { ((try? JSONEncoder().encode(self)) ?? Data()) + Data([UInt8(ascii: "\n")]) }

    init?(line: some Collection<UInt8>) {
        guard let read = try? JSONDecoder().decode(StoredDeletion.self, from: Data(line)) else { return nil }
        self = read
    }
}

/// The state folder (`--state-dir`), made on the first start with mode 0700: the secret in
/// `installations.key` (mode 0600, made once and never replaced, so that tokens outlive
/// restarts) and the deletions in `installations-deleted.jsonl`, one a line, each flushed to
/// disk before the DELETE is answered.
public final class InstallationFolder: InstallationStorage {
    static let keyName = "installations.key"
    static let deletionsName = "installations-deleted.jsonl"
    /// The file is rewritten with the newest deletions when it holds twice as many as are kept.
    static let compactionLines = 2 * InstallationTokens.maximumDeletions
    /// A line is about 100 bytes; a file past this is no file of ours.
    static let maximumFileBytes = compactionLines * 512

    public let path: String
    private let lines = Mutex(0)

    public init(path: String) {
        self.path = path
    }

    var keyPath: String { "\(path)/\(Self.keyName)" }
    var deletionsPath: String { "\(path)/\(Self.deletionsName)" }

    /// At start, before anything is served: file IO not worth a thread hop.
    public func open() async throws(StartupError) -> (secret: [UInt8], deletions: [InstallationDeletion]) {
        do {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw StartupError("--state-dir: cannot make \(path): \(error.localizedDescription)")
        }
        let secret: [UInt8]
        do throws(FileError) {
            if let kept = try readSecret() { secret = kept } else { secret = try makeSecret() }
        } catch {
            throw StartupError("--state-dir: \(error.description)")
        }
        var deletions: [InstallationDeletion] = []
        if FileManager.default.fileExists(atPath: deletionsPath) {
            let data: Data
            do { data = try BoundedFile.read(deletionsPath, limit: Self.maximumFileBytes) } catch {
                throw StartupError("--state-dir: \(error.description)")
            }
            // A line cut short by a crash is skipped.
            deletions = data.split(separator: UInt8(ascii: "\n")).compactMap { StoredDeletion(line: $0)?.deletion }
            lines.withLock { $0 = deletions.count }
        }
        return (secret, Array(deletions.suffix(InstallationTokens.maximumDeletions)))
    }

    public func record(_ deletion: InstallationDeletion) async throws(InstallationStorageError) {
        let path = deletionsPath
        let failure = await Offload.perform { () -> String? in
            do throws(FileError) {
                try AtomicFile.append(StoredDeletion(deletion).line, to: path, mode: 0o600)
                return nil
            } catch {
                return error.description
            }
        }
        switch failure {
        case .some(nil): break
        case .some(let problem?): throw InstallationStorageError(description: problem)
        case nil: throw InstallationStorageError(description: "the server is shutting down")
        }
        let count = lines.withLock { count in
            count += 1
            return count
        }
        if count > Self.compactionLines { await compact() }
    }

    /// The newest deletions, kept; the rest of the file dropped.
    private func compact() async {
        let path = deletionsPath
        let kept = await Offload.perform { () -> Int? in
            guard let data = try? BoundedFile.read(path, limit: Self.maximumFileBytes) else { return nil }
            let newest = data.split(separator: UInt8(ascii: "\n")).suffix(InstallationTokens.maximumDeletions)
            guard (try? AtomicFile.write(Data(newest.joined(separator: [UInt8(ascii: "\n")])) + Data([UInt8(ascii: "\n")]), to: path)) != nil else {
                return nil
            }
            return newest.count
        }
        if let kept = kept ?? nil { lines.withLock { $0 = kept } }
    }

    private func readSecret() throws(FileError) -> [UInt8]? {
        guard FileManager.default.fileExists(atPath: keyPath) else { return nil }
        let text = try SecretFile.readPrivate(keyPath, minimumBytes: 32)
        guard let secret = Data(base64Encoded: text), secret.count >= 32 else {
            throw FileError("\(keyPath) is not the key toaster-server makes (32 random bytes in base64); remove it to make a new one, "
                + "which ends every installation issued so far")
        }
        return Array(secret)
    }

    /// 32 random bytes, unless another start made the file first: then that one's.
    private func makeSecret() throws(FileError) -> [UInt8] {
        var generator = SystemRandomNumberGenerator()
        let secret = (0..<32).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
        let made = try AtomicFile.create(Data((Data(secret).base64EncodedString() + "\n").utf8), at: keyPath, mode: 0o600)
        guard !made, let theirs = try readSecret() else { return secret }
        return theirs
    }
}
