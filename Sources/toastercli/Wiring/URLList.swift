import ArgumentParser
import FoundationEssentials
import ToasterCommandLine
import ToasterCore
import ToasterFiles

/// `links check --url-file`: the URLs of a file (or of standard input, `-`), one a line;
/// blank lines and lines starting with `#` are skipped, spaces around a URL ignored.
enum URLList {
    /// A sitemap's worth and more: 64 MiB.
    static let limit = 64 << 20

    static func read(_ path: String) throws -> [String] {
        let data: Data
        do {
            data = try path == "-" ? BoundedFile.readStandardInput(limit: limit) : BoundedFile.read(path, limit: limit)
        } catch {
            throw CommandExit.unusable("--url-file: \(error)")
        }
        guard let text = String(validating: data, as: UTF8.self) else { throw CommandExit.unusable("--url-file \(path): not UTF-8 text") }
        // Split by scalar rather than by character: the same line breaks (a CR LF pair leaves
        // an empty piece between, dropped), without breaking 64 MiB into graphemes.
        return text.unicodeScalars.split(whereSeparator: Self.isLineBreak).map { String(String($0).trimmingWhitespace()) }
            .filter { !$0.isEmpty && !$0.hasPrefix("#") }
    }

    /// The scalars that make a `Character` a newline (`Character.isNewline`).
    private static func isLineBreak(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0A...0x0D, 0x85, 0x2028, 0x2029: true
        default: false
        }
    }
}
