import ToasterCore

/// A JSON tree written as every answer is (keys sorted): a policy's inline Remote Config
/// template as the REST API's `GET …/remoteConfig` returns it, or a policy document as the
/// templates' history rewrites it.
struct TemplateDocument: Encodable {
    let tree: JSONTree

    func encode(to encoder: any Encoder) throws {
        switch tree {
        case .object(let members):
            var container = encoder.container(keyedBy: Key.self)
            for member in members { try container.encode(TemplateDocument(tree: member.value), forKey: Key(stringValue: member.key)) }
        case .array(let items):
            var container = encoder.unkeyedContainer()
            for item in items { try container.encode(TemplateDocument(tree: item)) }
        case .string(let text):
            var container = encoder.singleValueContainer()
            try container.encode(text)
        case .number(let text):
            var container = encoder.singleValueContainer()
            if let whole = Int(text) { try container.encode(whole) } else { try container.encode(Double(text) ?? 0) }
        case .bool(let value):
            var container = encoder.singleValueContainer()
            try container.encode(value)
        case .null:
            var container = encoder.singleValueContainer()
            try container.encodeNil()
        }
    }

    private struct Key: CodingKey {
        let stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }
}
