import ArgumentParser
import ToasterCore

/// The device Remote Config answers, as its conditions read it (docs/07): a template reads
/// all of it, a real fetch what the iOS SDK sends.
struct RemoteConfigDeviceOptions: ParsableArguments {
    @Option(parsing: .unconditional,
            help: "The device's percentile (0-100) for percent conditions; without it, each outcome is given with its share of devices.")
    var percentile: Double?

    @Option(help: ArgumentHelp("An Analytics user property of the device (repeatable).", valueName: "name=value"))
    var userProperty: [String] = []

    @Option(help: ArgumentHelp("A custom signal of the device (repeatable).", valueName: "name=value"))
    var customSignal: [String] = []

    @Option(help: ArgumentHelp("An Analytics audience the device is in (repeatable; none given: in none).", valueName: "name"))
    var audience: [String] = []

    @Option(help: "The app's first open (ISO 8601), for app.firstOpenTimestamp.")
    var firstOpen: String?

    @Option(help: "The device's Firebase installation ID, for app.firebaseInstallationId.")
    var installationId: String?

    @Option(help: "The app's build (CFBundleVersion), for app.build.")
    var build: String?

    @Option(help: "The device's language for device.language, e.g. ja-JP (default: the --locale language).")
    var deviceLanguage: String?

    /// The options given, by flag.
    var givenFlags: [String] {
        [("--percentile", percentile != nil), ("--user-property", !userProperty.isEmpty), ("--custom-signal", !customSignal.isEmpty),
         ("--audience", !audience.isEmpty), ("--first-open", firstOpen != nil), ("--installation-id", installationId != nil),
         ("--build", build != nil), ("--device-language", deviceLanguage != nil)]
            .filter(\.1).map(\.0)
    }

    func validate() throws {
        if let percentile, !(0...100).contains(percentile) {
            throw ValidationError("--percentile must be between 0 and 100")
        }
        if let firstOpen, ISO8601.parse(firstOpen) == nil {
            throw ValidationError("--first-open \"\(firstOpen)\" is not an ISO 8601 instant such as 2026-11-01T09:00:00Z")
        }
        _ = try userProperties()
        _ = try customSignals()
    }

    func userProperties() throws(ValidationError) -> [String: String] { try Self.pairs(userProperty, "--user-property") }

    func customSignals() throws(ValidationError) -> [String: String] { try Self.pairs(customSignal, "--custom-signal") }

    /// `NAME=VALUE` items, each name once.
    private static func pairs(_ items: [String], _ flag: String) throws(ValidationError) -> [String: String] {
        var values: [String: String] = [:]
        for item in items {
            guard let equals = item.firstIndex(of: "="), equals != item.startIndex else {
                throw ValidationError("\(flag) \"\(item)\" is not NAME=VALUE")
            }
            let name = String(item[..<equals])
            guard values[name] == nil else { throw ValidationError("\(flag) gives \"\(name)\" twice") }
            values[name] = String(item[item.index(after: equals)...])
        }
        return values
    }
}
