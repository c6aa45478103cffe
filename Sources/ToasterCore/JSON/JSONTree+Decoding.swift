import FoundationEssentials

extension JSONTree {
    /// The tree as `T`, every problem in the project's words with its place:
    /// `results[0].trackId: 1.5 is not a whole number`. `JSONDecoder` cannot say this: it
    /// re-reads the text, calls a valid `1e400` "not valid JSON" at an empty path, and names its
    /// own types (docs/04). Dates are ISO 8601 strings, as the state files write them.
    public func decode<T: Decodable>(_ type: T.Type) throws(JSONShapeError) -> T {
        do {
            return try TreeDecoder(tree: self, place: .root, codingPath: []).decodeValue(type)
        } catch let error as JSONShapeError {
            throw error
        } catch {
            // Only a type's own init(from:) throws anything else; ours are all synthesized.
            throw JSONShapeError(place: .root, problem: "\(error)")
        }
    }

    /// How a message shows this value: a number as written, a string quoted (shortened), a
    /// container by its kind.
    var shown: String {
        switch self {
        case .number(let text): text
        case .string(let text): JSONValue.string(text.count > 40 ? String(text.prefix(39)) + "…" : text).serialized()
        case .bool(let flag): flag ? "true" : "false"
        case .null: "null"
        case .array, .object: kind
        }
    }
}

/// A value of the wrong shape, and where: `results[0].trackId: 1.5 is not a whole number`.
public struct JSONShapeError: Error, Sendable, Equatable, CustomStringConvertible {
    public let place: JSONPlace
    public let problem: String

    public var description: String { "\(place.named): \(problem)" }
}

/// A `Decoder` over a parsed `JSONTree`, so that every mismatch is reported at its place.
private struct TreeDecoder: Decoder {
    let tree: JSONTree
    let place: JSONPlace
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func mismatch(_ expected: String) -> JSONShapeError {
        JSONShapeError(place: place, problem: "\(tree.shown) is not \(expected)")
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard case .object(let members) = tree else { throw mismatch("an object") }
        return KeyedDecodingContainer(KeyedContainer<Key>(members: members, decoder: self))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard case .array(let items) = tree else { throw mismatch("an array") }
        return UnkeyedContainer(items: items, decoder: self)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer { self }

    func child(_ tree: JSONTree, key: any CodingKey) -> TreeDecoder {
        let place = key.intValue.map(place.index) ?? place.key(key.stringValue)
        return TreeDecoder(tree: tree, place: place, codingPath: codingPath + [key])
    }

    /// Scalars are read here, everything else through its own `init(from:)`.
    func decodeValue<T: Decodable>(_ type: T.Type) throws -> T {
        switch type {
        case is String.Type: return try string() as! T
        case is Bool.Type:
            guard case .bool(let flag) = tree else { throw mismatch("true or false") }
            return flag as! T
        case is Double.Type: return try double() as! T
        case is Int.Type: return try whole(Int.self) as! T
        case is Int64.Type: return try whole(Int64.self) as! T
        case is Date.Type:
            let text = try string()
            guard let date = ISO8601.parse(text) else { throw mismatch("an ISO 8601 date") }
            return date as! T
        default:
            do {
                return try T(from: self)
            } catch DecodingError.dataCorrupted {
                // A RawRepresentable enum's synthesized init: the value is none of its cases.
                throw mismatch("one of the values this key takes")
            }
        }
    }

    func string() throws(JSONShapeError) -> String {
        guard case .string(let text) = tree else { throw mismatch("a string") }
        return text
    }

    func double() throws(JSONShapeError) -> Double {
        guard case .number(let text) = tree else { throw mismatch("a number") }
        guard let value = Double(text), value.isFinite else { throw mismatch("a number this program can hold (at most about 1.8e308)") }
        return value
    }

    func whole<Whole: FixedWidthInteger>(_ type: Whole.Type) throws(JSONShapeError) -> Whole {
        guard case .number(let text) = tree else { throw mismatch("a whole number") }
        if let value = Whole(text) { return value }
        // 1e3 and 2.0 are whole numbers too; 1e400 is whole but, like 99999999999999999999999, too large.
        let number = Double(text) ?? .nan
        if number.isFinite, number != number.rounded() { throw mismatch("a whole number") }
        if number.isFinite, let exact = Whole(exactly: number) { return exact }
        throw mismatch("a whole number between \(Whole.min) and \(Whole.max)")
    }
}

extension TreeDecoder: SingleValueDecodingContainer {
    func decodeNil() -> Bool { tree.isNull }
    func decode(_ type: Bool.Type) throws -> Bool { try decodeValue(type) }
    func decode(_ type: String.Type) throws -> String { try decodeValue(type) }
    func decode(_ type: Double.Type) throws -> Double { try decodeValue(type) }
    func decode(_ type: Float.Type) throws -> Float { Float(try double()) }
    func decode(_ type: Int.Type) throws -> Int { try whole(type) }
    func decode(_ type: Int8.Type) throws -> Int8 { try whole(type) }
    func decode(_ type: Int16.Type) throws -> Int16 { try whole(type) }
    func decode(_ type: Int32.Type) throws -> Int32 { try whole(type) }
    func decode(_ type: Int64.Type) throws -> Int64 { try whole(type) }
    func decode(_ type: UInt.Type) throws -> UInt { try whole(type) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try whole(type) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try whole(type) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try whole(type) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try whole(type) }
    func decode<T: Decodable>(_ type: T.Type) throws -> T { try decodeValue(type) }
}

private struct KeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let members: [(key: String, value: JSONTree)]
    let decoder: TreeDecoder
    var codingPath: [any CodingKey] { decoder.codingPath }
    var allKeys: [Key] { members.compactMap { Key(stringValue: $0.key) } }

    func contains(_ key: Key) -> Bool { members.contains { $0.key == key.stringValue } }

    private func child(_ key: Key) throws(JSONShapeError) -> TreeDecoder {
        guard let value = members.first(where: { $0.key == key.stringValue })?.value else {
            throw JSONShapeError(place: decoder.place, problem: "no \(JSONValue.string(key.stringValue).serialized())")
        }
        return decoder.child(value, key: key)
    }

    func decodeNil(forKey key: Key) throws -> Bool { try child(key).tree.isNull }
    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try child(key).decodeValue(type) }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try child(key).decodeValue(type) }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try child(key).decodeValue(type) }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try child(key).decode(type) }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try child(key).whole(type) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try child(key).whole(type) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try child(key).whole(type) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try child(key).whole(type) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try child(key).whole(type) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try child(key).whole(type) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try child(key).whole(type) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try child(key).whole(type) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try child(key).whole(type) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try child(key).whole(type) }
    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T { try child(key).decodeValue(type) }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        try child(key).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer { try child(key).unkeyedContainer() }
    func superDecoder() throws -> any Decoder { decoder }
    func superDecoder(forKey key: Key) throws -> any Decoder { try child(key) }
}

private struct UnkeyedContainer: UnkeyedDecodingContainer {
    let items: [JSONTree]
    let decoder: TreeDecoder
    var currentIndex = 0
    var codingPath: [any CodingKey] { decoder.codingPath }
    var count: Int? { items.count }
    var isAtEnd: Bool { currentIndex >= items.count }

    private struct Index: CodingKey {
        let intValue: Int?
        var stringValue: String { String(intValue ?? 0) }
        init(_ index: Int) { intValue = index }
        init?(stringValue: String) { nil }
        init?(intValue: Int) { self.intValue = intValue }
    }

    private mutating func next() throws(JSONShapeError) -> TreeDecoder {
        guard !isAtEnd else { throw JSONShapeError(place: decoder.place, problem: "has too few items") }
        defer { currentIndex += 1 }
        return decoder.child(items[currentIndex], key: Index(currentIndex))
    }

    mutating func decodeNil() throws -> Bool {
        guard !isAtEnd, items[currentIndex].isNull else { return false }
        currentIndex += 1
        return true
    }

    mutating func decode(_ type: Bool.Type) throws -> Bool { try next().decodeValue(type) }
    mutating func decode(_ type: String.Type) throws -> String { try next().decodeValue(type) }
    mutating func decode(_ type: Double.Type) throws -> Double { try next().decodeValue(type) }
    mutating func decode(_ type: Float.Type) throws -> Float { try next().decode(type) }
    mutating func decode(_ type: Int.Type) throws -> Int { try next().whole(type) }
    mutating func decode(_ type: Int8.Type) throws -> Int8 { try next().whole(type) }
    mutating func decode(_ type: Int16.Type) throws -> Int16 { try next().whole(type) }
    mutating func decode(_ type: Int32.Type) throws -> Int32 { try next().whole(type) }
    mutating func decode(_ type: Int64.Type) throws -> Int64 { try next().whole(type) }
    mutating func decode(_ type: UInt.Type) throws -> UInt { try next().whole(type) }
    mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try next().whole(type) }
    mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try next().whole(type) }
    mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try next().whole(type) }
    mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try next().whole(type) }
    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T { try next().decodeValue(type) }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        try next().container(keyedBy: type)
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer { try next().unkeyedContainer() }
    mutating func superDecoder() throws -> any Decoder { try next() }
}

extension JSONTree {
    var isNull: Bool {
        if case .null = self { return true }
        return false
    }
}
