import FoundationEssentials
import ToasterCore

/// Decodes a service's answer, turning Foundation's decoding errors into one short sentence.
enum JSONPayload {
    static func decode<T: Decodable>(_ type: T.Type, from data: Data, what: String) throws(SourceError) -> T {
        do {
            return try JSONDecoder().decode(type, from: data)
        } catch let error as DecodingError {
            throw SourceError(.unusableAnswer, "\(what) answer is unusable: \(describe(error, data: data))")
        } catch {
            throw SourceError(.unusableAnswer, "\(what) answer is unusable: \(error)")
        }
    }

    private static func describe(_ error: DecodingError, data: Data) -> String {
        switch error {
        case .keyNotFound(let key, let context):
            return "\"\(path(context.codingPath + [key]))\" is missing"
        case .typeMismatch(let type, let context), .valueNotFound(let type, let context):
            return "\"\(path(context.codingPath))\" is not \(article(type))"
        case .dataCorrupted(let context) where context.codingPath.isEmpty:
            let start = String(decoding: data.prefix(40), as: UTF8.self)
            return "it is not JSON (it starts \(JSONValue.string(TextSanitizer.cleanLine(start)).serialized()))"
        case .dataCorrupted(let context):
            return "\"\(path(context.codingPath))\": \(context.debugDescription)"
        @unknown default:
            return "\(error)"
        }
    }

    private static func path(_ keys: [any CodingKey]) -> String {
        let text = keys.map { $0.intValue.map { "[\($0)]" } ?? "." + $0.stringValue }.joined()
        return text.hasPrefix(".") ? String(text.dropFirst()) : text
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
