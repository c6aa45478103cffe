import FoundationEssentials
import Glibc
import ToasterFiles

/// The state folder as a whole, for `state show` and `state reset`.
public struct AnswerFolder: Sendable {
    public let directory: String

    public init(directory: String) {
        self.directory = directory
    }

    /// Every app's answers, by file name; a file that cannot be read says why instead.
    public func entries() -> [AnswerFolderEntry] {
        answerFiles().map { name in
            let path = "\(directory)/\(name)"
            let appKey = String(name.dropLast(".json".count))
            do {
                return AnswerFolderEntry(appKey: appKey, path: path,
                                         memory: .success(try AnswerBook.decode(BoundedFile.read(path, limit: AnswerBook.maximumBytes))))
            } catch {
                return AnswerFolderEntry(appKey: appKey, path: path, memory: .failure(AnswerFolderEntry.Problem(description: "\(error)")))
            }
        }
    }

    /// Deletes one app's file (and its `.corrupt` copy), or every app's; returns what went.
    public func reset(appKey: String?) throws(FileError) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        let wanted = appKey.map { [AnswerBook.fileName($0), AnswerBook.fileName($0) + ".corrupt"] }
        var removed: [String] = []
        for name in names.sorted() where wanted?.contains(name) ?? (name.hasSuffix(".json") || name.hasSuffix(".json.corrupt")) {
            let path = "\(directory)/\(name)"
            guard unlink(path) == 0 else { throw FileError("cannot remove \(path): \(String(cString: strerror(errno)))") }
            removed.append(path)
        }
        return removed
    }

    private func answerFiles() -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).filter { $0.hasSuffix(".json") }.sorted()
    }
}
