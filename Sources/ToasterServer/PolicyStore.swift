import FoundationEssentials
import Synchronization
import ToasterFiles

/// The policy being served and the file it lives in. Requests read one whole snapshot;
/// a replacement is validated first, written atomically, and only then served.
public final class PolicyStore: Sendable {
    public let path: String
    /// Temporary files of writes that never finished (a server killed mid-write), removed at
    /// start.
    public let removedTemporaries: [String]
    private let current: Mutex<ServedPolicy>
    /// Held for a whole change, the file's read or write included. A reload that read the file
    /// just before a `PUT` renamed the new one in would otherwise install the older policy
    /// after the `PUT` was acknowledged.
    private let changing = Mutex(())

    public init(path: String) throws(PolicyError) {
        self.path = path
        removedTemporaries = AtomicFile.removeAbandonedTemporaries(of: path)
        current = Mutex(ServedPolicy(try Self.read(path)))
    }

    public var policy: ServicePolicy { served.policy }

    var served: ServedPolicy { current.withLock { $0 } }

    /// `PUT /admin/policy`: an invalid policy changes nothing.
    public func replace(with data: Data) throws(PolicyError) {
        let policy = ServedPolicy(try ServicePolicy.validated(from: data))
        try changing.withLock { _ throws(PolicyError) in
            do throws(FileError) { try AtomicFile.write(data, to: path) } catch { throw PolicyError(error.description, kind: .unwritable) }
            current.withLock { $0 = policy }
        }
    }

    /// SIGHUP: an invalid file leaves the served policy as it was.
    public func reload() throws(PolicyError) {
        try changing.withLock { _ throws(PolicyError) in
            let policy = ServedPolicy(try Self.read(path))
            current.withLock { $0 = policy }
        }
    }

    /// The policy in `path`, validated; what `--check-policy` and every load use.
    public static func read(_ path: String) throws(PolicyError) -> ServicePolicy {
        let data: Data
        do {
            data = try BoundedFile.read(path, limit: ToasterRoutes.maximumPolicyBytes)
        } catch {
            throw PolicyError(error.description)
        }
        do {
            return try ServicePolicy.validated(from: data)
        } catch {
            throw PolicyError("\(path): \(error.description)")
        }
    }
}
