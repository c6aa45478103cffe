import FoundationEssentials
import Glibc
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

    /// This thread's CPU time for `body`: what the work costs, which a busy machine does not
    /// stretch as it stretches the time on the clock.
    private func cpuTime(_ body: () throws -> Void) rethrows -> Duration {
        var start = timespec(), end = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &start)
        try body()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &end)
        return .seconds(end.tv_sec - start.tv_sec) + .nanoseconds(end.tv_nsec - start.tv_nsec)
    }

    private func object(keys count: Int, then extra: String = "") -> [UInt8] {
        Array(("{" + (0..<count).map { "\"k\($0)\":\($0)" }.joined(separator: ",") + extra + "}").utf8)
    }

    /// Five times the answer that took 13 s when each key was searched among the ones before
    /// it (its time is in benchmarks/json, not asserted here). The reader is linear in its
    /// input: ten times the keys cost it about ten times the CPU time, where searching each key
    /// among the ones before cost a hundred times. A ratio of CPU times holds on any machine,
    /// however busy; the sizes are small enough that a quadratic reader fails in a minute or
    /// two rather than hanging the run.
    @Test func aKeyRepeatedAmongFourHundredThousandIsFoundWhereItIs() throws {
        let small = object(keys: 20_000), large = object(keys: 200_000)
        _ = try JSONTree.parse(small)
        let growth = try cpuTime { _ = try JSONTree.parse(large) } / cpuTime { _ = try JSONTree.parse(small) }
        try #require(growth < 40, "ten times the keys took \(growth) times the CPU time")
        #expect(throws: Never.self) { try JSONTree.parse(object(keys: 400_000)) }
        let repeated = object(keys: 400_000, then: #","k42":0"#)
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
