import FoundationEssentials

/// How every shape here is written: keys sorted, so that the same value always gives the same
/// bytes (toaster-server's ETags rely on it), and slashes left as they are (`a/b`, not `a\/b`).
/// What reads them is the reader's own: toastercli reads untrusted answers with its strict
/// reader, which decodes these same `Decodable` shapes.
public enum WireJSON {
    public static func encode(_ value: some Encodable) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(value)
    }
}

/// A key of a shape whose fields are not fixed (an object of names to values, or a field read
/// in either of two spellings).
struct WireKey: CodingKey {
    let stringValue: String
    var intValue: Int? { nil }

    init(_ name: String) { stringValue = name }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}
