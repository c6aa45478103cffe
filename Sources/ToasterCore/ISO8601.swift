import FoundationEssentials

/// ISO 8601 instants as services write them: with or without fractional seconds.
public enum ISO8601 {
    public static func parse(_ text: String) -> Date? {
        for style in [Date.ISO8601FormatStyle(includingFractionalSeconds: true), Date.ISO8601FormatStyle()] {
            if let date = try? style.parse(text) { return date }
        }
        return nil
    }
}
