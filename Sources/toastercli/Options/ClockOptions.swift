import ArgumentParser
import ToasterCore

/// `--now`, for every command that decides: the instant decisions read instead of the
/// system's clock. The command's validate() reads it, in its place among the other checks.
struct ClockOptions: ParsableArguments {
    @Option(help: "Fix the clock to this ISO 8601 instant (e.g. 2026-11-22T09:00:00Z).")
    var now: String?

    /// `--now`, else the system's clock.
    func wallClock() throws(ValidationError) -> any WallClock {
        guard let now else { return SystemClock() }
        guard let date = ISO8601.parse(now) else {
            throw ValidationError("--now \"\(now)\" is not an ISO 8601 instant such as 2026-11-22T09:00:00Z")
        }
        return FixedClock(now: date)
    }
}
