import FoundationEssentials
import Glibc
import ToasterCore
import ToasterFiles

/// The state folder as a whole, for `state show` and `state reset`.
public struct ChoiceFolder: Sendable {
    public let directory: String

    public init(directory: String) {
        self.directory = directory
    }

    /// Every app's choices, by file name; a file that cannot be read says why instead.
    public func entries() -> [ChoiceFolderEntry] {
        choiceFiles().map { name in
            let path = "\(directory)/\(name)"
            let appKey = String(name.dropLast(".json".count))
            do {
                return ChoiceFolderEntry(appKey: appKey, path: path, memory: .success(try ChoiceBook.read(path)))
            } catch {
                return ChoiceFolderEntry(appKey: appKey, path: path, memory: .failure(ChoiceFolderEntry.Problem(description: "\(error)")))
            }
        }
    }

    /// Deletes one app's file (and its `.corrupt` copy), or every app's; returns what went.
    public func reset(appKey: String?) throws(FileError) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        let wanted = appKey.map { [ChoiceBook.fileName($0), ChoiceBook.fileName($0) + ".corrupt"] }
        var removed: [String] = []
        for name in names.sorted() where wanted?.contains(name) ?? (name.hasSuffix(".json") || name.hasSuffix(".json.corrupt")) {
            let path = "\(directory)/\(name)"
            guard unlink(path) == 0 else { throw FileError("cannot remove \(path): \(String(cString: strerror(errno)))") }
            removed.append(path)
        }
        return removed
    }

    private func choiceFiles() -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).filter { $0.hasSuffix(".json") }.sorted()
    }
}

/// One app's file in the state folder, as `state show` prints it.
public struct ChoiceFolderEntry: Sendable {
    public struct Problem: Error, Sendable {
        public let description: String
    }

    public let appKey: String
    public let path: String
    public let memory: Result<ChoiceMemory, Problem>

    public var text: String {
        var lines = ["\(appKey)  \(path)"]
        switch memory {
        case .failure(let problem):
            lines.append("  unreadable: \(problem.description) (the app replaces it at its next launch)")
        case .success(let memory):
            lines.append("  store version:   \(memory.storeVersion ?? "-")")
            lines.append("  last shown:      \(memory.shownAt.map(ISO8601.format) ?? "-")")
            lines.append("  skipped version: \(memory.skippedVersion ?? "-")")
            if let forced = memory.forced {
                lines.append("  forced:          \(forced.appVersion) → \(forced.latest ?? "-") (\(forced.reason.rawValue)), decided \(ISO8601.format(forced.decidedAt))")
            } else {
                lines.append("  forced:          -")
            }
        }
        return lines.joined(separator: "\n")
    }

    public var json: JSONValue {
        switch memory {
        case .failure(let problem):
            return .object([("app", .string(appKey)), ("path", .string(path)), ("error", .string(problem.description))])
        case .success(let memory):
            return .object([
                ("app", .string(appKey)),
                ("path", .string(path)),
                ("storeVersion", memory.storeVersion.json),
                ("shownAt", memory.shownAt.map(ISO8601.format).json),
                ("skippedVersion", memory.skippedVersion.json),
                ("forced", memory.forced.map { forced in
                    .object([("appVersion", .string(forced.appVersion)), ("latest", forced.latest.json),
                             ("reason", .string(forced.reason.rawValue)), ("decidedAt", .string(ISO8601.format(forced.decidedAt))),
                             ("updateURL", .string(forced.updateURL))])
                } ?? .null),
            ])
        }
    }
}
