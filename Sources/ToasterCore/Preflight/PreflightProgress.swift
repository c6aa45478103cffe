/// The progress line `preflight` keeps on a terminal's stderr while it asks the storefronts,
/// counting requests. It fits in one row of `width` columns, so that a carriage return can
/// redraw it.
public enum PreflightProgress {
    public static let barWidth = 24

    /// `paced`: how long the rate limit alone keeps the requests left from starting; the time
    /// left is the longer of that and the pace so far.
    public static func line(done: Int, total: Int, elapsed: Duration, paced: Duration = .zero, width: Int) -> String {
        let text = "\(done)/\(total) requests · \(left(done: done, total: total, elapsed: elapsed, paced: paced))"
        let room = min(barWidth, width - 2 - DisplayWidth.of(text))
        guard room >= 8 else { return String(text.prefix(max(0, width - 1))) }
        let filled = total > 0 ? room * min(done, total) / total : room
        return String(repeating: "█", count: filled) + String(repeating: "░", count: room - filled) + " " + text
    }

    /// `about 3 min 20 s left`, `done`, or `estimating time left` before anything is known.
    public static func left(done: Int, total: Int, elapsed: Duration, paced: Duration) -> String {
        guard done < total else { return "done" }
        let soFar = done == 0 ? 0 : Double(elapsed.wholeSeconds) / Double(done) * Double(total - done)
        let estimate = max(soFar, Double(paced.wholeSeconds))
        guard done > 0 || paced > .zero else { return "estimating time left" }
        let seconds = Int(estimate) + 1
        return seconds >= 60 ? "about \(seconds / 60) min \(seconds % 60) s left" : "about \(seconds) s left"
    }
}
