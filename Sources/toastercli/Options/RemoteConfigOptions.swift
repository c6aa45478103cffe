import ArgumentParser
import FoundationEssentials
import ToasterCore

/// `--source remote-config` with Firebase itself (`--firebase-project`) or a template evaluated
/// offline (`--template FILE`), and the simulated device either is asked for (docs/07).
struct RemoteConfigOptions: ParsableArguments {
    @Option(help: ArgumentHelp("A file holding the Firebase API key (else the TOASTER_FIREBASE_API_KEY environment variable).", valueName: "file"))
    var firebaseApiKeyFile: String?

    @Option(help: ArgumentHelp("With --firebase-project: Firebase Installations at this base URL instead of --url's (or Google's without --url).", valueName: "url"))
    var installationsUrl: String?

    @Option(help: ArgumentHelp("A Remote Config template (the console's downloaded config file or the REST remoteConfig answer), "
                               + "evaluated offline for the device the options below describe; implies --source remote-config.", valueName: "file"))
    var template: String?

    @Option(help: FirebaseProjectOptions.appIDHelp)
    var firebaseAppId: String?

    @Option(parsing: .unconditional,
            help: "The device's percentile (0-100) for percent conditions and rollouts (it pins --installation-id's); without either, each outcome is given with its share of devices.")
    var percentile: Double?

    @Option(help: ArgumentHelp("An Analytics user property of the device (repeatable).", valueName: "name=value"))
    var userProperty: [String] = []

    @Option(help: ArgumentHelp("A custom signal of the device (repeatable).", valueName: "name=value"))
    var customSignal: [String] = []

    @Option(help: ArgumentHelp("An Analytics audience the device is in (repeatable; none given: in none).", valueName: "name"))
    var audience: [String] = []

    @Option(help: "The app's first open (ISO 8601), for app.firstOpenTimestamp.")
    var firstOpen: String?

    @Option(help: "The device's Firebase installation ID, for app.firebaseInstallationId; alone, it places the device for percent conditions as Firebase's hash does.")
    var installationId: String?

    @Option(help: "The app's build (CFBundleVersion), for app.build.")
    var build: String?

    @Option(help: "The device's language for device.language, e.g. ja-JP (default: the --locale language).")
    var deviceLanguage: String?

    /// Device options Firebase decides itself on a real fetch: only a template reads them.
    var templateOnlyFlags: [String] {
        givenDeviceFlags.filter(["--percentile", "--audience", "--installation-id"].contains)
    }

    /// The device options given, by flag, so that one given without a template is refused
    /// rather than ignored.
    var givenDeviceFlags: [String] {
        [("--firebase-app-id", firebaseAppId != nil), ("--percentile", percentile != nil), ("--user-property", !userProperty.isEmpty),
         ("--custom-signal", !customSignal.isEmpty), ("--audience", !audience.isEmpty), ("--first-open", firstOpen != nil),
         ("--installation-id", installationId != nil), ("--build", build != nil), ("--device-language", deviceLanguage != nil)]
            .filter(\.1).map(\.0)
    }

    /// What the device flags say, each checked once: CheckOptions' validate() asks first, where
    /// this group's own validate() would (nothing is read between them).
    func deviceFacts() throws(ValidationError) -> DeviceFacts {
        if let percentile, !(0...100).contains(percentile) {
            throw ValidationError("--percentile must be between 0 and 100")
        }
        var firstOpenDate: Date?
        if let firstOpen {
            guard let date = ISO8601.parse(firstOpen) else {
                throw ValidationError("--first-open \"\(firstOpen)\" is not an ISO 8601 instant such as 2026-11-01T09:00:00Z")
            }
            firstOpenDate = date
        }
        let facts = DeviceFacts(userProperties: try Self.pairs(userProperty, "--user-property"),
                                customSignals: try Self.pairs(customSignal, "--custom-signal"), firstOpen: firstOpenDate)
        if let template, template.isEmpty { throw ValidationError("--template must not be empty") }
        return facts
    }

    /// The device's facts that take reading: its Analytics user properties, custom signals and first open.
    struct DeviceFacts {
        var userProperties: [String: String], customSignals: [String: String]
        var firstOpen: Date?
    }

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
