/// Makes untrusted text (from a service, a file or an argument) safe for a terminal: no C0 or
/// C1 control, DEL or bidirectional override reaches it raw. Drawn text loses them (`clean`);
/// printed text shows them escaped (`escaped`), so a person sees what a hostile answer held;
/// JSON output escapes the same set as `\u001b` (`JSONValue`).
public enum TextSanitizer {
    public static let tabWidth = 4

    /// The characters no output may carry raw: C0 and C1 controls, DEL, and the bidirectional
    /// marks, overrides and isolates that reorder what a terminal shows.
    public static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00..<0x20, 0x7F..<0xA0, 0x061C, 0x200E, 0x200F, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }

    public static func clean(_ text: String) -> String {
        normalized(text, lineBreak: "\n") { _ in "" }
    }

    /// One line of text: line breaks become spaces.
    public static func cleanLine(_ text: String) -> String {
        normalized(text, lineBreak: " ") { _ in "" }
    }

    /// One line of a printed report (`check`'s text, preflight's text and markdown, links
    /// check's verdicts): line breaks become spaces, and every other unsafe character is written
    /// as `\u001b`, so that a person reading it sees that the text held one.
    public static func escapedLine(_ text: String) -> String {
        normalized(text, lineBreak: " ", unsafe: escape)
    }

    /// Line breaks of every kind as `lineBreak`, tabs as spaces, and each other unsafe
    /// character as `unsafe` writes it.
    private static func normalized(_ text: String, lineBreak: Unicode.Scalar, unsafe: (Unicode.Scalar) -> String) -> String {
        guard !isPlain(text) else { return text }
        var output = String.UnicodeScalarView()
        var previousWasCarriageReturn = false
        for scalar in text.unicodeScalars {
            defer { previousWasCarriageReturn = scalar == "\r" }
            switch scalar.value {
            case 0x0A where previousWasCarriageReturn: continue
            case 0x0A, 0x0D, 0x2028, 0x2029, 0x85: output.append(lineBreak)
            case 0x09: output.append(contentsOf: repeatElement(" ", count: tabWidth))
            case _ where isUnsafe(scalar): output.append(contentsOf: unsafe(scalar).unicodeScalars)
            default: output.append(scalar)
            }
        }
        return String(output)
    }

    /// Text for standard output or error: line feeds kept (a message or a report may have
    /// several lines), every other unsafe character written as `\u001b`, as JSON would.
    public static func escaped(_ text: String) -> String {
        guard !isPlain(text, orLineFeed: true) else { return text }
        var output = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            guard scalar != "\n", isUnsafe(scalar) else {
                output.append(scalar)
                continue
            }
            output.append(contentsOf: escape(scalar).unicodeScalars)
        }
        return String(output)
    }

    /// Printable ASCII alone, which none of these change: most of what is printed (URLs,
    /// versions, a report's words), passed through without being rebuilt scalar by scalar.
    private static func isPlain(_ text: String, orLineFeed lineFeed: Bool = false) -> Bool {
        text.utf8.allSatisfy { (0x20..<0x7F).contains($0) || lineFeed && $0 == 0x0A }
    }

    /// `\u001b`: the JSON escape of one character.
    public static func escape(_ scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16)
        return "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }
}
