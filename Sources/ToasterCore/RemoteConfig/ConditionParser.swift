import FoundationEssentials

/// Reads a condition expression left to right, one pass, never going back: every step
/// consumes at least one scalar or fails, so the time is linear in the expression's length
/// (docs/04 says why it is hand-written). It is as strict as Firebase's condition reference
/// where the reference is explicit, and docs/07 gives the choices made where it is silent:
/// spaces (U+0020) only, around `&&` required; an element, its `['name']`, `('seed')` or
/// `.method(` written without spaces; each element with only the operators and value forms
/// the reference gives it.
struct ConditionParser {
    let text: [Unicode.Scalar]
    var offset = 0

    /// Elements the reference defines for web apps only: never true on an iOS device, and in a
    /// syntax of their own that this reader does not guess at.
    private static let webElements = ["app.operatingSystemAndVersion", "app.browserAndVersion"]

    /// The reference's element table names `device.dateTime`, but its expressions write `dateTime`.
    private static let dateTimeTableName = "device.dateTime"

    /// A percent rule's seed (the Remote Config API's `PercentCondition.seed`).
    private static let seedLength = 32
    private static let seedPunctuation: Set<Unicode.Scalar> = ["-", "_", "."]

    static func parse(_ expression: String) throws(ConditionSyntaxError) -> [ConditionRule] {
        var parser = ConditionParser(text: Array(expression.unicodeScalars))
        var rules: [ConditionRule] = []
        while true {
            rules.append(try parser.rule())
            let ruleEnd = parser.offset
            parser.skipSpaces()
            guard parser.peek("&&") else { break }
            let and = parser.offset
            parser.offset += 2
            // "A space is required before and after the ampersands" (the reference); an && that
            // ends the expression is left to the missing rule's own refusal.
            guard and > ruleEnd, parser.offset == parser.text.count || parser.text[parser.offset] == " " else {
                throw parser.failure(at: and, "&& takes a space before and after it, as Firebase's condition reference requires")
            }
        }
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
            try attach(".", "a method such as .>=(['2.0.0']) or .contains(['1.0'])", to: element)
            return .release(found, try method(releases: true, after: element))
        case .userProperty, .customSignal:
            try attach("[", "['name']", to: element)
            let key = try string()
            try expect("]", "] after the name")
            let named = "\(element)['\(key)']"
            if take(".") {
                return .signal(found, key: key, try method(releases: found == .customSignal, after: element))
            }
            if spaced(before: ".") { throw failure("expected a method right after ], with no space before the .") }
            return .signal(found, key: key, try numberComparison(after: named))
        case .audiences:
            try attach(".", "a method such as .inAtLeastOne(['name'])", to: element)
            let start = offset
            let name = word()
            guard let audience = AudienceOperator(rawValue: name) else {
                throw failure(at: start, "\(quoted(name)) is not an audience method (\(AudienceOperator.allCases.map(\.rawValue).joined(separator: ", ")))")
            }
            return .audiences(audience, try parenthesisedList(after: name))
        case .firstOpen:
            // The operator table gives <= and >; the element table's own example writes >=.
            let comparison = try infix([.lessOrEqual, .greater, .greaterOrEqual], after: element)
            try expect("(", "( and a 'YYYY-MM-DDTHH:MM:SS' date")
            return .instant(.firstOpen, comparison, try dateTimeArguments())
        case .dateTime:
            let comparison = try infix([.less, .greaterOrEqual], after: element)
            skipSpaces()
            let start = offset
            guard word() == "dateTime" else { throw failure(at: start, "expected dateTime('…') after dateTime \(comparison.rawValue)") }
            try attach("(", "( and a 'YYYY-MM-DDTHH:MM:SS' date", to: "dateTime")
            return .instant(.dateTime, comparison, try dateTimeArguments())
        case .country, .language, .installationID:
            try keyword("in", "in [...] after \(element)")
            return .listed(found, try list())
        }
    }

    /// `percent`, an optional seed, then `<= N`, `> N` or `between N and M`.
    private mutating func percentRule() throws(ConditionSyntaxError) -> ConditionRule {
        var seed = ""
        if take("(") {
            skipSpaces()
            let start = offset
            seed = try string()
            guard seed.unicodeScalars.count <= Self.seedLength,
                  seed.unicodeScalars.allSatisfy({ $0.isASCIIDigit || $0.isASCIILetter || Self.seedPunctuation.contains($0) }) else {
                throw failure(at: start, "a seed is at most \(Self.seedLength) letters, digits, -, _ or . (A–Z, a–z, 0–9)")
            }
            try expect(")", ") after the seed")
        } else if spaced(before: "(") {
            throw failure("the seed follows percent with no space: percent('seed')")
        }
        skipSpaces()
        if peekWord("between") {
            try keyword("between", "between")
            let lower = try percentNumber()
            try keyword("and", "and between the two percentages")
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
        guard Self.isDecimal(digits), !digits.hasPrefix("-"), let whole = Int(parts[0]), whole <= 100,
              parts.count == 1 || parts[1].count <= 6 else {
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
                throw failure(at: start, "\(element) has no .\(comparison.rawValue) method (its comparisons are written \(element)['name'] \(comparison.rawValue) number)")
            }
            let listStart = offset
            let targets = try parenthesisedList(after: "." + comparison.rawValue)
            guard targets.count == 1 else { throw failure(at: listStart, ".\(comparison.rawValue) takes one version in its list") }
            return .release(comparison, try releaseParts(targets[0], at: listStart))
        }
        if peek(" ") { throw failure("expected a method right after the ., with no space before it") }
        let name = word()
        guard let operation = TextOperator(rawValue: name) else {
            let known = TextOperator.allCases.map(\.rawValue) + (releases ? ComparisonOperator.allCases.map(\.rawValue) : [])
            throw failure(at: start, "\(quoted(name)) is not a method of \(element) (\(known.joined(separator: ", ")))")
        }
        let listStart = offset
        let targets = try parenthesisedList(after: name)
        if operation == .matches {
            for target in targets {
                if let problem = RegularExpressionCheck.problem(in: target) { throw failure(at: listStart, "the pattern \(quoted(target)) \(problem)") }
            }
        }
        return .text(operation, targets)
    }

    /// `< N` … `>= N` for user properties and custom signals: the reference compares them
    /// with a number, and a text only through the methods.
    private mutating func numberComparison(after element: String) throws(ConditionSyntaxError) -> TextTest {
        let comparison = try infix(ComparisonOperator.allCases, after: element)
        skipSpaces()
        if peek("'") {
            guard comparison == .equal || comparison == .notEqual else {
                throw failure("\(comparison.rawValue) compares numbers: write the number without quotes")
            }
            let method = comparison == .equal ? "exactlyMatches" : "notContains"
            throw failure("\(comparison.rawValue) compares numbers; a text is compared with \(element).\(method)(['…'])")
        }
        let start = offset
        let number = numberText()
        guard Self.isDecimal(number), let value = Double(number) else {
            throw failure(at: start, "expected a number such as 5, -2 or 3.99")
        }
        return .number(comparison, value)
    }

    /// After `(`: a date and an optional zone, then `)`.
    private mutating func dateTimeArguments() throws(ConditionSyntaxError) -> LocalDateTime {
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
        func names(_ element: String) -> Bool { run == element || run.hasPrefix(element + ".") }
        for element in ConditionElement.allCases where names(element.rawValue) {
            offset = start + element.rawValue.unicodeScalars.count
            return element
        }
        if let web = Self.webElements.first(where: names) {
            throw failure(at: start, "\(web) is an element for web apps, which this tool does not read")
        }
        if run == Self.dateTimeTableName {
            throw failure(at: start, "\(Self.dateTimeTableName) is written dateTime in an expression: dateTime < dateTime('2017-03-22T13:39:44')")
        }
        guard !run.isEmpty else { throw failure(at: start, "expected an element such as device.os, app.version or percent") }
        let head = run.hasSuffix(".") ? String(run.dropLast()) : run
        let hint = NearestName.to(head, among: ConditionElement.allCases.map(\.rawValue)).map { " (did you mean \($0)?)" } ?? ""
        throw failure(at: start, "\(quoted(head)) is not an element of the condition reference\(hint)")
    }

    private mutating func infix(_ allowed: [ComparisonOperator], after element: String) throws(ConditionSyntaxError) -> ComparisonOperator {
        skipSpaces()
        let start = offset
        if splitOperator() { throw failure(at: start, "an operator is written without a space inside it (<=, >=, ==, !=)") }
        guard let comparison = comparisonOperator(), allowed.contains(comparison) else {
            throw failure(at: start, "expected \(allowed.map(\.rawValue).joined(separator: " or ")) after \(element)")
        }
        return comparison
    }

    /// `< =`, `! =`: a two-character operator with spaces inside.
    private func splitOperator() -> Bool {
        guard offset < text.count, ["<", ">", "=", "!"].contains(text[offset]) else { return false }
        var index = offset + 1
        guard index < text.count, text[index] == " " else { return false }
        while index < text.count, text[index] == " " { index += 1 }
        return index < text.count && text[index] == "="
    }

    private mutating func comparisonOperator() -> ComparisonOperator? {
        for symbol in ["<=", ">=", "==", "!=", "<", ">"] where peek(symbol) {
            offset += symbol.unicodeScalars.count
            return ComparisonOperator(rawValue: symbol)
        }
        return nil
    }

    /// `(['a', 'b'])` right after a method's name.
    private mutating func parenthesisedList(after name: String) throws(ConditionSyntaxError) -> [String] {
        try attach("(", "( and a list such as (['a', 'b'])", to: name)
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

    /// `5`, `-2`, `3.99`: digits on both sides of a dot.
    private static func isDecimal(_ number: String) -> Bool {
        let digits = number.hasPrefix("-") ? number.dropFirst() : Substring(number)
        let parts = digits.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count <= 2 && parts.allSatisfy { !$0.isEmpty && $0.allSatisfy(\.isASCIIDigit) }
    }

    private func quoted(_ text: String) -> String { JSONValue.string(text).serialized() }
}

extension Unicode.Scalar {
    var isASCIIDigit: Bool { ("0"..."9").contains(self) }
    var isASCIILetter: Bool { ("a"..."z").contains(self) || ("A"..."Z").contains(self) }
}
