import FoundationEssentials
import Testing
@testable import ToasterCore

/// Standard JSON only, with the place of every mistake: what `StrictJSON` adds to `JSONDecoder`.
@Suite struct StrictJSONTests {
    private struct Pair: Decodable, Equatable {
        let a: Int
        let b: [String]?
    }

    /// Why `JSONTree` reads first: if `JSONDecoder` ever refuses these by itself, the pre-pass
    /// (and docs/04's reason for it) can go.
    @Test(arguments: [#"{"a":1,}"#, #"{"a":1,"b":["x",]}"#, #"{"a":1,"a":2}"#])
    func jsonDecoderAcceptsWhatStandardJSONRefuses(text: String) throws {
        #expect((try? JSONDecoder().decode(Pair.self, from: Data(text.utf8))) != nil)
        #expect(throws: StrictJSONError.self) { try StrictJSON.decode(Pair.self, from: Data(text.utf8)) }
    }

    /// Why the tree is mapped to types by its own decoder (docs/04): `JSONDecoder` loses the
    /// place of a valid number it cannot hold, and calls the text not valid JSON.
    @Test(arguments: [#"{"a":1.5}"#, #"{"a":1e400}"#, #"{"a":99999999999999999999999}"#])
    func jsonDecoderLosesThePlaceOfAWholeNumberItCannotHold(text: String) {
        do {
            _ = try JSONDecoder().decode(Pair.self, from: Data(text.utf8))
            Issue.record("JSONDecoder accepted \(text)")
        } catch {
            #expect(!"\(error)".contains("\"a\""), "\(error)")
        }
        #expect(throws: StrictJSONError.self) { try StrictJSON.decode(Pair.self, from: Data(text.utf8)) }
    }

    /// Five times the answer that took 13 s when each key was searched among the ones before
    /// it (its time is in benchmarks/json, not asserted here). The time limit is no measure —
    /// a linear reader takes a few seconds here even in a debug build under load — but a
    /// quadratic one would take about five minutes, and fails instead of hanging the run.
    @Test(.timeLimit(.minutes(1))) func aKeyRepeatedAmongFourHundredThousandIsFoundWhereItIs() {
        let keys = (0..<400_000).map { "\"k\($0)\":\($0)" }.joined(separator: ",")
        #expect(throws: Never.self) { try JSONTree.parse(Array("{\(keys)}".utf8)) }
        let repeated = Array("{\(keys),\"k42\":0}".utf8)
        #expect(throws: JSONSyntaxError(line: 1, column: repeated.count - 7, problem: #"the key "k42" appears twice in one object"#)) {
            try JSONTree.parse(repeated)
        }
    }

    @Test(arguments: [
        (#"{"a":1,}"#, "it is not JSON: line 1, column 8: expected a key in double quotes"),
        ("{\n  \"a\": 1,\n  \"b\": [\"x\",]\n}", "it is not JSON: line 3, column 13: expected a value"),
        (#"{"a":1,"a":2}"#, #"it is not JSON: line 1, column 8: the key "a" appears twice in one object"#),
        ("{\"a\":", "it is not JSON: line 1, column 6: the text ends where a value should be"),
        (#"{"b":[]}"#, #"top level: no "a""#),
        (#"{"a":"1"}"#, #"a: "1" is not a whole number"#),
        (#"{"a":1,"b":[1]}"#, "b[0]: 1 is not a string"),
        (#"{"a":1.5}"#, "a: 1.5 is not a whole number"),
        (#"{"a":1e400}"#, "a: 1e400 is not a whole number between -9223372036854775808 and 9223372036854775807"),
        (#"{"a":-99999999999999999999999}"#, "a: -99999999999999999999999 is not a whole number between -9223372036854775808 and 9223372036854775807"),
        (#"{"a":null}"#, "a: null is not a whole number"),
        ("[1,2]", "top level: an array is not an object"),
    ])
    func everyMistakeSaysWhere(text: String, problem: String) {
        #expect(throws: StrictJSONError.self) { try StrictJSON.decode(Pair.self, from: Data(text.utf8)) }
        do {
            _ = try StrictJSON.decode(Pair.self, from: Data(text.utf8))
        } catch {
            #expect(error.description == problem)
        }
    }

    @Test func theTreeKeepsTheKeysInTheirOrder() throws {
        let (value, tree) = try StrictJSON.decode(Pair.self, from: Data(#"{"b":["x"],"a":1}"#.utf8))
        #expect(value == Pair(a: 1, b: ["x"]))
        #expect(tree.keys == ["b", "a"])
        #expect(tree["b"]?.items.count == 1)
    }
}
