import Glibc
import Logging
import ToasterCore

/// `--log-format`: how the server's log and the access log are written.
public enum LogFormat: String, Sendable, CaseIterable {
    /// `2026-11-23T09:00:00.123Z info message key=value …`
    case text
    /// One JSON object a line: `time`, `level`, `message`, then the metadata.
    case json
}

/// A swift-log handler writing one line per message through a `LineWriter`.
public struct LineLogHandler: LogHandler {
    public var logLevel: Logger.Level = .info
    public var metadata: Logger.Metadata = [:]
    let format: LogFormat
    let writer: LineWriter

    public init(format: LogFormat, writer: LineWriter) {
        self.format = format
        self.writer = writer
    }

    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    public func log(event: LogEvent) {
        let fields = metadata.merging(event.metadata ?? [:]) { $1 }.sorted { $0.key < $1.key }
        let time = Self.timestamp()
        switch format {
        case .text:
            let pairs = fields.map { " \($0.key)=\(Self.text($0.value))" }.joined()
            // A message of several lines (an error's description) stays one line.
            let message = "\(event.message)".replacing("\n", with: "\\n")
            writer.write("\(time) \(event.level) \(message)\(pairs)\n")
        case .json:
            let pairs = fields.map { ",\(Self.quoted($0.key)):\(Self.json($0.value))" }.joined()
            writer.write("{\"time\":\"\(time)\",\"level\":\"\(event.level)\",\"message\":\(Self.quoted("\(event.message)"))\(pairs)}\n")
        }
    }

    /// A value as it is, unless a space, a quote or a control character would make the line
    /// ambiguous; then quoted as JSON quotes it.
    private static func text(_ value: Logger.Metadata.Value) -> String {
        let plain = "\(value)"
        return plain.unicodeScalars.contains(where: { $0.value <= 0x20 || $0 == "\"" || $0.value == 0x7f }) ? quoted(plain) : plain
    }

    private static func json(_ value: Logger.Metadata.Value) -> String {
        switch value {
        case .stringConvertible(let number as any BinaryInteger): "\(number)"
        case .stringConvertible(let number as Double) where number.isFinite: "\(number)"
        default: quoted("\(value)")
        }
    }

    /// A JSON string, control characters escaped.
    static func quoted(_ text: String) -> String {
        JSONValue.string(text).serialized()
    }

    /// UTC with milliseconds, as log collectors expect.
    private static func timestamp() -> String {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        var seconds = now.tv_sec, parts = tm()
        gmtime_r(&seconds, &parts)
        func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
        let milliseconds = now.tv_nsec / 1_000_000
        let fraction = milliseconds < 10 ? "00\(milliseconds)" : milliseconds < 100 ? "0\(milliseconds)" : "\(milliseconds)"
        return "\(parts.tm_year + 1900)-\(two(parts.tm_mon + 1))-\(two(parts.tm_mday))T\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec)).\(fraction)Z"
    }
}
