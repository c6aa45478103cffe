import ToasterCore

/// `Authorization: Bearer TOKEN` (RFC 6750, 2.1), as the admin API and the simulated App Store
/// Connect both read it.
enum BearerToken {
    /// The token; nil without one. The scheme is case-insensitive (RFC 9110, 11.1), so `bearer`
    /// and `BEARER` are the same.
    static func parse(_ header: String?) -> String? {
        guard let header, let space = header.firstIndex(of: " "),
              header[..<space].lowercased() == "bearer" else { return nil }
        return String(header[space...].trimmingWhitespace())
    }
}
