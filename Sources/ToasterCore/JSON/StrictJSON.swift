import FoundationEssentials

/// JSON a person wrote or a service sent — a policy file, a `PUT /admin/policy` body, a
/// service answer, a state file — read as standard JSON (RFC 8259). `JSONTree` reads it: it
/// refuses what `JSONDecoder` lets pass (a trailing comma, a key written twice) and says at
/// which line and column; the tree is then mapped to types, a value of the wrong shape named
/// by its place.
public enum StrictJSON {
    /// `data` as `T`, with the tree it was read from (for the keys a file holds).
    public static func decode<T: Decodable>(_ type: T.Type, from data: Data) throws(StrictJSONError) -> (value: T, tree: JSONTree) {
        let tree = try parse(data)
        return (try decode(type, tree: tree), tree)
    }

    /// `data` as a tree, if it is standard JSON.
    public static func parse(_ data: Data) throws(StrictJSONError) -> JSONTree {
        do {
            return try JSONTree.parse(Array(data))
        } catch {
            throw StrictJSONError(syntax: error, description: "it is not JSON: \(error)")
        }
    }

    /// A tree `parse` returned, as `T`: a value of the wrong shape is named by its place
    /// (`results[0].trackId: 1.5 is not a whole number`).
    public static func decode<T: Decodable>(_ type: T.Type, tree: JSONTree) throws(StrictJSONError) -> T {
        do {
            return try tree.decode(type)
        } catch {
            throw StrictJSONError(syntax: nil, description: error.description)
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
