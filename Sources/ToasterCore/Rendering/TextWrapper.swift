/// Breaks text into lines of at most `width` columns: at spaces where it can, between
/// characters where a word is too long, never inside a character.
public enum TextWrapper {
    public static func wrap(_ text: String, width: Int) -> [String] {
        guard width > 0 else { return [] }
        return text.split(separator: "\n", omittingEmptySubsequences: false).flatMap {
            wrapParagraph($0, width: width)
        }
    }

    /// `text` if it fits in `width` columns, else as much of it as fits with `…` after it.
    public static func truncated(_ text: String, width: Int) -> String {
        guard DisplayWidth.of(text) > width else { return text }
        var kept = ""
        var keptWidth = 0
        for character in text {
            let characterWidth = DisplayWidth.of(character)
            guard keptWidth + characterWidth + 1 <= width else { break }
            kept.append(character)
            keptWidth += characterWidth
        }
        return width > 0 ? kept + "…" : ""
    }

    /// `text` ending in `…`, to say that more follows, within `width` columns.
    public static func continued(_ text: String, width: Int) -> String {
        DisplayWidth.of(text) < width ? text + "…" : truncated(text + "…", width: width)
    }

    private static func wrapParagraph(_ paragraph: Substring, width: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        var lineWidth = 0
        for word in paragraph.split(separator: " ") {
            let wordWidth = DisplayWidth.of(word)
            if lineWidth > 0, lineWidth + 1 + wordWidth <= width {
                line += " " + word
                lineWidth += 1 + wordWidth
                continue
            }
            if lineWidth > 0 { lines.append(line) }
            line = ""
            lineWidth = 0
            for character in word {
                let characterWidth = DisplayWidth.of(character)
                if lineWidth > 0, lineWidth + characterWidth > width {
                    lines.append(line)
                    line = ""
                    lineWidth = 0
                }
                line.append(character)
                lineWidth += characterWidth
            }
        }
        lines.append(line)
        return lines
    }
}
