import FoundationEssentials
import Logging
import Synchronization
import ToasterFiles
import ToasterPolicy
import ToasterWire
import ToasterCore

/// The policy being served and the place it is kept (`PolicyBackend`). Requests read one
/// whole snapshot; a replacement is validated first, stored, and only then served.
public final class PolicyStore: Sendable {
    public let backend: any PolicyBackend
    /// Temporary files of writes that never finished (a server killed mid-write), removed at
    /// start.
    public let removedTemporaries: [String]
    private let observability: Observability
    /// The snapshot served, and the revision of the stored document it was built from: a
    /// change is installed only over an older one, so a reload that read the place before a
    /// `PUT` stored a newer policy never undoes it when it ends after the `PUT`.
    private let current: Mutex<(served: ServedPolicy, revision: Int64)>
    /// Told of every policy installed after the first (the real-time streams).
    private let observers = Mutex<[@Sendable (ServedPolicy) -> Void]>([])

    /// The policy in the file at `path`.
    public convenience init(path: String, observability: Observability = Observability()) throws(StoreError) {
        let file = PolicyFile(path: path)
        let removed = AtomicFile.removeAbandonedTemporaries(of: path)
        try self.init(backend: file, first: try file.readNow(), observability: observability, removedTemporaries: removed)
    }

    /// The policy in `backend`, read once now.
    public static func open(_ backend: any PolicyBackend, observability: Observability) async throws(StoreError) -> PolicyStore {
        try PolicyStore(backend: backend, first: try await backend.read(), observability: observability, removedTemporaries: [])
    }

    private init(backend: any PolicyBackend, first: StoredPolicy, observability: Observability, removedTemporaries: [String]) throws(StoreError) {
        self.backend = backend
        self.observability = observability
        self.removedTemporaries = removedTemporaries
        current = Mutex((try Self.served(first.document, from: backend.place), first.revision))
    }

    public var policy: ServicePolicy { served.policy }

    var served: ServedPolicy { current.withLock { $0.served } }

    /// `PUT /admin/policy`: an invalid policy changes nothing; with `ifMatch`, neither does a
    /// policy changed since the editor read it (`.stale`), nor, unless `allowingDeadEnds`, one
    /// that strands users in a storefront it serves (`.deadEnd`).
    /// A publish of every template it changes, numbered as `TemplateHistory.number` says.
    /// Returns the policy served and the dead ends it was allowed to serve.
    func replace(with document: Data, ifMatch: [String]?, allowingDeadEnds: Bool = false) async throws(StoreError)
        -> (served: ServedPolicy, deadEnds: [String]) {
        let (served, deadEnds) = try await Offload.run(else: StoreError.shuttingDown) { () throws(StoreError) -> (ServedPolicy, [String]) in
            let served = try Self.served(document, from: nil)
            let deadEnds = Self.deadEnds(of: served.policy)
            if !allowingDeadEnds, let error = PolicyError.deadEnds(deadEnds) { throw StoreError.refused(error) }
            return (served, deadEnds)
        }
        let now = Date()
        let (stored, installed) = try await backend.write { stored, newest throws(StoreError) in
            if let ifMatch, !ifMatch.contains(ETag.of(stored)) { throw StoreError.stale(ifMatch) }
            let change = try TemplateHistory.number(document, over: stored, newest: newest, forced: ifMatch == nil, now: now)
            return (change, change.document == document ? served : try Self.served(change.document, from: nil))
        }
        install(installed, revision: stored.revision)
        return (installed, deadEnds)
    }

    /// Publishes `template` as `project`'s next version (the REST API's `PUT`, or a rollback),
    /// over the version `expected` when given; with `validateOnly`, only says whether it would be.
    func publish(_ template: JSONTree, project: String, expected: Int64?, by publisher: TemplateHistory.Publisher,
                 type: RemoteConfigAPI.UpdateType, rollbackSource: Int64? = nil, validateOnly: Bool = false) async throws(StoreError) -> ServedPolicy {
        let now = Date()
        let change = { @Sendable (stored: Data, newest: NewestVersions) throws(StoreError) -> (PolicyChange, ServedPolicy) in
            let change = try TemplateHistory.publish(template, project: project, over: stored, newest: newest, expected: expected,
                                                     by: publisher, type: type, rollbackSource: rollbackSource, now: now)
            // Read as every policy is, so the REST API and the admin API refuse alike.
            return (change, try Self.served(change.document, from: nil))
        }
        if validateOnly {
            let document = served.document
            return try await Offload.run(else: StoreError.shuttingDown) { () throws(StoreError) in try change(document, [:]).1 }
        }
        let (stored, installed) = try await backend.write(change)
        install(installed, revision: stored.revision)
        return installed
    }

    /// `project`'s versions kept, newest first: the history's, else the template served, as
    /// its only version.
    func versions(of project: String) async throws(StoreError) -> [TemplateVersionRecord] {
        let kept = try await backend.versions(of: project)
        guard kept.isEmpty else { return kept }
        let document = served.document
        return await Offload.perform { TemplateHistory.current(in: document, project: project).map { [$0] } ?? [] } ?? []
    }

    /// SIGHUP: an invalid document leaves the served policy as it was, and so does one edited
    /// outside the server that strands users in a storefront. Logged and counted either way.
    public func reload(because reason: String) async {
        do throws(StoreError) {
            await adopt(try await backend.read(), because: reason, refusingDeadEnds: backend.isEditedOutsideTheServer)
        } catch {
            refused(error, reason)
        }
    }

    /// Serves `stored` (read by a reload, or by a database watcher) unless what is served is
    /// as new; an invalid document leaves the served policy as it was.
    func adopt(_ stored: StoredPolicy, because reason: String, refusingDeadEnds: Bool = false) async {
        guard stored.revision > current.withLock({ $0.revision }) else { return }
        let place = backend.place
        do throws(StoreError) {
            let served = try await Offload.run(else: StoreError.shuttingDown) { () throws(StoreError) -> ServedPolicy in
                let served = try Self.served(stored.document, from: place)
                if refusingDeadEnds, let error = PolicyError.deadEnds(Self.deadEnds(of: served.policy)) {
                    throw StoreError.refused(PolicyError("\(place): \(error.description)", kind: .deadEnd, findings: error.findings))
                }
                return served
            }
            if install(served, revision: stored.revision) {
                observability.reloaded(.ok)
                observability.logger.info("reloaded the policy", metadata: ["reason": "\(reason)", "etag": "\(served.opaqueETag)"])
            }
        } catch {
            refused(error, reason)
        }
    }

    private func refused(_ error: StoreError, _ reason: String) {
        observability.reloaded(.refused)
        observability.logger.error("reload refused, still serving the previous policy: \(error)", metadata: ["reason": "\(reason)"])
    }

    /// `observer` hears every policy installed from now on, a `PUT`, a reload or a database
    /// change alike, on the task that installed it.
    func observe(_ observer: @escaping @Sendable (ServedPolicy) -> Void) {
        observers.withLock { $0.append(observer) }
    }

    @discardableResult
    private func install(_ served: ServedPolicy, revision: Int64) -> Bool {
        let installed = current.withLock { current in
            guard revision > current.revision else { return false }
            current = (served, revision)
            return true
        }
        if installed {
            for observer in observers.withLock({ $0 }) { observer(served) }
        }
        return installed
    }

    /// The policy in `path`, validated; what `--check-policy` uses.
    public static func read(_ path: String) throws(StoreError) -> ServicePolicy {
        try served(try PolicyFile(path: path).readNow().document, from: path).policy
    }

    /// The document in `path` once it is known to be a valid policy: what seeds a database.
    public static func document(at path: String) throws(StoreError) -> Data {
        let document = try PolicyFile(path: path).readNow().document
        _ = try served(document, from: path)
        return document
    }

    /// The dead ends of `policy` (`ServicePolicy.deadEnds`) on the server's clock and time
    /// zones: heavy work, run on the store's thread as validation is.
    private static func deadEnds(of policy: ServicePolicy) -> [String] {
        policy.deadEnds(now: Date(), zones: SystemTimeZones())
    }

    /// `place` prefixes a validation error (nil for a `PUT` body, which the sender has in hand).
    private static func served(_ document: Data, from place: String?) throws(StoreError) -> ServedPolicy {
        do {
            return ServedPolicy(try ServicePolicy.validated(from: document), document: document)
        } catch {
            throw StoreError.refused(place.map { PolicyError("\($0): \(error.description)") } ?? error)
        }
    }
}
