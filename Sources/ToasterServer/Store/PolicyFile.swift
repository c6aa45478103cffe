import FoundationEssentials
import Synchronization
import ToasterFiles
import ToasterPolicy

/// The policy in a file, the default place: read and replaced whole (`AtomicFile`).
public final class PolicyFile: PolicyBackend {
    public let path: String
    /// Counts the file's reads and writes. Held for each whole read or write, so the order of
    /// revisions is the order in which the file was touched: a reload that read the file just
    /// before a `PUT` renamed the new one in gets the lower number, and is not installed after
    /// the `PUT` was acknowledged.
    private let touches = Mutex<Int64>(0)

    public var place: String { path }

    public init(path: String) {
        self.path = path
    }

    /// At start, before anything is served: the one read not worth a thread hop.
    func readNow() throws(PolicyError) -> StoredPolicy {
        try touches.withLock { touches throws(PolicyError) in
            let document = try contents()
            touches += 1
            return StoredPolicy(document: document, revision: touches)
        }
    }

    public func read() async throws(PolicyError) -> StoredPolicy {
        try await Offload.run { () throws(PolicyError) in try self.readNow() }
    }

    public func write(_ document: Data, ifMatch expected: [String]?) async throws(PolicyError) -> StoredPolicy {
        try await Offload.run { () throws(PolicyError) in
            try self.touches.withLock { touches throws(PolicyError) in
                if let expected {
                    let stored = try self.contents()
                    guard expected.contains(ETag.of(stored)) else { throw PolicyError.stale(expected) }
                }
                do throws(FileError) {
                    try AtomicFile.write(document, to: self.path)
                } catch {
                    throw PolicyError(error.description, kind: .unwritable)
                }
                touches += 1
                return StoredPolicy(document: document, revision: touches)
            }
        }
    }

    private func contents() throws(PolicyError) -> Data {
        do {
            return try BoundedFile.read(path, limit: ServicePolicy.maximumBytes)
        } catch {
            throw PolicyError(error.description)
        }
    }
}
