/// The `matches` operator's patterns (RE2 in Firebase), matched with the standard library's
/// `Regex`, which backtracks: a pattern that repeats a group holding a repetition or an
/// alternative (`(a+)+`, `(a|aa)*`) can take exponential time on a short text, so it is
/// refused when the template is read rather than left to hang a check.
enum RegularExpressionCheck {
    static let maximumLength = 1000

    /// Why `pattern` is refused, or nil.
    static func problem(in pattern: String) -> String? {
        let scalars = Array(pattern.unicodeScalars)
        guard scalars.count <= maximumLength else { return "is longer than \(maximumLength) characters" }
        // Per open group: whether it holds a repetition or an alternative.
        var groups: [Bool] = []
        var closed: Bool?
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            var justClosed: Bool?
            switch scalar {
            case "\\":
                index += 1
            case "[":
                index += 1
                if index < scalars.count, scalars[index] == "^" { index += 1 }
                if index < scalars.count, scalars[index] == "]" { index += 1 }
                while index < scalars.count, scalars[index] != "]" {
                    if scalars[index] == "\\" { index += 1 }
                    index += 1
                }
            case "(":
                groups.append(false)
                if index + 1 < scalars.count, scalars[index + 1] == "?" { index += 1 }
            case ")":
                if let inner = groups.popLast() {
                    justClosed = inner
                    if inner, !groups.isEmpty { groups[groups.count - 1] = true }
                }
            case "|":
                if !groups.isEmpty { groups[groups.count - 1] = true }
            case "*", "+", "?", "{":
                if closed == true {
                    return "repeats a group that holds a repetition or an alternative, which can take exponential time to match"
                }
                if !groups.isEmpty { groups[groups.count - 1] = true }
                if scalar == "{" {
                    while index < scalars.count, scalars[index] != "}" { index += 1 }
                }
            default:
                break
            }
            closed = justClosed
            index += 1
        }
        guard (try? Regex<AnyRegexOutput>(pattern)) != nil else { return "is not a regular expression this tool can read" }
        return nil
    }

    /// Whether `pattern` matches somewhere in `text` (RE2's partial match).
    static func matches(_ pattern: String, _ text: String) -> Bool {
        guard let regex = try? Regex<AnyRegexOutput>(pattern) else { return false }
        return text.firstMatch(of: regex) != nil
    }
}
