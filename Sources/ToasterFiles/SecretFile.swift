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
}
