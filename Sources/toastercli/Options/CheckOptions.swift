import ArgumentParser
import ToasterCore

/// The options `run` and `check` share: what is checked, against which source, under which
/// rules. A flag only these two take is declared here, in the section of its concern; a flag
/// `preflight` takes too lives in a group all three share (TrustOptions, RemoteConfigKeyOptions,
/// FirebaseProjectOptions, RulesOptions, ClockOptions), so that it means and reads the same in
/// each. The rules that join flags are checked in one place and one order (CheckOptions+Rules),
/// which reads every value once into `plan`; `Wiring` builds the check from the plan.
///
/// Groups sit one level below this, and only where a flag is shared or a concern large:
/// swift-argument-parser's debug build checks a nested group again at every level above it,
/// every launch reads the default command's (`run`'s) options, and each group is a type the
/// parser looks up (docs/performance.md).
struct CheckOptions: ParsableArguments {
    // Where the check asks, and how long a service may take.

    @Option(help: "Where the version check asks: demo (built-in store, the default), appstore, remote-config (the default with --template) or cms (with --url).")
    var source: SourceKind?

    @Option(help: ArgumentHelp("The service for appstore, remote-config and cms: http://, https:// or file://; "
                               + "with --firebase-project, the base of both Firebase services."))
    var url: String?

    // The numbers are parsed unconditionally, so that `-5` is a value that validate() refuses
    // by its range rather than a flag that leaves the option "missing a value".
    @Option(parsing: .unconditional, help: "Seconds a service may take, connection included.")
    var timeout = 5.0

    @OptionGroup var trust: TrustOptions

    @Option(help: "The running app's version (CFBundleShortVersionString).")
    var appVersion = "1.0.0"

    // The store: the demo store's listing, or the App Store beside remote-config or cms (docs/03, 32).

    @Option(help: "The demo store's current version (default 2.0.0); with remote-config or cms, the version the App Store offers.")
    var storeVersion: String?

    @Option(help: ArgumentHelp("With remote-config or cms: the App Store lookup that says what an install brings (with --app-id or --bundle-id).",
                               valueName: "url"))
    var storeUrl: String?

    @Option(help: "A minimum required version for the demo store, as Remote Config's \(RemoteConfigKeys.default.minimumRequired).")
    var minRequiredVersion: String?

    // Optional, with the defaults applied where the demo store is made, so that a flag given
    // where nothing reads it is refused rather than ignored.
    @Option(help: "The demo store version's release date (ISO 8601), for --released-for-days (default \(Self.demoStoreReleased)).")
    var storeReleased: String?

    @Option(help: "The demo store version's minimum OS version, for --os-version (default \(Self.demoStoreMinimumOS)).")
    var storeMinimumOs: String?

    @Option(parsing: .unconditional, help: "How long the demo store takes to answer, in milliseconds (the UI stays usable meanwhile; default 0).")
    var demoLatencyMs: Int?

    // The app as the App Store knows it.

    @Option(help: "The App Store id behind the default update URL.")
    var appId = "1234567890"

    @Option(help: "Look the app up by bundle id instead of --app-id.")
    var bundleId: String?

    @Option(help: "The device's App Store storefront (kr, us, jp, …): the lookup's country, and device.country for Remote Config.")
    var country = "kr"

    // Remote Config, and the CMS.

    @OptionGroup var keys: RemoteConfigKeyOptions

    @OptionGroup(title: Self.firebaseTitle) var firebase: FirebaseProjectOptions

    @OptionGroup(title: Self.firebaseTitle) var remoteConfig: RemoteConfigOptions

    @Option(help: "A file holding the CMS API key (else the TOASTER_CMS_API_KEY environment variable).")
    var cmsApiKeyFile: String?

    // The decision: its rules, Siren's gates (release age, the device's OS), the language, the clock.

    @OptionGroup var rules: RulesOptions

    @Option(parsing: .unconditional, help: "Prompt for a store version only this many days after its release date (Siren waits 1).")
    var releasedForDays = 0

    @Option(help: "The device's OS version; no prompt for a store version that needs a newer one.")
    var osVersion: String?

    @Option(help: "The language of the program's texts: ko, en or ja (default: --device-language's, else en for one not shipped; without it LC_ALL, LC_MESSAGES, LANG; else ko).")
    var locale: String?

    @OptionGroup var clock: ClockOptions

    /// What these options ask, read by validate(): all `run` and `check` read of them after it.
    @Planned var plan: CheckPlan

    private static let firebaseTitle = "Firebase Remote Config"

    /// The demo store's version, release date and minimum OS when they are not given.
    static let demoStoreVersion = "2.0.0"
    static let demoStoreReleased = "2026-11-20T00:00:00Z"
    static let demoStoreMinimumOS = "15.0"

    /// The source asked: `--source`; else Remote Config with `--template` (the only source that
    /// takes one), else the demo store.
    var kind: SourceKind { source ?? (remoteConfig.template != nil ? .remoteConfig : .demo) }

    /// `--country` as the lookup and Remote Config take it: a storefront code, lower-case.
    var storefront: String { country.lowercased() }

    /// Which app the remembered choices belong to.
    var appKey: String { bundleId ?? "id\(appId)" }
}

/// `--source`: where the version check asks.
enum SourceKind: String, ExpressibleByArgument, CaseIterable {
    case demo
    case appstore
    case remoteConfig = "remote-config"
    case cms
}
