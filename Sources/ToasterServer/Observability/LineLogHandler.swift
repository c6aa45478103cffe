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
            writer.write("\(time) \(event.level) \(message)\(pairs)\n".utf8, promptly: true)
        case .json:
            let pairs = fields.map { ",\(Self.quoted($0.key)):\(Self.json($0.value))" }.joined()
            writer.write("{\"time\":\"\(time)\",\"level\":\"\(event.level)\",\"message\":\(Self.quoted("\(event.message)"))\(pairs)}\n".utf8, promptly: true)
        }
    }

    /// A value as it is, unless a space, a quote or a control character would make the line
    /// ambiguous; then quoted as JSON quotes it.
    private static func text(_ value: Logger.Metadata.Value) -> String {
        text("\(value)")
    }

    static func text(_ plain: String) -> String {
        plain.utf8.contains(where: { $0 <= 0x20 || $0 == UInt8(ascii: "\"") || $0 == 0x7f }) ? quoted(plain) : plain
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

    /// UTC with milliseconds, as log collectors expect: `2026-11-23T09:00:00.123Z`.
    static func timestamp() -> String {
        var bytes: [UInt8] = []
        timestamp(into: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The timestamp appended digit by digit: it begins every line of the access log.
    static func timestamp(into line: inout [UInt8]) {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        var seconds = now.tv_sec, parts = tm()
        gmtime_r(&seconds, &parts)
        func put(_ value: Int, _ digits: Int, then separator: Character) {
            var divisor = 1
            for _ in 1..<digits { divisor *= 10 }
            while divisor > 0 {
                line.append(UInt8(ascii: "0") + UInt8(value / divisor % 10))
                divisor /= 10
            }
            line.append(separator.asciiValue!)
        }
        put(Int(parts.tm_year) + 1900, 4, then: "-")
        put(Int(parts.tm_mon) + 1, 2, then: "-")
        put(Int(parts.tm_mday), 2, then: "T")
        put(Int(parts.tm_hour), 2, then: ":")
        put(Int(parts.tm_min), 2, then: ":")
        put(Int(parts.tm_sec), 2, then: ".")
        put(now.tv_nsec / 1_000_000, 3, then: "Z")
    }
}
