#if canImport(Glibc)
import Glibc
#endif
import ToasterCore

/// A secret (a token, an API key) kept in a file rather than on the command line, where `ps`
/// would show it.
public enum SecretFile {
    /// More than any real token; a bigger file is not one.
    static let maximumBytes = 64 << 10

    /// The file's text without surrounding white space; an unreadable, oversized, non-UTF-8 or
    /// empty file is an error that says which.
    public static func read(_ path: String) throws(FileError) -> String {
        let data = try BoundedFile.read(path, limit: maximumBytes)
        guard let text = String(validating: data, as: UTF8.self) else { throw FileError("\(path) is not UTF-8 text") }
        let secret = String(text.trimmingWhitespace())
        guard !secret.isEmpty else { throw FileError("\(path) is empty") }
        return secret
    }

    /// A secret that grants something (a bearer token), refused — as ssh refuses a loose
    /// private key — when the file lets anyone but its owner read or change it, or when the
    /// secret is shorter than `minimumBytes` and so could be guessed.
    public static func readPrivate(_ path: String, minimumBytes: Int) throws(FileError) -> String {
        var info = stat()
        guard stat(path, &info) == 0 else { throw FileError("cannot open \(path): \(String(cString: strerror(errno)))") }
        let mode = info.st_mode & 0o777
        guard mode & 0o077 == 0 else {
            throw FileError("\(path) is open to others (mode \(String(mode, radix: 8))); it must be readable by its owner only: chmod 600 \(path)")
        }
        let secret = try read(path)
        guard secret.utf8.count >= minimumBytes else {
            throw FileError("\(path) holds a token of \(secret.utf8.count) bytes; it must have at least \(minimumBytes) (head -c 32 /dev/urandom | base64 makes one)")
        }
        return secret
    }
}
