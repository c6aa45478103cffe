/// A Firebase Remote Config fetch answer: every value a string, `entries` absent in the
/// NO_CHANGE, NO_TEMPLATE and EMPTY_CONFIG states.
struct RemoteConfigFetch: Decodable, Sendable {
    let entries: [String: String]?
    let state: String?
}
