/// One pattern of an apple-app-site-association file: `*` matches zero or more characters, `?`
/// exactly one, so `?*` matches one or more; every other character stands for itself. Apple
/// documents no escape for a literal `*` or `?`, so there is none.
struct LinkPattern: Sendable {
    let text: String

    /// Whether the whole of `subject` matches. Without case sensitivity both sides are compared
    /// lowercased.
    func matches(_ subject: String, caseSensitive: Bool) -> Bool {
        let pattern = Array(caseSensitive ? text : text.lowercased())
        let subject = Array(caseSensitive ? subject : subject.lowercased())
        // The classic glob walk: on a mismatch, go back to the last `*` and let it swallow one
        // more character. Linear in practice, never exponential, whatever the pattern.
        var p = 0, s = 0
        var star: (pattern: Int, subject: Int)?
        while s < subject.count {
            if p < pattern.count, pattern[p] == "*" {
                star = (p, s)
                p += 1
            } else if p < pattern.count, pattern[p] == "?" || pattern[p] == subject[s] {
                p += 1
                s += 1
            } else if let last = star {
                star = (last.pattern, last.subject + 1)
                p = last.pattern + 1
                s = last.subject + 1
            } else {
                return false
            }
        }
        while p < pattern.count, pattern[p] == "*" { p += 1 }
        return p == pattern.count
    }
}
