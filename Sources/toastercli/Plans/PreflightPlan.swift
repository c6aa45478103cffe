import ToasterCore
import ToasterServices

/// What `preflight` evaluates and how it asks, its options read once: `PreflightOptions.validate()`
/// reads what is evaluated, `Preflight.validate()` adds how the storefronts and App Store Connect
/// are asked, and `Wiring` builds the round from it alone.
struct PreflightPlan {
    var evaluation: Evaluation
    /// The App Store lookup, and how its requests go: at once, per minute, in a burst.
    var lookupURL: String
    var concurrency: Int, rate: Int?, burst: Int?
    /// How long one request may take, and which CA certificates https trusts.
    var timeout: Duration
    var trust: CertificateTrust
    /// App Store Connect's key, or nil when none is given.
    var appStoreConnect: AppStoreConnectKey?

    /// The one clock of a run: every round, report and signal's report reads it.
    var clock: any WallClock { evaluation.clock }

    /// The app and its storefronts, the policy about to be published, the installed base and the clock.
    struct Evaluation {
        var appID: String?, bundleID: String?
        var storefronts: StorefrontChoice
        /// The policy's layers as given: `--min-required-version`, `--remote-config`, `--cms`, `--policy`.
        var minimumRequired: String?, remoteConfig: String?, cms: String?, policy: String?
        var template: TemplatePlan?
        var installed: InstalledPlan?
        var rules: UpdateRules?
        var clock: any WallClock
        var minimumReleaseAge: Duration
    }
}

/// The Remote Config template read every round, and the app it is evaluated for.
struct TemplatePlan {
    enum Location {
        case file(String)
        /// The project's live template, read with a service account's key from the Remote Config API.
        case live(project: String, serviceAccount: String, api: String)
    }

    var location: Location
    var firebaseAppID: String?
    var keys: RemoteConfigKeys
}

/// The installed base: versions listed on the command line, or a CSV file and its columns.
enum InstalledPlan {
    case listed([InstalledGroup])
    case file(String, columns: InstalledColumns)
}

/// App Store Connect's API key (a .p8 file) and where the API is.
struct AppStoreConnectKey {
    var keyID: String, issuerID: String, path: String
    var url: String
}
