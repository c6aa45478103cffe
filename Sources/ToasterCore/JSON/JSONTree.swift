/// Any JSON value, as read, so that a file can be checked key by key and every mistake named by
/// its place. Its own reader rather than `JSONDecoder`, whose syntax errors say only "not valid
/// JSON" with no line, which loses objects' key order, and which lets a key written twice pass.
public enum JSONTree: Sendable {
    case string(String)
    /// As written, so that a message can quote it and a whole number is read exactly.
    case number(String)
    case bool(Bool)
    case null
    case array([JSONTree])
    case object([(key: String, value: JSONTree)])

    /// Nesting deeper than this is refused, so that a hostile file cannot exhaust the stack.
    static let maximumDepth = 512

    /// Reads one JSON text (RFC 8259; a leading UTF-8 byte order mark is skipped).
    public static func parse(_ bytes: [UInt8]) throws(JSONSyntaxError) -> JSONTree {
        var reader = Reader(bytes: bytes)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { reader.offset = 3 }
        let value = try reader.value(depth: 0)
        reader.skipWhitespace()
        guard reader.offset == bytes.count else { throw reader.error("unexpected text after the JSON value") }
        return value
    }

    /// An object's value for `key`.
    public subscript(key: String) -> JSONTree? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.key == key }?.value
    }

    /// What a message calls this value: "it is a number".
    public var kind: String {
        switch self {
        case .string: "a string"
        case .number: "a number"
        case .bool: "true or false"
        case .null: "null"
        case .array: "an array"
        case .object: "an object"
        }
    }

    /// An object's keys in the order written; none for any other value.
    public var keys: [String] {
        guard case .object(let members) = self else { return [] }
        return members.map(\.key)
    }

    /// An array's items; none for any other value.
    public var items: [JSONTree] {
        guard case .array(let items) = self else { return [] }
        return items
    }
}

/// Two trees are equal when they are written alike: the same values, an object's keys in the
/// same order.
extension JSONTree: Equatable {
    public static func == (lhs: JSONTree, rhs: JSONTree) -> Bool {
        switch (lhs, rhs) {
        case let (.string(left), .string(right)), let (.number(left), .number(right)): left == right
        case let (.bool(left), .bool(right)): left == right
        case (.null, .null): true
        case let (.array(left), .array(right)): left == right
        case let (.object(left), .object(right)):
            left.count == right.count && zip(left, right).allSatisfy { $0.key == $1.key && $0.value == $1.value }
        default: false
        }
    }
}

extension JSONTree {
    /// The cursor `parse` walks the bytes with.
    private struct Reader {
        let bytes: [UInt8]
        var offset = 0

        mutating func value(depth: Int) throws(JSONSyntaxError) -> JSONTree {
            guard depth < JSONTree.maximumDepth else { throw error("nested deeper than \(JSONTree.maximumDepth) levels") }
            skipWhitespace()
            guard offset < bytes.count else { throw error("the text ends where a value should be") }
            switch bytes[offset] {
            case UInt8(ascii: "{"): return try object(depth: depth)
            case UInt8(ascii: "["): return try array(depth: depth)
            case UInt8(ascii: "\""): return .string(try string())
            case UInt8(ascii: "t"): try literal("true"); return .bool(true)
            case UInt8(ascii: "f"): try literal("false"); return .bool(false)
            case UInt8(ascii: "n"): try literal("null"); return .null
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try number())
            default: throw error("expected a value")
            }
        }

        private mutating func object(depth: Int) throws(JSONSyntaxError) -> JSONTree {
            offset += 1
            var members: [(key: String, value: JSONTree)] = []
            // The keys seen so far, so that a key written twice is found in constant time:
            // searching `members` made an object of n keys take n² steps.
            var keys: Set<String> = []
            skipWhitespace()
            if take(UInt8(ascii: "}")) { return .object(members) }
            repeat {
                skipWhitespace()
                let keyOffset = offset
                guard offset < bytes.count, bytes[offset] == UInt8(ascii: "\"") else { throw error("expected a key in double quotes") }
                let key = try string()
                guard keys.insert(key).inserted else {
                    offset = keyOffset
                    throw error("the key \(JSONValue.string(key).serialized()) appears twice in one object")
                }
                skipWhitespace()
                guard take(UInt8(ascii: ":")) else { throw error("expected : after a key") }
                members.append((key, try value(depth: depth + 1)))
                skipWhitespace()
            } while take(UInt8(ascii: ","))
            guard take(UInt8(ascii: "}")) else { throw error("expected , or } in an object") }
            return .object(members)
        }

        private mutating func array(depth: Int) throws(JSONSyntaxError) -> JSONTree {
            offset += 1
            var items: [JSONTree] = []
            skipWhitespace()
            if take(UInt8(ascii: "]")) { return .array(items) }
            repeat {
                items.append(try value(depth: depth + 1))
                skipWhitespace()
            } while take(UInt8(ascii: ","))
            guard take(UInt8(ascii: "]")) else { throw error("expected , or ] in an array") }
            return .array(items)
        }

        private mutating func string() throws(JSONSyntaxError) -> String {
            offset += 1
            var output: [UInt8] = []
            while offset < bytes.count {
                let byte = bytes[offset]
                switch byte {
                case UInt8(ascii: "\""):
                    offset += 1
                    guard let text = String(validating: output, as: UTF8.self) else { throw error("a string is not valid UTF-8") }
                    return text
                case UInt8(ascii: "\\"):
                    offset += 1
                    guard offset < bytes.count else { break }
                    let escaped = bytes[offset]
                    offset += 1
                    switch escaped {
                    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): output.append(escaped)
                    case UInt8(ascii: "b"): output.append(0x08)
                    case UInt8(ascii: "f"): output.append(0x0C)
                    case UInt8(ascii: "n"): output.append(0x0A)
                    case UInt8(ascii: "r"): output.append(0x0D)
                    case UInt8(ascii: "t"): output.append(0x09)
                    case UInt8(ascii: "u"): output += Array(String(try unicodeEscape()).utf8)
                    default:
                        offset -= 2
                        throw error("unknown escape in a string")
                    }
                case 0x00..<0x20:
                    throw error("a control character inside a string must be escaped")
                default:
                    output.append(byte)
                    offset += 1
                }
            }
            throw error("a string is not closed")
        }

        /// The scalar of `\uXXXX` (just past the `u`), joining a surrogate pair.
        private mutating func unicodeEscape() throws(JSONSyntaxError) -> Unicode.Scalar {
            let high = try hexQuad()
            if (0xD800..<0xDC00).contains(high), bytes[offset...].starts(with: Array("\\u".utf8)) {
                offset += 2
                let low = try hexQuad()
                if (0xDC00..<0xE000).contains(low), let scalar = Unicode.Scalar(0x10000 + (high - 0xD800) << 10 + (low - 0xDC00)) {
                    return scalar
                }
            }
            guard let scalar = Unicode.Scalar(high) else { throw error("\\u escape of a lone surrogate") }
            return scalar
        }

        private mutating func hexQuad() throws(JSONSyntaxError) -> UInt32 {
            guard offset + 4 <= bytes.count,
                  let value = UInt32(String(decoding: bytes[offset..<offset + 4], as: UTF8.self), radix: 16) else {
                throw error("\\u must be followed by four hex digits")
            }
            offset += 4
            return value
        }

        private mutating func number() throws(JSONSyntaxError) -> String {
            let start = offset
            func digits() -> Int {
                let first = offset
                while offset < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[offset]) { offset += 1 }
                return offset - first
            }
            _ = take(UInt8(ascii: "-"))
            let whole = offset
            guard digits() > 0 else { throw error("expected a digit") }
            if bytes[whole] == UInt8(ascii: "0"), offset - whole > 1 {
                offset = whole
                throw error("a number cannot start with 0")
            }
            if take(UInt8(ascii: ".")), digits() == 0 { throw error("expected a digit after the decimal point") }
            if take(UInt8(ascii: "e")) || take(UInt8(ascii: "E")) {
                _ = take(UInt8(ascii: "+")) || take(UInt8(ascii: "-"))
                guard digits() > 0 else { throw error("expected a digit in the exponent") }
            }
            return String(decoding: bytes[start..<offset], as: UTF8.self)
        }

        private mutating func literal(_ word: String) throws(JSONSyntaxError) {
            guard bytes[offset...].starts(with: Array(word.utf8)) else { throw error("expected a value") }
            offset += word.utf8.count
        }

        mutating func skipWhitespace() {
            while offset < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[offset]) { offset += 1 }
        }

        private mutating func take(_ byte: UInt8) -> Bool {
            guard offset < bytes.count, bytes[offset] == byte else { return false }
            offset += 1
            return true
        }

        /// `problem` at the current offset, as a line and a column counted in characters.
        func error(_ problem: String) -> JSONSyntaxError {
            let before = bytes[..<min(offset, bytes.count)]
            let line = before.count(where: { $0 == 0x0A }) + 1
            let lineStart = before.lastIndex(of: 0x0A).map { $0 + 1 } ?? 0
            let column = String(decoding: bytes[lineStart..<before.endIndex], as: UTF8.self).count + 1
            return JSONSyntaxError(line: line, column: column, problem: problem)
        }
    }
}

/// Why a text is not JSON, and where: line and column (in characters) from 1.
public struct JSONSyntaxError: Error, Sendable, Equatable, CustomStringConvertible {
    public let line: Int
    public let column: Int
    public let problem: String

    public var description: String { "line \(line), column \(column): \(problem)" }
}

/// Where a value sits in a JSON document, written as a JavaScript path:
/// `applinks.details[1].components[0]["/"]`.
public struct JSONPlace: Sendable, Equatable, CustomStringConvertible {
    public let description: String

    public static let root = JSONPlace(description: "")

    /// The place as a message names it: the path, or `top level` for the document itself.
    public var named: String { description.isEmpty ? "top level" : description }

    public func key(_ name: String) -> JSONPlace {
        let plain = name.first.map { !$0.isASCIIDigit } ?? false
            && name.allSatisfy { ($0.isASCII && ($0.isLetter || $0.isNumber)) || $0 == "_" }
        if plain { return JSONPlace(description: description.isEmpty ? name : "\(description).\(name)") }
        return JSONPlace(description: "\(description)[\(JSONValue.string(name).serialized())]")
    }

    public func index(_ position: Int) -> JSONPlace {
        JSONPlace(description: "\(description)[\(position)]")
    }
}
