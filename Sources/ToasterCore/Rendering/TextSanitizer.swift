/// Makes untrusted text (from a service or a file) safe to draw: no C0 or C1 control, DEL or
/// bidirectional override reaches the terminal. Line breaks become `\n` and tabs become spaces,
/// so that layout, not the terminal, decides where text goes.
public enum TextSanitizer {
    public static let tabWidth = 4

    public static func clean(_ text: String) -> String {
        var output = String.UnicodeScalarView()
        var previousWasCarriageReturn = false
        for scalar in text.unicodeScalars {
            defer { previousWasCarriageReturn = scalar == "\r" }
            switch scalar.value {
            case 0x0A where previousWasCarriageReturn: continue
            case 0x0A, 0x0D, 0x2028, 0x2029, 0x85: output.append("\n")
            case 0x09: output.append(contentsOf: repeatElement(" ", count: tabWidth))
            case 0x00..<0x20, 0x7F..<0xA0: continue
            case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: continue
            default: output.append(scalar)
            }
        }
        return String(output)
    }

    /// One line of text: line breaks become spaces.
    public static func cleanLine(_ text: String) -> String {
        clean(text).replacingNewlines()
    }
}

extension String {
    fileprivate func replacingNewlines() -> String {
        String(map { $0 == "\n" ? " " : $0 })
    }
}
