import FoundationEssentials

/// ISO 8601 instants as services write them: with or without fractional seconds.
public enum ISO8601 {
    /// An instant, or a bare day (`2026-11-20`) read as its midnight UTC.
    public static func parse(_ text: String) -> Date? {
        for style in [Date.ISO8601FormatStyle(includingFractionalSeconds: true), Date.ISO8601FormatStyle()] {
            if let date = try? style.parse(text) { return date }
        }
        return try? Date.ISO8601FormatStyle().year().month().day().parse(text)
    }

    /// `2026-11-22T09:00:00Z`: whole seconds, UTC.
    public static func format(_ date: Date) -> String {
        Date.ISO8601FormatStyle().format(date)
    }
}
