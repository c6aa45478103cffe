import ArgumentParser
import ToasterCommandLine
import ToasterServices

/// How `preflight` asks: how many requests at once, how long one may take, how many a minute.
struct RequestOptions: ParsableArguments {
    // Numbers parsed unconditionally: `-1` is a value validate() refuses with its range, not a flag.
    @Option(parsing: .unconditional, help: "Requests in flight at once.") var concurrency = 4

    @Option(parsing: .unconditional, help: "Seconds one request may take.") var timeout = 5.0

    @Option(parsing: .unconditional, help: ArgumentHelp(
        "Requests per minute (default \(StorefrontLookups.defaultRatePerMinute), as Apple documents for its search API; none for a --lookup-url on this machine).",
        valueName: "n"))
    var rate: Int?

    @Option(parsing: .unconditional, help: ArgumentHelp("Requests that may start at once before the rate paces them (default: the rate).", valueName: "n"))
    var burst: Int?

    func validate() throws {
        try OptionRange.check(concurrency, within: 1...64, "--concurrency", unit: "requests")
        if let rate { try OptionRange.check(rate, within: 1...100_000, "--rate", unit: "requests a minute") }
        if let burst { try OptionRange.check(burst, within: 1...100_000, "--burst", unit: "requests") }
        try OptionRange.check(timeout, above: 0, atMost: 600, "--timeout", unit: "seconds")
    }
}
