import FoundationEssentials

/// JSON a person wrote or a service sent — a policy file, a `PUT /admin/policy` body, a
/// service answer — read as standard JSON (RFC 8259). `JSONTree` reads it first: it refuses
/// what `JSONDecoder` lets pass (a trailing comma, a key written twice) and says at which line
/// and column. `JSONDecoder` then maps the checked text to types.
public enum StrictJSON {
    /// `data` as `T`, with the tree it was read from (for the keys a file holds).
    public static func decode<T: Decodable>(_ type: T.Type, from data: Data) throws(StrictJSONError) -> (value: T, tree: JSONTree) {
        let tree = try parse(data)
        return (try decode(type, checked: data), tree)
    }

    /// `data` as a tree, if it is standard JSON.
    public static func parse(_ data: Data) throws(StrictJSONError) -> JSONTree {
        do {
            return try JSONTree.parse(Array(data))
        } catch {
            throw StrictJSONError(syntax: error, description: "it is not JSON: \(error)")
        }
    }

    /// `data`, which `parse` accepted, as `T`.
    public static func decode<T: Decodable>(_ type: T.Type, checked data: Data) throws(StrictJSONError) -> T {
        do {
            return try JSONDecoder().decode(type, from: data)
        } catch let error as DecodingError {
            throw StrictJSONError(syntax: nil, description: describe(error))
        } catch {
            throw StrictJSONError(syntax: nil, description: "\(error)")
        }
    }

    /// A decoding error as one phrase naming the value's place: `"apps[0].version" is not a string`.
    private static func describe(_ error: DecodingError) -> String {
        switch error {
        case .keyNotFound(let key, let context):
            "\"\(place(context.codingPath + [key]))\" is missing"
        case .typeMismatch(let type, let context), .valueNotFound(let type, let context):
            "\"\(place(context.codingPath))\" is not \(article(type))"
        case .dataCorrupted(let context):
            "\"\(place(context.codingPath))\": \(context.debugDescription)"
        @unknown default:
            "\(error)"
        }
    }

    private static func place(_ keys: [any CodingKey]) -> String {
        keys.reduce(JSONPlace.root) { place, key in key.intValue.map(place.index) ?? place.key(key.stringValue) }.description
    }

    private static func article(_ type: Any.Type) -> String {
        switch type {
        case is String.Type: "a string"
        case is Int.Type: "a whole number"
        case is Bool.Type: "true or false"
        default: "of the expected type"
        }
    }
}

/// Why a JSON text could not be read: a syntax error (with its line and column) or a value of
/// the wrong shape (with its place).
public struct StrictJSONError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Set when the text is not JSON at all.
    public let syntax: JSONSyntaxError?
    public let description: String
}
