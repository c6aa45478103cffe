import ArgumentParser

/// Range checks for numeric options, one sentence each with the range in it (docs/03, 6). The
/// options themselves are declared `parsing: .unconditional`, so that `-5` is read as their
/// value and refused here by its range, not taken for a flag that leaves the option "missing
/// a value".
public enum OptionRange {
    /// `--launch-screen-ms must be between 0 and 60000`
    public static func check<Number: Comparable>(_ value: Number, within range: ClosedRange<Number>, _ flag: String,
                                                 unit: String? = nil) throws(ValidationError) {
        guard range.contains(value) else {
            throw ValidationError("\(flag) must be between \(range.lowerBound) and \(range.upperBound)\(unit.map { " \($0)" } ?? "")")
        }
    }

    /// `--timeout must be more than 0 and at most 600 seconds`; not a number (`nan`) is refused too.
    public static func check(_ value: Double, above lowest: Double, atMost highest: Double, _ flag: String,
                             unit: String) throws(ValidationError) {
        guard value > lowest, value <= highest else {
            throw ValidationError("\(flag) must be more than \(format(lowest)) and at most \(format(highest)) \(unit)")
        }
    }

    private static func format(_ number: Double) -> String {
        number == number.rounded() && abs(number) < 1e15 ? String(Int(number)) : String(number)
    }
}
