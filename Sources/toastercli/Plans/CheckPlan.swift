import ToasterCore
import ToasterServices

/// What `run` and `check` check, their options read once: `CheckOptions.validate()` makes it,
/// in the order its rules say mistakes in, and `Wiring` builds the check from it alone.
struct CheckPlan {
    /// `--app-version`, as the check and the launch take it (validate() has parsed it).
    var appVersion: String
    /// Which app the remembered choices belong to.
    var appKey: String
    /// The rules, the app, the language and Siren's gates the decision reads.
    var decider: UpdateDecider
    var clock: any WallClock
    var source: SourcePlan
    /// How long one request may take, and which CA certificates https trusts.
    var timeout: Duration
    var trust: CertificateTrust

    /// The language of the program's texts.
    var language: Language { decider.language }
}

/// The source `--source` names, every URL parsed and every key read: what `Wiring` builds it from.
indirect enum SourcePlan {
    /// The demo store, or its listing beside a service (`--store-version`).
    case demo(DemoListing)
    /// The App Store lookup: `--source appstore`'s `--url`, or `--store-url` beside a service.
    case appStore(SourceLocation, app: AppStoreSource.AppKey, country: String)
    /// Remote Config fetched as the iOS SDK fetches it (`--firebase-project`).
    case firebase(FirebaseFetchPlan)
    /// A Remote Config template evaluated offline for the device (`--template`).
    case template(path: String, keys: RemoteConfigKeys, device: RemoteConfigDevice)
    /// A Remote Config answer at `--url`.
    case remoteConfig(SourceLocation, keys: RemoteConfigKeys, appID: String)
    /// A CMS object at `--url`, and its key when one is given.
    case cms(SourceLocation, apiKey: String?)
    /// Remote Config or a CMS with the App Store beside it.
    case withStore(SourcePlan, store: SourcePlan)
}

/// The demo store's listing: its version, the minimum it requires, when it answers.
struct DemoListing {
    var version: String, minimumRequired: String?, releaseDate: String, minimumOS: String
    var latencyMilliseconds: Int
    var language: Language
}

/// `--firebase-project`'s fetch, all but the folder that keeps its installation (the command's).
struct FirebaseFetchPlan {
    var project: String, appID: String, apiKey: String
    /// `--installations-url` and `--url`; nil for Google's hosts.
    var installationsBase: String?, remoteConfigBase: String?
    var bundleID: String?
    var keys: RemoteConfigKeys
    var device: FirebaseFetchSource.Device
}
