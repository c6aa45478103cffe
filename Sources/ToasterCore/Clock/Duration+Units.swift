/// A `Duration` in the units timers, timeouts and headers count in: its `components` (seconds
/// and attoseconds) read in one place rather than at every call site.
extension Duration {
    /// Whole nanoseconds, rounded down.
    public var wholeNanoseconds: Int64 {
        let (seconds, attoseconds) = components
        return seconds * 1_000_000_000 + attoseconds / 1_000_000_000
    }

    /// Whole milliseconds, rounded down.
    public var wholeMilliseconds: Int64 {
        let (seconds, attoseconds) = components
        return seconds * 1000 + attoseconds / 1_000_000_000_000_000
    }

    /// Whole milliseconds, rounded up: a wait that must not end early.
    public var millisecondsRoundedUp: Int64 {
        let (seconds, attoseconds) = components
        return seconds * 1000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000
    }

    /// Whole seconds, rounded up: a wait in whole seconds (`Retry-After`) that must not end early.
    public var secondsRoundedUp: Int64 {
        let (seconds, attoseconds) = components
        return seconds + (attoseconds > 0 ? 1 : 0)
    }

    /// Whole seconds, rounded down.
    public var wholeSeconds: Int64 { components.seconds }

    /// Seconds with their fraction, as `Date` arithmetic takes them.
    public var timeInterval: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) + Double(attoseconds) / 1e18
    }
}
