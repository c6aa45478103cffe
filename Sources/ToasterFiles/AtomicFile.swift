import FoundationEssentials
import Glibc

/// Replaces a file so that a crash at any point leaves either the old or the new content:
/// write a temporary file beside it, flush it to disk, rename it over, flush the folder.
/// A symbolic link (a Kubernetes ConfigMap's) is written through: its final target is
/// replaced and the link stays. The new file keeps the old one's mode and owner.
public enum AtomicFile {
    public static func write(_ data: Data, to link: String) throws(FileError) {
        let path = target(of: link)
        let temporary = temporaryPath(of: path, pid: getpid())
        var existing = stat()
        let keeps = stat(path, &existing) == 0
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, keeps ? existing.st_mode & 0o7777 : 0o644)
        guard descriptor >= 0 else { throw failure("cannot create \(temporary)") }
        if keeps {
            // open() applies the umask; fchmod does not. The owner is kept when the process
            // may (root), as an editor saving in place would.
            fchmod(descriptor, existing.st_mode & 0o7777)
            _ = fchown(descriptor, existing.st_uid, existing.st_gid)
        }
        let synced = writeAll(data, to: descriptor) && fsync(descriptor) == 0
        close(descriptor)
        guard synced, rename(temporary, path) == 0 else {
            let error = failure("cannot write \(path)")
            unlink(temporary)
            throw error
        }
        syncFolder(of: path)
    }

    /// Writes `data` to a new file at `path` with `mode`, unless one is there already: true
    /// when this call made it. Never a half-written file, whoever else makes it at once: the
    /// data is written and flushed beside it, then linked in, which fails if `path` exists.
    public static func create(_ data: Data, at path: String, mode: mode_t) throws(FileError) -> Bool {
        let temporary = temporaryPath(of: path, pid: getpid())
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, mode)
        guard descriptor >= 0 else { throw failure("cannot create \(temporary)") }
        // open() applies the umask.
        fchmod(descriptor, mode)
        let synced = writeAll(data, to: descriptor) && fsync(descriptor) == 0
        close(descriptor)
        defer { unlink(temporary) }
        guard synced else { throw failure("cannot write \(temporary)") }
        guard link(temporary, path) == 0 else {
            if errno == EEXIST { return false }
            throw failure("cannot create \(path)")
        }
        syncFolder(of: path)
        return true
    }

    /// Adds `data` at the end of `path` (made with `mode` if missing) and flushes it to disk
    /// before returning: a crash keeps every line that was acknowledged, and cuts short at most
    /// the last one, which a reader skips.
    public static func append(_ data: Data, to path: String, mode: mode_t) throws(FileError) {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, mode)
        guard descriptor >= 0 else { throw failure("cannot open \(path)") }
        defer { close(descriptor) }
        guard writeAll(data, to: descriptor), fsync(descriptor) == 0 else { throw failure("cannot write \(path)") }
    }

    private static func writeAll(_ data: Data, to descriptor: Int32) -> Bool {
        data.withUnsafeBytes { bytes -> Bool in
            var offset = 0
            while offset < bytes.count {
                let count = Glibc.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
                if count < 0, errno == EINTR { continue }
                guard count > 0 else { return false }
                offset += count
            }
            return true
        }
    }

    private static func syncFolder(of path: String) {
        let folder = open(folderPath(of: path), O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if folder >= 0 {
            fsync(folder)
            close(folder)
        }
    }

    /// Removes the temporary files a process killed in the middle of `write` left beside
    /// `path`, and returns their paths. A file whose process still runs is left alone: it may
    /// be writing it now.
    public static func removeAbandonedTemporaries(of link: String) -> [String] {
        let path = target(of: link)
        let folder = folderPath(of: path)
        let prefix = temporaryPath(of: String(path.split(separator: "/", omittingEmptySubsequences: false).last ?? ""), pid: nil)
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return [] }
        var removed: [String] = []
        for name in names where name.hasPrefix(prefix) {
            guard let pid = pid_t(name.dropFirst(prefix.count)), kill(pid, 0) != 0, errno == ESRCH else { continue }
            let abandoned = folder == "/" ? "/\(name)" : "\(folder)/\(name)"
            if unlink(abandoned) == 0 { removed.append(abandoned) }
        }
        return removed
    }

    /// The file a chain of symbolic links ends at; `path` itself when it is no link or does
    /// not exist yet.
    private static func target(of path: String) -> String {
        guard let resolved = realpath(path, nil) else { return path }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// `policy.json.tmp-PID`, or the part before the pid when `pid` is nil.
    private static func temporaryPath(of path: String, pid: pid_t?) -> String {
        "\(path).tmp-" + (pid.map(String.init) ?? "")
    }

    private static func folderPath(of path: String) -> String {
        let folder = path.lastIndex(of: "/").map { String(path[..<$0]) } ?? "."
        return folder.isEmpty ? "/" : folder
    }

    private static func failure(_ what: String) -> FileError {
        FileError("\(what): \(String(cString: strerror(errno)))")
    }
}
