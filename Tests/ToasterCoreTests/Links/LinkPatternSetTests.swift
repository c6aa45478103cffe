import Testing
@testable import ToasterCore

/// Many path patterns matched in one pass: every answer the same as trying each pattern alone.
@Suite struct LinkPatternSetTests {
    /// A fixed sequence of numbers (xorshift), so that a failure can be run again.
    struct Numbers {
        var state: UInt64

        mutating func next(_ bound: Int) -> Int {
            state ^= state << 13
            state ^= state >> 7
            state ^= state << 17
            return Int(state % UInt64(bound))
        }

        mutating func text(_ pieces: [String], upTo count: Int) -> String {
            (0..<next(count + 1)).map { _ in pieces[next(pieces.count)] }.joined()
        }
    }

    static let variables = SubstitutionVariables.builtIn.adding(["food": ["burrito", "pizza", "?izza", "b*"]])

    static func scalars(_ text: String) -> [UInt32] { text.unicodeScalars.map(\.value) }

    /// Each pattern's own answers for `path`, beside the set's.
    static func expectSameAnswers(_ patterns: [LinkPattern], _ set: LinkPatternSet, _ path: [UInt32], _ shown: String) {
        let alone = patterns.indices.filter { patterns[$0].matches(path) }.map(Int32.init)
        #expect(set.matches(path) == alone, "\(shown)")
        let folded = patterns.indices.filter { patterns[$0].progress(path, foldingCase: true).accepted }.map(Int32.init)
        #expect(set.matches(path, foldingCase: true) == folded, "\(shown), folding case")
        #expect(set.consumed(path) == patterns.map { $0.progress(path, foldingCase: false).consumed }, "\(shown), how far each read")
    }

    @Test func answersAsEachPatternAloneDoes() {
        var numbers = Numbers(state: 0x9E37_79B9_7F4A_7C15)
        let atoms = ["a", "b", "A", "/", "//", "?", "*", "?*", "$(lang)", "$(region)", "$(food)", "$(digit)", "$(nope)", "é", "_", "shop", "ko", "1"]
        let parts = ["", "a", "b", "A", "/", "shop", "Shop", "ko", "en_US", "EN", "é", "1", "12", "burrito", "pizza", "_"]
        for round in 0..<60 {
            let texts = (0..<(1 + numbers.next(30))).map { _ in (numbers.next(2) == 0 ? "/" : "") + numbers.text(atoms, upTo: 6) }
            let caseSensitive = numbers.next(2) == 0
            let patterns = texts.map { LinkPattern(caseSensitive ? $0 : $0.lowercased(), isPath: true, caseSensitive: caseSensitive, variables: Self.variables) }
            let set = LinkPatternSet(patterns)
            for _ in 0..<40 {
                var path = numbers.text(parts, upTo: 6)
                while path.first == "/" { path.removeFirst() }
                while path.last == "/" { path.removeLast() }
                Self.expectSameAnswers(patterns, set, Self.scalars(caseSensitive ? path : path.lowercased()), "round \(round): \(texts) on \(path)")
            }
        }
    }

    @Test func answersTheSameAfterTheTableStartsOver() {
        // `*a` then 16 × `?`: telling paths apart takes a state for each way the last 17
        // scalars can hold an `a`, and 32,000 scalars of a and b meet more of them than the table keeps.
        let patterns = [LinkPattern("/*a" + String(repeating: "?", count: 16), isPath: true), LinkPattern("/*b/*", isPath: true)]
        let set = LinkPatternSet(patterns)
        var numbers = Numbers(state: 42)
        for _ in 0..<800 {
            let path = (0..<40).map { _ in numbers.next(2) == 0 ? "a" : "b" }.joined()
            Self.expectSameAnswers(patterns, set, Self.scalars(path), path)
        }
    }

    @Test func aLongPatternAgainstALongPathStaysFast() {
        let set = LinkPatternSet([LinkPattern(String(repeating: "*a", count: 200) + "b", isPath: true)])
        #expect(set.matches(Array(repeating: UInt32(UInt8(ascii: "a")), count: 2_000)).isEmpty, "an exponential matcher would never end here")
    }

    @Test func theFirstMatchInFileOrderWhateverTheRulesShape() throws {
        let file = try LinkFixtures.components("""
            {"/": "/shop/1/private/*", "exclude": true}, {"/": "/shop/1/*"}, {"/": "/$(lang)_$(region)/p1/*", "caseSensitive": false},
            {"/": "/$(lang)/guide2/*", "?": {"ref": "?*"}}, {"/": "/shop/2/*"}, {"/": "/item/3/???"}, {"/": "/*"}
            """)
        let expected: [(String, LinkOutcome, Int?)] = [
            ("/shop/1/private/7", .excluded, 0), ("/shop/1/items/7", .match, 1), ("/EN_us/p1/x", .match, 2), ("/ko/guide2/x?ref=mail", .match, 3),
            ("/ko/guide2/x", .match, 6), ("/shop/2", .match, 4), ("/item/3/abc", .match, 5), ("/item/3/abcd", .match, 6),
        ]
        for (path, outcome, index) in expected {
            let verdict = file.verdict(for: "https://example.com" + path, appID: LinkFixtures.app)
            #expect(verdict.outcome == outcome && verdict.decidedBy?.index == index, "\(path): \(verdict)")
        }
    }
}
