import Glibc
import ToasterCore

/// Everything the commands print goes through here, escaped (`TextSanitizer.escaped`): a
/// version, a URL, a file name or an argument may hold an escape sequence, and none reaches the
/// terminal raw. JSON output passes unchanged, since `JSONValue` has escaped it already.
public enum Output {
    /// One line (or a multi-line report) on standard output.
    public static func line(_ text: String) {
        write(text + "\n", to: STDOUT_FILENO)
    }

    /// `warning: …` on standard error, for a problem that does not stop the command.
    public static func warning(_ message: String) {
        write("warning: \(message)\n", to: STDERR_FILENO)
    }

    /// `text`, escaped, in one `write` loop, unbuffered: a progress line on standard error
    /// and a report never interleave mid-line.
    public static func write(_ text: String, to descriptor: Int32) {
        writeUnescaped(TextSanitizer.escaped(text), to: descriptor)
    }

    /// The program's own control sequences (a progress bar's erase), which must reach the
    /// terminal as they are; never text from an input.
    public static func writeUnescaped(_ text: String, to descriptor: Int32) {
        let bytes = Array(text.utf8)
        var sent = 0
        while sent < bytes.count {
            let count = bytes[sent...].withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            if count <= 0 { return }
            sent += count
        }
    }
}
