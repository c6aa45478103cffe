import FoundationEssentials

/// Reads a condition expression left to right, one pass, never going back: every step
/// consumes at least one scalar or fails, so the time is linear in the expression's length
/// (docs/04 says why it is hand-written).
struct ConditionParser {
    private let text: [Unicode.Scalar]
    private var offset = 0

    /// Elements the reference defines for web apps only: never true on an iOS device, and in a
    /// syntax of their own that this reader does not guess at.
    private static let webElements = ["app.operatingSystemAndVersion", "app.browserAndVersion"]

    static func parse(_ expression: String) throws(ConditionSyntaxError) -> [ConditionRule] {
        var parser = ConditionParser(text: Array(expression.unicodeScalars))
        var rules: [ConditionRule] = []
        repeat {
            rules.append(try parser.rule())
            parser.skipSpaces()
        } while parser.take("&&")
        guard parser.offset == parser.text.count else {
            if parser.peek("||") { throw parser.failure("a condition joins its rules with && only; || is not part of the syntax") }
            throw parser.failure("expected && or the end of the expression")
        }
        return rules
    }

    private init(text: [Unicode.Scalar]) {
        self.text = text
    }

    // MARK: Rules

    private mutating func rule() throws(ConditionSyntaxError) -> ConditionRule {
        skipSpaces()
        let found = try elementName()
        let element = found.rawValue
        switch found {
        case .alwaysTrue: return .always(true)
        case .alwaysFalse: return .always(false)
        case .percent: return try percentRule()
        case .os:
            let comparison = try infix([.equal, .notEqual], after: element)
            return .os(equal: comparison == .equal, try string())
        case .appID:
            _ = try infix([.equal], after: element)
            return .appID(try string())
        case .version, .build:
            try expect(".", "a method such as .>=(['2.0.0']) or .contains(['1.0']) after \(element)")
            return .release(found, try method(releases: true, after: element))
        case .userProperty, .customSignal:
            try expect("[", "['name'] after \(element)")
            let key = try string()
            try expect("]", "] after the name")
            skipSpaces()
            if take(".") {
                return .signal(found, key: key, try method(releases: found == .customSignal, after: element))
            }
            return .signal(found, key: key, try infixValue(after: element))
        case .audiences:
            try expect(".", "a method such as .inAtLeastOne(['name']) after app.audiences")
            let start = offset
            let name = word()
            guard let audience = AudienceOperator(rawValue: name) else {
                throw failure(at: start, "\(quoted(name)) is not an audience method (\(AudienceOperator.allCases.map(\.rawValue).joined(separator: ", ")))")
            }
            return .audiences(audience, try parenthesisedList())
        case .firstOpen:
            let comparison = try infix([.lessOrEqual, .greater], after: element)
            return .instant(.firstOpen, comparison, try dateTimeArguments())
        case .dateTime:
            let comparison = try infix([.less, .greaterOrEqual], after: element)
            skipSpaces()
            let start = offset
            guard word() == "dateTime" else { throw failure(at: start, "expected dateTime('…') after dateTime \(comparison.rawValue)") }
            return .instant(.dateTime, comparison, try dateTimeArguments())
        case .country, .language, .installationID:
            skipSpaces()
            let start = offset
            guard word() == "in" else { throw failure(at: start, "expected in [...] after \(element)") }
            return .listed(found, try list())
        }
    }

    /// `percent`, an optional seed, then `<= N`, `> N` or `between N and M`.
    private mutating func percentRule() throws(ConditionSyntaxError) -> ConditionRule {
        skipSpaces()
        var seed = ""
        if take("(") {
            seed = try string()
            try expect(")", ") after the seed")
        }
        skipSpaces()
        if peekWord("between") {
            _ = word()
            let lower = try percentNumber()
            skipSpaces()
            let start = offset
            guard word() == "and" else { throw failure(at: start, "expected and between the two percentages") }
            skipSpaces()
            let upperStart = offset
            let upper = try percentNumber()
            guard lower <= upper else { throw failure(at: upperStart, "the upper bound is below the lower bound") }
            return .percent(seed: seed, PercentRange(lower: lower, upper: upper))
        }
        let comparison = try infix([.lessOrEqual, .greater], after: "percent")
        let bound = try percentNumber()
        return .percent(seed: seed, comparison == .lessOrEqual ? PercentRange(lower: nil, upper: bound) : PercentRange(lower: bound, upper: nil))
    }

    /// A percentage from 0 to 100 with at most six decimals, in micro-percents.
    private mutating func percentNumber() throws(ConditionSyntaxError) -> Int {
        skipSpaces()
        let start = offset
        let digits = numberText()
        let parts = digits.split(separator: ".", omittingEmptySubsequences: false)
        guard !digits.hasPrefix("-"), parts.count <= 2, let whole = Int(parts[0]), whole <= 100,
              parts.count == 1 || (1...6).contains(parts[1].count) && parts[1].allSatisfy(\.isASCIIDigit) else {
            throw failure(at: start, "expected a percentage from 0 to 100 (at most six decimals)")
        }
        let fraction = parts.count == 2 ? Int(parts[1] + String(repeating: "0", count: 6 - parts[1].count)) ?? 0 : 0
        let micro = whole * 1_000_000 + fraction
        guard micro <= PercentRange.whole else { throw failure(at: start, "a percentage is at most 100") }
        return micro
    }

    /// `.OP([…])` after an element: the text methods, and the release comparisons where
    /// `releases` allows them.
    private mutating func method(releases: Bool, after element: String) throws(ConditionSyntaxError) -> TextTest {
        let start = offset
        if let comparison = comparisonOperator() {
            guard releases else {
                throw failure(at: start, "\(element) has no .\(comparison.rawValue) method (its comparisons are written \(element)['name'] \(comparison.rawValue) value)")
            }
            let listStart = offset
            let targets = try parenthesisedList()
            guard targets.count == 1 else { throw failure(at: listStart, ".\(comparison.rawValue) takes one version in its list") }
            return .release(comparison, try releaseParts(targets[0], at: listStart))
        }
        let name = word()
        guard let operation = TextOperator(rawValue: name) else {
            let known = TextOperator.allCases.map(\.rawValue) + (releases ? ComparisonOperator.allCases.map(\.rawValue) : [])
            throw failure(at: start, "\(quoted(name)) is not a method of \(element) (\(known.joined(separator: ", ")))")
        }
        let listStart = offset
        let targets = try parenthesisedList()
        if operation == .matches {
            for target in targets {
                if let problem = RegularExpressionCheck.problem(in: target) { throw failure(at: listStart, "the pattern \(quoted(target)) \(problem)") }
            }
        }
        return .text(operation, targets)
    }

    /// `== 'text'`, `!= 'text'`, or a comparison with a number, for user properties and
    /// custom signals.
    private mutating func infixValue(after element: String) throws(ConditionSyntaxError) -> TextTest {
        let comparison = try infix(ComparisonOperator.allCases, after: element)
        skipSpaces()
        if peek("'") {
            guard comparison == .equal || comparison == .notEqual else {
                throw failure("\(comparison.rawValue) compares numbers: write the number without quotes")
            }
            return .equals(comparison == .equal, try string())
        }
        let start = offset
        let number = numberText()
        guard let value = Double(number), !number.isEmpty, number.last?.isASCIIDigit == true else {
            throw failure(at: start, "expected a number or a 'quoted' text")
        }
        return .number(comparison, value)
    }

    private mutating func dateTimeArguments() throws(ConditionSyntaxError) -> LocalDateTime {
        try expect("(", "( and a 'YYYY-MM-DDTHH:MM:SS' date")
        skipSpaces()
        let start = offset
        let text = try string()
        var zone: String?
        skipSpaces()
        if take(",") {
            zone = try string()
        }
        try expect(")", ") after the date")
        // '2017-03-22T13:39:44' is a wall-clock time in the zone; a text with its own offset
        // ('…Z', '…+09:00') is an instant.
        if text.unicodeScalars.count != 19, let instant = ISO8601.parse(text), text.contains("T") {
            guard zone == nil else { throw failure(at: start, "the date \(quoted(text)) has its own offset and a time zone besides") }
            return LocalDateTime(clock: instant, zone: nil, text: text)
        }
        guard text.unicodeScalars.count == 19, let clock = ISO8601.parse(text + "Z") else {
            throw failure(at: start, "\(quoted(text)) is not a date and time such as '2017-03-22T13:39:44'")
        }
        return LocalDateTime(clock: clock, zone: zone ?? "UTC", text: text)
    }

    private func releaseParts(_ target: String, at place: Int) throws(ConditionSyntaxError) -> [Int] {
        guard let parts = ReleaseNumber.parts(target) else {
            throw failure(at: place, "\(quoted(target)) is not a version of dot-separated numbers")
        }
        return parts
    }

    // MARK: Tokens

    /// The element at the cursor: a known name followed by neither a letter nor a digit.
    private mutating func elementName() throws(ConditionSyntaxError) -> ConditionElement {
        let start = offset
        var end = offset
        while end < text.count, text[end].properties.isAlphabetic || text[end].isASCIIDigit || text[end] == "." || text[end] == "_" {
            end += 1
        }
        let run = String(String.UnicodeScalarView(text[start..<end]))
        for element in ConditionElement.allCases where run == element.rawValue || run.hasPrefix(element.rawValue + ".") {
            offset = start + element.rawValue.unicodeScalars.count
            return element
        }
        if let web = Self.webElements.first(where: { run == $0 || run.hasPrefix($0 + ".") }) {
            throw failure(at: start, "\(web) is an element for web apps, which this tool does not read")
        }
        guard !run.isEmpty else { throw failure(at: start, "expected an element such as device.os, app.version or percent") }
        let head = run.hasSuffix(".") ? String(run.dropLast()) : run
        let hint = NearestName.to(head, among: ConditionElement.allCases.map(\.rawValue)).map { " (did you mean \($0)?)" } ?? ""
        throw failure(at: start, "\(quoted(head)) is not an element of the condition reference\(hint)")
    }

    private mutating func infix(_ allowed: [ComparisonOperator], after element: String) throws(ConditionSyntaxError) -> ComparisonOperator {
        skipSpaces()
        let start = offset
        guard let comparison = comparisonOperator(), allowed.contains(comparison) else {
            throw failure(at: start, "expected \(allowed.map(\.rawValue).joined(separator: " or ")) after \(element)")
        }
        return comparison
    }

    private mutating func comparisonOperator() -> ComparisonOperator? {
        for symbol in ["<=", ">=", "==", "!=", "<", ">"] where peek(symbol) {
            offset += symbol.unicodeScalars.count
            return ComparisonOperator(rawValue: symbol)
        }
        return nil
    }

    /// `(['a', 'b'])`.
    private mutating func parenthesisedList() throws(ConditionSyntaxError) -> [String] {
        try expect("(", "( and a list such as (['a', 'b'])")
        let items = try list()
        try expect(")", ") after the list")
        return items
    }

    /// `['a', 'b']`: one text at least.
    private mutating func list() throws(ConditionSyntaxError) -> [String] {
        try expect("[", "a list such as ['a', 'b']")
        var items: [String] = []
        repeat {
            items.append(try string())
            skipSpaces()
        } while take(",")
        try expect("]", "] or , in the list")
        return items
    }

    /// `'text'`, a backslash escaping the next scalar.
    private mutating func string() throws(ConditionSyntaxError) -> String {
        skipSpaces()
        let start = offset
        guard take("'") else {
            throw failure(peek("\"") ? "texts are written in single quotes ('…')" : "expected a 'quoted' text")
        }
        var value = String.UnicodeScalarView()
        while offset < text.count {
            let scalar = text[offset]
            offset += 1
            if scalar == "'" { return String(value) }
            if scalar == "\\", offset < text.count {
                value.append(text[offset])
                offset += 1
            } else {
                value.append(scalar)
            }
        }
        throw failure(at: start, "the quoted text is never closed")
    }

    /// Letters only (a method or keyword).
    private mutating func word() -> String {
        let start = offset
        while offset < text.count, text[offset].properties.isAlphabetic { offset += 1 }
        return String(String.UnicodeScalarView(text[start..<offset]))
    }

    private func peekWord(_ name: String) -> Bool {
        peek(name) && (offset + name.unicodeScalars.count == text.count || !text[offset + name.unicodeScalars.count].properties.isAlphabetic)
    }

    /// `-`, digits and dots, as written (checked by the caller).
    private mutating func numberText() -> String {
        let start = offset
        if offset < text.count, text[offset] == "-" { offset += 1 }
        while offset < text.count, text[offset].isASCIIDigit || text[offset] == "." { offset += 1 }
        return String(String.UnicodeScalarView(text[start..<offset]))
    }

    private mutating func expect(_ symbol: String, _ wanted: String) throws(ConditionSyntaxError) {
        skipSpaces()
        guard take(symbol) else { throw failure("expected \(wanted)") }
    }

    private mutating func take(_ symbol: String) -> Bool {
        guard peek(symbol) else { return false }
        offset += symbol.unicodeScalars.count
        return true
    }

    private func peek(_ symbol: String) -> Bool {
        var index = offset
        for scalar in symbol.unicodeScalars {
            guard index < text.count, text[index] == scalar else { return false }
            index += 1
        }
        return true
    }

    private mutating func skipSpaces() {
        while offset < text.count, text[offset].properties.isWhitespace { offset += 1 }
    }

    private func failure(_ problem: String) -> ConditionSyntaxError {
        failure(at: offset, problem)
    }

    private func failure(at place: Int, _ problem: String) -> ConditionSyntaxError {
        let rest = String(String.UnicodeScalarView(text[min(place, text.count)..<min(place + 24, text.count)]))
        return ConditionSyntaxError(offset: place, problem: problem, near: place + 24 < text.count ? rest + "…" : rest)
    }

    private func quoted(_ text: String) -> String { JSONValue.string(text).serialized() }
}

extension Unicode.Scalar {
    fileprivate var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}

/// Versions as Remote Config compares them: dot-separated whole numbers, part by part, a
/// missing part counting as 0 (`1.10` is above `1.5`).
public enum ReleaseNumber {
    /// The parts, or nil when a part is not a whole number.
    public static func parts(_ text: String) -> [Int]? {
        let pieces = text.split(separator: ".", omittingEmptySubsequences: false)
        var parts: [Int] = []
        for piece in pieces {
            guard !piece.isEmpty, piece.count <= 18, piece.allSatisfy(\.isASCIIDigit), let number = Int(piece) else { return nil }
            parts.append(number)
        }
        return parts
    }

    /// -1, 0 or 1.
    static func compare(_ left: [Int], _ right: [Int]) -> Int {
        for index in 0..<max(left.count, right.count) {
            let a = index < left.count ? left[index] : 0
            let b = index < right.count ? right[index] : 0
            if a != b { return a < b ? -1 : 1 }
        }
        return 0
    }
}
