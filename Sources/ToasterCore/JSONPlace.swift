/// Where a value sits in a JSON document, written as a JavaScript path:
/// `applinks.details[1].components[0]["/"]`.
struct JSONPlace: Sendable, CustomStringConvertible {
    let description: String

    static let root = JSONPlace(description: "")

    func key(_ name: String) -> JSONPlace {
        let plain = name.first.map { !$0.isASCIIDigit } ?? false
            && name.allSatisfy { ($0.isASCII && ($0.isLetter || $0.isNumber)) || $0 == "_" }
        if plain { return JSONPlace(description: description.isEmpty ? name : "\(description).\(name)") }
        return JSONPlace(description: "\(description)[\(JSONValue.string(name).serialized())]")
    }

    func index(_ position: Int) -> JSONPlace {
        JSONPlace(description: "\(description)[\(position)]")
    }
}
