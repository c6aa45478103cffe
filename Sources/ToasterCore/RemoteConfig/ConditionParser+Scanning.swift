import FoundationEssentials

/// The cursor's moves, which the parser's rules are written with: none of them goes back.
extension ConditionParser {
    /// Letters only (a method or keyword).
    mutating func word() -> String {
        let start = offset
        while offset < text.count, text[offset].properties.isAlphabetic { offset += 1 }
        return String(String.UnicodeScalarView(text[start..<offset]))
    }

    func peekWord(_ name: String) -> Bool {
        peek(name) && (offset + name.unicodeScalars.count == text.count || !text[offset + name.unicodeScalars.count].properties.isAlphabetic)
    }

    /// `in`, `between`, `and`: a word with a space before and after it.
    mutating func keyword(_ name: String, _ wanted: String) throws(ConditionSyntaxError) {
        let before = offset
        skipSpaces()
        let start = offset
        guard word() == name else { throw failure(at: start, "expected \(wanted)") }
        guard start > before || (start > 0 && text[start - 1] == " ") else { throw failure(at: start, "expected a space before \(name)") }
        guard peek(" ") else { throw failure("expected a space after \(name)") }
        skipSpaces()
    }

    /// `-`, digits and dots, as written (checked by the caller).
    mutating func numberText() -> String {
        let start = offset
        if offset < text.count, text[offset] == "-" { offset += 1 }
        while offset < text.count, text[offset].isASCIIDigit || text[offset] == "." { offset += 1 }
        return String(String.UnicodeScalarView(text[start..<offset]))
    }

    /// Spaces allowed before `symbol`.
    mutating func expect(_ symbol: String, _ wanted: String) throws(ConditionSyntaxError) {
        skipSpaces()
        guard take(symbol) else { throw failure("expected \(wanted)") }
    }

    /// `symbol` right after `name`, as `.` after an element or `(` after a method: no space.
    mutating func attach(_ symbol: String, _ wanted: String, to name: String) throws(ConditionSyntaxError) {
        guard take(symbol) else {
            if spaced(before: symbol) { throw failure("expected \(wanted) right after \(name), with no space before the \(symbol)") }
            skipSpaces()
            throw failure("expected \(wanted) after \(name)")
        }
    }

    /// Spaces at the cursor, then `symbol`.
    func spaced(before symbol: String) -> Bool {
        var probe = self
        guard probe.peek(" ") else { return false }
        probe.skipSpaces()
        return probe.peek(symbol)
    }

    mutating func take(_ symbol: String) -> Bool {
        guard peek(symbol) else { return false }
        offset += symbol.unicodeScalars.count
        return true
    }

    func peek(_ symbol: String) -> Bool {
        var index = offset
        for scalar in symbol.unicodeScalars {
            guard index < text.count, text[index] == scalar else { return false }
            index += 1
        }
        return true
    }

    /// Spaces only: the reference writes nothing else between the parts of a condition.
    mutating func skipSpaces() {
        while offset < text.count, text[offset] == " " { offset += 1 }
    }

    func failure(_ problem: String) -> ConditionSyntaxError {
        failure(at: offset, problem)
    }

    func failure(at place: Int, _ problem: String) -> ConditionSyntaxError {
        let rest = String(String.UnicodeScalarView(text[min(place, text.count)..<min(place + 24, text.count)]))
        var problem = problem
        // A tab, a line break or a no-break space pasted from a web page looks like a space:
        // name it rather than what was expected after it.
        if place < text.count, text[place] != " ", text[place].properties.isWhitespace {
            let code = String(text[place].value, radix: 16, uppercase: true)
            problem = "U+\(String(repeating: "0", count: max(0, 4 - code.count)) + code) is not a space: only spaces (U+0020) separate the parts of a condition"
        }
        return ConditionSyntaxError(offset: place, problem: problem, near: place + 24 < text.count ? rest + "…" : rest)
    }
}
