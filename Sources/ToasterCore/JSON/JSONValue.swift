/// A JSON value whose objects keep their keys in the order written. `JSONEncoder` does not
/// promise an order, and the trace and `check --format json` promise `t` and `decision` first.
public enum JSONValue: Sendable, Equatable {
    case string(String)
    case number(Int)
    /// A number that need not be whole, as its JSON text (`12.5`), written by `decimal(micro:)`.
    case decimal(String)
    case bool(Bool)
    case null
    case array([JSONValue])
    case object([(String, JSONValue)])

    public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        lhs.serialized() == rhs.serialized()
    }

    /// Compact JSON text, UTF-8 kept as is, control characters and bidirectional controls escaped
    /// (`TextSanitizer.isUnsafe`), so that no output carries them raw.
    public func serialized() -> String {
        switch self {
        case .string(let text): return Self.quote(text)
        case .number(let number): return String(number)
        case .decimal(let text): return text
        case .bool(let flag): return flag ? "true" : "false"
        case .null: return "null"
        case .array(let items): return "[" + items.map { $0.serialized() }.joined(separator: ",") + "]"
        case .object(let members):
            return "{" + members.map { Self.quote($0.0) + ":" + $0.1.serialized() }.joined(separator: ",") + "}"
        }
    }

    private static func quote(_ text: String) -> String {
        var output = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            case _ where TextSanitizer.isUnsafe(scalar): output += TextSanitizer.escape(scalar)
            default: output.unicodeScalars.append(scalar)
            }
        }
        return output + "\""
    }
}

extension JSONValue {
    /// A count of millionths as a decimal number: 12500000 is `12.5`, 7 is `0.000007`.
    public static func decimal(micro: Int) -> JSONValue {
        .decimal(decimalText(micro: micro))
    }

    /// The text of `decimal(micro:)`, for plain-text output too.
    public static func decimalText(micro: Int) -> String {
        let sign = micro < 0 ? "-" : ""
        let whole = abs(micro) / 1_000_000
        var fraction = String(abs(micro) % 1_000_000)
        fraction = String(repeating: "0", count: 6 - fraction.count) + fraction
        while fraction.hasSuffix("0") { fraction.removeLast() }
        return sign + String(whole) + (fraction.isEmpty ? "" : "." + fraction)
    }
}

extension Optional where Wrapped == String {
    public var json: JSONValue { map(JSONValue.string) ?? .null }
}
