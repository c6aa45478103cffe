/// How many terminal columns text takes: 2 for East Asian wide characters (Hangul among them)
/// and emoji, 0 for combining marks and format characters, 1 otherwise. The table is the
/// wide ranges of Unicode's East Asian Width property, which terminals (tmux, xterm) follow.
public enum DisplayWidth {
    public static func of(_ text: some StringProtocol) -> Int {
        // Printable ASCII is a column a byte: no grapheme breaking needed (laying out 10,000
        // lines of `links check` spent a sixth of its time here).
        if text.utf8.allSatisfy({ (0x20..<0x7F).contains($0) }) { return text.utf8.count }
        return text.reduce(0) { $0 + of($1) }
    }

    public static func of(_ character: Character) -> Int {
        // Most of a screen is ASCII, which needs none of the Unicode property lookups below
        // (a frame is laid out cell by cell, and they were a third of its cost): a character of
        // one byte is read as it is. CR LF, the one ASCII character of two, is a control below.
        let utf8 = character.utf8
        if utf8.count == 1, let byte = utf8.first { return (0x20..<0x7F).contains(byte) ? 1 : 0 }
        let scalars = character.unicodeScalars
        guard let first = scalars.first else { return 0 }
        if first.properties.isEmoji, scalars.contains("\u{FE0F}") { return 2 }
        return of(first)
    }

    static func of(_ scalar: Unicode.Scalar) -> Int {
        let value = scalar.value
        if value < 0x20 || (0x7F..<0xA0).contains(value) { return 0 }
        if value < 0x7F { return 1 }
        // Precomposed Hangul, most of the Korean texts: wide, without a property lookup.
        if (0xAC00...0xD7A3).contains(value) { return 2 }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return 0
        default: break
        }
        // Hangul medial vowels and final consonants join the preceding initial.
        if (0x1160...0x11FF).contains(value) { return 0 }
        if scalar.properties.isEmojiPresentation { return 2 }
        return wideRanges.contains { $0.contains(value) } ? 2 : 1
    }

    private static let wideRanges: [ClosedRange<UInt32>] = [
        0x1100...0x115F, 0x2329...0x232A, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF,
        0x4E00...0x9FFF, 0xA000...0xA4CF, 0xA960...0xA97F, 0xAC00...0xD7A3, 0xF900...0xFAFF,
        0xFE10...0xFE19, 0xFE30...0xFE6F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x16FE0...0x16FE4,
        0x17000...0x18AFF, 0x1B000...0x1B2FF, 0x1F200...0x1F2FF, 0x20000...0x2FFFD, 0x30000...0x3FFFD,
    ]
}
