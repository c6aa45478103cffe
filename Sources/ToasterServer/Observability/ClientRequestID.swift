/// A client's `X-Request-Id` is kept when it is 1–128 characters of letters, digits and
/// `-_.:/+=`; anything else could forge log lines or smuggle markup into a log viewer.
enum ClientRequestID {
    static func acceptable(_ id: String) -> String? {
        guard (1...128).contains(id.utf8.count),
              id.utf8.allSatisfy({ ($0 >= 0x30 && $0 <= 0x39) || ($0 | 0x20 >= 0x61 && $0 | 0x20 <= 0x7a) || "-_.:/+=".utf8.contains($0) })
        else { return nil }
        return id
    }
}
