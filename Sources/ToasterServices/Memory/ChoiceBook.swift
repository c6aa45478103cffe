import FoundationEssentials
import Glibc
import Synchronization
import ToasterCore
import ToasterFiles

/// One app's remembered choices in `DIRECTORY/KEY.json`, saved atomically after every change,
/// so that a crash leaves the old or the new choices and never half of them.
public final class ChoiceBook: Sendable {
    public let path: String
    /// Why the file could not be used, when it could not; the memory then starts empty.
    public let loadProblem: String?
    private let memory: Mutex<ChoiceMemory>

    /// More than any real choices file; a bigger one is not ours.
    static let maximumBytes = 64 << 10

    public init(directory: String, appKey: String) {
        path = "\(directory)/\(Self.fileName(appKey))"
        let (loaded, problem) = Self.load(path, directory: directory)
        memory = Mutex(loaded)
        loadProblem = problem
    }

    public var snapshot: ChoiceMemory { memory.withLock { $0 } }

    /// The report as the remembered choices leave it: held back, or as it was.
    public func applying(to report: DecisionReport, now: Date) -> DecisionReport {
        snapshot.holdBack(report, now: now).map(report.held(by:)) ?? report
    }

    public func recoveredDecision(appVersion: String) -> DecisionReport? {
        guard let version = try? Version(appVersion) else { return nil }
        return snapshot.recoveredDecision(appVersion: version)
    }

    /// Records `note` at `now` and saves the file if anything changed.
    public func record(_ note: ChoiceNote, now: Date) throws(FileError) {
        // Saved under the lock: of two checks recording at once, the older memory must not
        // be the one left on disk.
        try memory.withLock { memory throws(FileError) in
            let before = memory
            switch note {
            case .checked(let report): memory.note(checked: report, now: now)
            case .shown(let storeVersion): memory.note(shownFor: storeVersion, at: now)
            case .skipped(let version): memory.note(skipped: version)
            }
            if memory != before { try Self.save(memory, to: path) }
        }
    }

    /// `id1234567890.json` or `com.example.app.json`: one file per app, named so a person can
    /// find it.
    static func fileName(_ appKey: String) -> String {
        let safe = appKey.unicodeScalars.map { scalar -> Character in
            scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || "._-".unicodeScalars.contains(scalar))
                ? Character(scalar) : "_"
        }
        let name = String(safe).drop { $0 == "." }
        return (name.isEmpty ? "app" : String(name)) + ".json"
    }

    /// A state file's choices; the error names the file, the place and the problem, and how to
    /// be rid of the file: `… is not a state file (shownAt: "x" is not an ISO 8601 date); toastercli state reset forgets it`.
    private static func decode(_ data: Data, path: String) throws(FileError) -> ChoiceMemory {
        do {
            return try StrictJSON.decode(ChoiceMemory.self, from: data).value
        } catch {
            throw FileError("\(path) is not a state file (\(error)); `toastercli state reset` forgets it")
        }
    }

    /// The choices in the file at `path`, at most `maximumBytes`.
    static func read(_ path: String) throws(FileError) -> ChoiceMemory {
        try decode(BoundedFile.read(path, limit: maximumBytes), path: path)
    }

    public static func encode(_ memory: ChoiceMemory) -> Data {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        // An ChoiceMemory holds only strings, dates and enums: encoding cannot fail.
        return (try? encoder.encode(memory)) ?? Data("{}".utf8)
    }

    static func save(_ memory: ChoiceMemory, to path: String) throws(FileError) {
        try AtomicFile.write(encode(memory), to: path)
    }

    /// A missing file is a first launch. An unreadable or corrupt one is reported, kept beside
    /// as `.corrupt` for a person to look at, and replaced by an empty memory.
    private static func load(_ path: String, directory: String) -> (ChoiceMemory, String?) {
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        } catch {
            return (ChoiceMemory(), "cannot create the state folder \(directory); answers are not remembered")
        }
        // A run killed while saving leaves its temporary file beside the choices.
        _ = AtomicFile.removeAbandonedTemporaries(of: path)
        guard access(path, F_OK) == 0 else { return (ChoiceMemory(), nil) }
        let reason: String
        do {
            return (try read(path), nil)
        } catch {
            reason = error.description
        }
        rename(path, path + ".corrupt")
        let replaced = (try? save(ChoiceMemory(), to: path)) != nil
        // The outcome first: on the home screen's notice row only the start may fit.
        return (ChoiceMemory(), "unreadable state file \(replaced ? "replaced" : "set aside"), kept as \(path).corrupt: \(reason)")
    }
}
