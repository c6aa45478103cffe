import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// Reads a whole regular file, refusing one over `limit` bytes (and so never hanging on a
/// FIFO or a device that never ends).
public enum BoundedFile {
    public static func read(_ path: String, limit: Int) throws(FileError) -> Data {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { throw FileError("cannot open \(path): \(String(cString: strerror(errno)))") }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else {
            throw FileError("\(path) is not a regular file")
        }
        return try readAll(descriptor, name: path, limit: limit)
    }

    /// Standard input to its end (a pipe or a file), refusing more than `limit` bytes.
    public static func readStandardInput(limit: Int) throws(FileError) -> Data {
        try readAll(STDIN_FILENO, name: "standard input", limit: limit)
    }

    private static func readAll(_ descriptor: Int32, name: String, limit: Int) throws(FileError) -> Data {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 << 10)
        while true {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else { throw FileError("cannot read \(name): \(String(cString: strerror(errno)))") }
            if count == 0 { break }
            bytes += chunk[0..<count]
            guard bytes.count <= limit else { throw FileError("\(name) is larger than \(limit) bytes") }
        }
        return Data(bytes)
    }
}
