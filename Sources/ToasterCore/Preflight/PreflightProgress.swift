/// The progress line `preflight` keeps on a terminal's stderr while it asks the storefronts.
/// It fits in one row of `width` columns, so that a carriage return can redraw it.
public enum PreflightProgress {
    public static let barWidth = 24

    public static func line(done: Int, total: Int, elapsed: Duration, width: Int) -> String {
        let left: String
        if done >= total {
            left = "done"
        } else if done == 0 {
            left = "estimating time left"
        } else {
            let seconds = Int(Double(elapsed.components.seconds) / Double(done) * Double(total - done)) + 1
            left = seconds >= 60 ? "about \(seconds / 60) min \(seconds % 60) s left" : "about \(seconds) s left"
        }
        let text = "\(done)/\(total) storefronts · \(left)"
        let room = min(barWidth, width - 2 - DisplayWidth.of(text))
        guard room >= 8 else { return String(text.prefix(max(0, width - 1))) }
        let filled = total > 0 ? room * min(done, total) / total : room
        return String(repeating: "█", count: filled) + String(repeating: "░", count: room - filled) + " " + text
    }
}
