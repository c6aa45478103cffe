/// The progress line `preflight` keeps on a terminal's stderr while it asks the storefronts.
public enum PreflightProgress {
    public static let barWidth = 24

    public static func line(done: Int, total: Int, elapsed: Duration) -> String {
        let filled = total > 0 ? barWidth * min(done, total) / total : barWidth
        let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: barWidth - filled)
        let left: String
        if done >= total {
            left = "done"
        } else if done == 0 {
            left = "estimating time left"
        } else {
            let seconds = Int(Double(elapsed.components.seconds) / Double(done) * Double(total - done)) + 1
            left = seconds >= 60 ? "about \(seconds / 60) min \(seconds % 60) s left" : "about \(seconds) s left"
        }
        return "\(bar) \(done)/\(total) storefronts · \(left)"
    }
}
