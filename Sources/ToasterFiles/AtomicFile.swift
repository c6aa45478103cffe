import FoundationEssentials
import Glibc

/// Replaces a file so that a crash at any point leaves either the old or the new content:
/// write a temporary file beside it, flush it to disk, rename it over, flush the folder.
public enum AtomicFile {
    public static func write(_ data: Data, to path: String) throws(FileError) {
        let temporary = "\(path).tmp-\(getpid())"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw failure("cannot create \(temporary)") }
        let written = data.withUnsafeBytes { bytes -> Bool in
            var offset = 0
            while offset < bytes.count {
                let count = Glibc.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
                if count < 0, errno == EINTR { continue }
                guard count > 0 else { return false }
                offset += count
            }
            return true
        }
        let synced = fsync(descriptor) == 0
        close(descriptor)
        guard written, synced, rename(temporary, path) == 0 else {
            let error = failure("cannot write \(path)")
            unlink(temporary)
            throw error
        }
        let folderPath = path.lastIndex(of: "/").map { String(path[..<$0]) } ?? "."
        let folder = open(folderPath.isEmpty ? "/" : folderPath, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if folder >= 0 {
            fsync(folder)
            close(folder)
        }
    }

    private static func failure(_ what: String) -> FileError {
        FileError("\(what): \(String(cString: strerror(errno)))")
    }
}
