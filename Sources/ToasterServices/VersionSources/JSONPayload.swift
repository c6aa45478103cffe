import FoundationEssentials
import ToasterCore
import ToasterWire

/// Decodes a service's answer as standard JSON (`StrictJSON`), as one short sentence when it
/// cannot: what was read and from where, the place in it and the problem
/// (`App Store lookup answer from /tmp/x.json is unusable: results[0].trackId: 1.5 is not a whole number`).
enum JSONPayload {
    /// `what`: the answer and where it came from, as the message begins.
    static func decode<T: Decodable>(_ type: T.Type, from data: Data, what: String) throws(SourceError) -> (value: T, tree: JSONTree) {
        do {
            return try StrictJSON.decode(type, from: data)
        } catch let error where error.syntax?.line == 1 && error.syntax?.column == 1 {
            // Not JSON from its first byte: most often an HTML error page, which its start shows.
            let start = String(decoding: data.prefix(40), as: UTF8.self)
            throw SourceError(.unusableAnswer, "\(what) is unusable: it is not JSON (it starts \(JSONValue.string(TextSanitizer.cleanLine(start)).serialized()))")
        } catch {
            throw SourceError(.unusableAnswer, "\(what) is unusable: \(error)")
        }
    }

    /// A request's body as the wire writes it (`WireJSON`); `what` names the request should the
    /// encoder refuse a value.
    static func encode(_ value: some Encodable, what: String) throws(SourceError) -> Data {
        do { return try WireJSON.encode(value) } catch { throw SourceError(.misconfigured, "cannot write \(what): \(error)") }
    }

    /// A version the answer states at `place`, read now as the decision will read it, so that
    /// one that is no version is named by the answer's origin and its place in it
    /// (`… is unusable: entries.min_required_version: invalid version "abc": …`).
    static func checkVersion(_ text: String?, at place: JSONPlace, what: String) throws(SourceError) {
        guard let text else { return }
        do { _ = try Version(text) } catch { throw unusable(what, at: place, "\(error)") }
    }

    /// `… is unusable: startDate: "x" is not an ISO 8601 date`.
    static func unusable(_ what: String, at place: JSONPlace, _ problem: String) -> SourceError {
        SourceError(.unusableAnswer, "\(what) is unusable: \(place.named): \(problem)")
    }

    /// The phrase for `expected` keys an object lacks, each with the key it holds that was
    /// probably meant instead, and the keys it holds; nil when it lacks none:
    /// `Remote Config entries: no "min_required_version" (did you mean "min_requred_version"?); present: "latest_version", "min_requred_version"`
    static func absence(of expected: [String], in tree: JSONTree, what: String) -> String? {
        let held = tree.keys
        let absent = expected.filter { !held.contains($0) }
        guard !absent.isEmpty else { return nil }
        let spare = held.filter { !expected.contains($0) }
        let missing = absent.map { key in
            quoted(key) + (NearestName.to(key, among: spare).map { " (did you mean \(quoted($0))?)" } ?? "")
        }
        return "\(what): no " + missing.joined(separator: ", no ") + "; present: " + present(tree)
    }

    /// The keys of an object, quoted, in the order written; `none` for none.
    static func present(_ tree: JSONTree) -> String {
        tree.keys.isEmpty ? "none" : tree.keys.map(quoted).joined(separator: ", ")
    }

    private static func quoted(_ key: String) -> String { JSONValue.string(key).serialized() }
}
