import FoundationEssentials
import ToasterCore

/// One app's file in the state folder, as `state show` prints it.
public struct AnswerFolderEntry: Sendable {
    public struct Problem: Error, Sendable {
        public let description: String
    }

    public let appKey: String
    public let path: String
    public let memory: Result<AnswerMemory, Problem>

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
