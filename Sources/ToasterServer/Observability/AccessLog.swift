/// The access log: one line per answer, as `LineLogHandler` writes a message `request` with
/// the fields `bytes`, `duration_ms`, `method`, `path`, `request_id` and `status` (text or
/// JSON), written straight from those fields into bytes rather than through swift-log: a
/// `Logger` call builds a metadata dictionary that the handler merges, sorts and describes,
/// which cost toaster-server two fifths of its requests per second (docs/performance.md).
public struct AccessLog: Sendable {
    let format: LogFormat
    let writer: LineWriter

    public init(format: LogFormat, writer: LineWriter) {
        self.format = format
        self.writer = writer
    }

    /// The fields in the order `LineLogHandler` sorts them into: by name.
    func record(method: String, path: String, status: Int, bytes: Int, microseconds: Int64, id: String) {
        var line: [UInt8] = []
        line.reserveCapacity(192 + path.utf8.count)
        switch format {
        case .text:
            LineLogHandler.timestamp(into: &line)
            line += " info request".utf8
        case .json:
            line += "{\"time\":\"".utf8
            LineLogHandler.timestamp(into: &line)
            line += "\",\"level\":\"info\",\"message\":\"request\"".utf8
        }
        name("bytes", into: &line)
        line += String(bytes).utf8
        name("duration_ms", into: &line)
        Self.milliseconds(microseconds, into: &line)
        string("method", method, into: &line)
        string("path", path, into: &line)
        string("request_id", id, into: &line)
        name("status", into: &line)
        line += String(status).utf8
        line += (format == .text ? "\n" : "}\n").utf8
        writer.write(line, promptly: false)
    }

    /// What comes before a field's value: ` name=`, or `,"name":`.
    private func name(_ name: String, into line: inout [UInt8]) {
        switch format {
        case .text:
            line.append(UInt8(ascii: " "))
            line += name.utf8
            line.append(UInt8(ascii: "="))
        case .json:
            line += ",\"".utf8
            line += name.utf8
            line += "\":".utf8
        }
    }

    private func string(_ name: String, _ value: String, into line: inout [UInt8]) {
        self.name(name, into: &line)
        switch format {
        case .text: Self.text(value, into: &line)
        case .json: Self.json(value, into: &line)
        }
    }

    /// Microseconds as milliseconds, written as Swift writes the `Double` (`0.003`, `12.0`,
    /// `1234.5`) without making one.
    static func milliseconds(_ microseconds: Int64, into line: inout [UInt8]) {
        let (whole, fraction) = microseconds.quotientAndRemainder(dividingBy: 1000)
        line += String(whole).utf8
        line.append(UInt8(ascii: "."))
        guard fraction != 0 else { return line.append(UInt8(ascii: "0")) }
        var rest = fraction, divisor: Int64 = 100
        while rest != 0 {
            line.append(UInt8(ascii: "0") + UInt8(rest / divisor))
            rest %= divisor
            divisor /= 10
        }
    }

    /// `LineLogHandler`'s text value: as it is, unless it would make the line ambiguous.
    private static func text(_ value: String, into line: inout [UInt8]) {
        if value.utf8.contains(where: { $0 <= 0x20 || $0 == UInt8(ascii: "\"") || $0 == 0x7f }) {
            line += LineLogHandler.quoted(value).utf8
        } else {
            line += value.utf8
        }
    }

    /// A JSON string; printable ASCII without quotes or backslashes is copied as it is.
    private static func json(_ value: String, into line: inout [UInt8]) {
        if value.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7f && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\") }) {
            line.append(UInt8(ascii: "\""))
            line += value.utf8
            line.append(UInt8(ascii: "\""))
        } else {
            line += LineLogHandler.quoted(value).utf8
        }
    }
}
