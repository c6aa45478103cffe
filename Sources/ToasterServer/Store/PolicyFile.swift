import FoundationEssentials
import Glibc
import Synchronization
import ToasterCore
import ToasterFiles
import ToasterPolicy
import ToasterWire

/// The policy in a file, the default place: read and replaced whole (`AtomicFile`). The
/// templates' history is beside it, in `POLICY.versions/PROJECT/N.json`: one file per version,
/// each written as the policy is, and the oldest beyond the last 300 removed.
public final class PolicyFile: PolicyBackend {
    public let path: String
    /// Counts the file's reads and writes. Held for each whole read or write, so the order of
    /// revisions is the order in which the file was touched: a reload that read the file just
    /// before a `PUT` renamed the new one in gets the lower number, and is not installed after
    /// the `PUT` was acknowledged.
    private let touches = Mutex<Int64>(0)

    public var place: String { path }
    public var isEditedOutsideTheServer: Bool { true }
    /// The folder of the templates' versions.
    var versionsFolder: String { path + ".versions" }

    public init(path: String) {
        self.path = path
    }

    /// At start, before anything is served: the one read not worth a thread hop.
    func readNow() throws(StoreError) -> StoredPolicy {
        try touches.withLock { touches throws(StoreError) in
            let document = try contents()
            touches += 1
            return StoredPolicy(document: document, revision: touches)
        }
    }

    public func read() async throws(StoreError) -> StoredPolicy {
        try await Offload.run(else: StoreError.shuttingDown) { () throws(StoreError) in try self.readNow() }
    }

    /// The versions first, then the policy: a crash between them leaves a version that was
    /// never served, whose number the next publish still goes past.
    public func write<T: Sendable>(_ change: @escaping @Sendable (Data, NewestVersions) throws(StoreError) -> (PolicyChange, T))
        async throws(StoreError) -> (StoredPolicy, T) {
        try await Offload.run(else: StoreError.shuttingDown) { () throws(StoreError) in
            try self.touches.withLock { touches throws(StoreError) in
                let (made, other) = try change(try self.contents(), self.newest())
                var written: [String] = []
                do throws(FileError) {
                    for version in made.versions {
                        let folder = self.folder(of: version.project)
                        do {
                            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
                        } catch {
                            throw FileError("cannot make \(folder): \(error)")
                        }
                        let file = "\(folder)/\(version.number).json"
                        try AtomicFile.write(version.document, to: file)
                        written.append(file)
                    }
                    try AtomicFile.write(made.document, to: self.path)
                } catch {
                    for file in written { unlink(file) }
                    throw StoreError.unwritable(error.description)
                }
                for project in Set(made.versions.map(\.project)) { self.trim(project) }
                touches += 1
                return (StoredPolicy(document: made.document, revision: touches), other)
            }
        }
    }

    public func versions(of project: String) async throws(StoreError) -> [TemplateVersionRecord] {
        try await Offload.run(else: StoreError.shuttingDown) { () throws(StoreError) in
            self.numbers(of: project).sorted(by: >).compactMap { number -> TemplateVersionRecord? in
                let document: Data
                do { document = try BoundedFile.read("\(self.folder(of: project))/\(number).json", limit: ServicePolicy.maximumBytes) } catch {
                    // Removed by a trim meanwhile.
                    return nil
                }
                let time = (try? StrictJSON.parse(document))?[RemoteConfigTemplate.Key.version.rawValue]?[RemoteConfigAPI.Version.CodingKeys.updateTime.rawValue]
                    .flatMap { if case .string(let text) = $0 { ISO8601.parse(text) } else { nil } }
                return TemplateVersionRecord(project: project, number: number, updateTime: time ?? Date(timeIntervalSince1970: 0), document: document)
            }
        }
    }

    /// Each project's newest version kept.
    private func newest() -> NewestVersions {
        var newest: NewestVersions = [:]
        for name in (try? FileManager.default.contentsOfDirectory(atPath: versionsFolder)) ?? [] {
            let project = Self.unescaped(name)
            if let number = numbers(of: project).max() { newest[project] = number }
        }
        return newest
    }

    private func numbers(of project: String) -> [Int64] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder(of: project))) ?? []).compactMap { name in
            name.hasSuffix(".json") ? Int64(name.dropLast(5)) : nil
        }
    }

    /// Keeps the newest versions of `project`, as Firebase does.
    private func trim(_ project: String) {
        for number in numbers(of: project).sorted(by: >).dropFirst(RemoteConfigAPI.keptVersions) {
            unlink("\(folder(of: project))/\(number).json")
        }
    }

    /// A project's folder: its ID, every byte but a letter, digit, `-` or `_` written `%XX`.
    private func folder(of project: String) -> String {
        "\(versionsFolder)/" + project.utf8.map { byte in
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "-"), UInt8(ascii: "_"):
                return String(Unicode.Scalar(byte))
            default:
                let hex = String(byte, radix: 16, uppercase: true)
                return "%" + (hex.count == 1 ? "0" : "") + hex
            }
        }.joined()
    }

    /// The project ID a folder's name stands for.
    private static func unescaped(_ name: String) -> String {
        var bytes: [UInt8] = [], rest = Substring(name)
        while let first = rest.utf8.first {
            if first == UInt8(ascii: "%"), rest.utf8.count >= 3, let byte = UInt8(rest.dropFirst().prefix(2), radix: 16) {
                bytes.append(byte)
                rest = rest.dropFirst(3)
            } else {
                bytes.append(first)
                rest = Substring(rest.utf8.dropFirst())
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    private func contents() throws(StoreError) -> Data {
        do {
            return try BoundedFile.read(path, limit: ServicePolicy.maximumBytes)
        } catch {
            throw StoreError.invalid(error.description)
        }
    }
}
