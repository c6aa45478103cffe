import Testing
import ToasterCore
@testable import ToasterTerminal

/// Terminal bytes to keys, without a terminal: every form a terminal sends, and the ones that
/// must never become Esc.
@Suite struct KeyDecoderTests {
    private func decode(_ bytes: [UInt8]) -> [KeyDecoder.Input] {
        var decoder = KeyDecoder()
        return decoder.feed(bytes) + decoder.flush()
    }

    private func decode(_ text: String) -> [KeyDecoder.Input] { decode(Array(text.utf8)) }

    @Test(arguments: [
        ("\u{1b}[A", Key.up), ("\u{1b}[B", .down), ("\u{1b}[C", .right), ("\u{1b}[D", .left),
        ("\u{1b}OA", .up), ("\u{1b}OB", .down), ("\u{1b}OC", .right), ("\u{1b}OD", .left),
        ("\u{1b}[1;5D", .left), ("\u{1b}[1;2C", .right), ("\u{1b}[1;3A", .up),
        ("\u{1b}[H", .home), ("\u{1b}[F", .end), ("\u{1b}OH", .home), ("\u{1b}OF", .end),
        ("\u{1b}[1~", .home), ("\u{1b}[7~", .home), ("\u{1b}[4~", .end), ("\u{1b}[8~", .end), ("\u{1b}[1;5H", .home),
        ("\t", .tab), ("\u{1b}[Z", .backTab), ("\r", .enter), ("\n", .enter), ("\u{1b}OM", .enter),
        (" ", .space), ("\u{7f}", .backspace), ("\u{08}", .backspace),
        ("\u{03}", .controlC), ("\u{1a}", .controlZ), ("q", .character("q")), ("한", .character("한")),
    ])
    func eachFormIsItsKey(bytes: String, key: Key) {
        #expect(decode(bytes) == [.key(key)])
    }

    @Test func focusReports() {
        #expect(decode("\u{1b}[I\u{1b}[O") == [.focusIn, .focusOut])
    }

    @Test func aLoneEscapeIsEscOnlyOnceTheDelayHasPassed() {
        var decoder = KeyDecoder()
        #expect(decoder.feed([0x1B]).isEmpty)
        #expect(decoder.isWaiting)
        #expect(decoder.flush() == [.key(.escape)])
        #expect(!decoder.isWaiting)
    }

    /// A sequence split across reads is joined, not read as Esc and letters.
    @Test func aSequenceSplitAcrossReadsIsJoined() {
        var decoder = KeyDecoder()
        #expect(decoder.feed([0x1B]).isEmpty)
        #expect(decoder.feed(Array("[1;".utf8)).isEmpty)
        #expect(decoder.feed(Array("5D".utf8)) == [.key(.left)])
        #expect(!decoder.isWaiting)
        #expect(decoder.feed([0xED, 0x95]).isEmpty, "the first two bytes of 한")
        #expect(decoder.feed([0x9C]) == [.key(.character("한"))])
    }

    @Test func escapeFollowedByAnotherKeyIsEscThenThatKey() {
        #expect(decode("\u{1b}q") == [.key(.escape), .key(.character("q"))])
        #expect(decode("\u{1b}\u{1b}[D") == [.key(.escape), .key(.left)])
        #expect(decode("\u{1b}\r") == [.key(.escape), .key(.enter)])
    }

    @Test func unknownOrCutShortSequencesAreDroppedNotEsc() {
        #expect(decode("\u{1b}[5~\u{1b}[200~\u{1b}[?1;2c\u{1b}OP\u{1b}[99X").isEmpty)
        #expect(decode("\u{1b}[1;").isEmpty, "cut short at the end of the delay")
        #expect(decode("\u{1b}O").isEmpty)
        #expect(decode("\u{1b}[1;5\u{7f}") == [.key(.backspace)], "a byte that cannot be in a sequence ends it")
    }

    @Test func aSequenceThatNeverEndsIsDroppedNotKept() {
        var decoder = KeyDecoder()
        #expect(decoder.feed(Array("\u{1b}[".utf8) + Array(repeating: UInt8(ascii: "1"), count: 100)).isEmpty)
        #expect(!decoder.isWaiting)
        #expect(decoder.feed(Array("q".utf8)) == [.key(.character("q"))])
    }

    @Test func mouseReports() {
        #expect(decode("\u{1b}[<0;12;5M\u{1b}[<0;12;5m") == [.mouse(button: 0, column: 11, row: 4, released: false),
                                                             .mouse(button: 0, column: 11, row: 4, released: true)])
        #expect(decode("\u{1b}[<0;0;5M").isEmpty, "cells count from 1")
        #expect(decode([0x1B, 0x5B, 0x4D, 32, 33 + 11, 33 + 4, 0x1B, 0x5B, 0x4D, 35, 33 + 11, 33 + 4])
                == [.mouse(button: 0, column: 11, row: 4, released: false), .mouse(button: 0, column: 11, row: 4, released: true)],
                "X10: a release names no button, the last pressed one is meant")
    }

    @Test func brokenUTF8IsDroppedAndTheRestKept() {
        #expect(decode([0xFF, 0x61, 0xED, 0x61, 0x80, 0xC0, 0xAF]) == [.key(.character("a")), .key(.character("a"))])
        #expect(decode([0xED, 0x95]).isEmpty, "cut short at the end of the delay")
    }

    @Test func manyKeysInOneRead() {
        #expect(decode("\u{1b}[D\u{1b}OC\t한 \r") == [.key(.left), .key(.right), .key(.tab), .key(.character("한")),
                                                     .key(.space), .key(.enter)])
    }
}
