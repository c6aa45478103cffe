import ArgumentParser
import FoundationEssentials
import ToasterCommandLine
import ToasterCore
import ToasterFiles
import ToasterServices

/// The options `run` and `check` share: what is checked, against which source, under which rules.
struct CheckOptions: ParsableArguments {
    @Option(help: "Where the version check asks: demo (built-in store, the default), appstore, remote-config or cms (with --url).")
    var source: SourceKind?

    @Option(help: "The service for appstore, remote-config and cms: http://, https:// or file://.")
    var url: String?

    // The numbers are parsed unconditionally, so that `-5` is a value that validate() refuses
    // by its range rather than a flag that leaves the option "missing a value".
    @Option(parsing: .unconditional, help: "Seconds a service may take, connection included.")
    var timeout = 5.0

    @OptionGroup var trust: TrustOptions

    @Option(help: "The running app's version (CFBundleShortVersionString).")
    var appVersion = "1.0.0"

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

    @Option(help: "The App Store id behind the default update URL.")
    var appId = "1234567890"

    @Option(help: "Look the app up by bundle id instead of --app-id.")
    var bundleId: String?

    @Option(help: "The store country for App Store lookups.")
    var country = "kr"

    @OptionGroup var keys: RemoteConfigKeyOptions

    @OptionGroup(title: "Firebase Remote Config") var remoteConfig: RemoteConfigOptions

    @Option(help: "A file holding the CMS API key (else the TOASTER_CMS_API_KEY environment variable).")
    var cmsApiKeyFile: String?

    @Option(help: ArgumentHelp(
        "Rules per update kind: a preset (critical, annoying, persistent, hinting, relaxed, default) and/or KIND=OUTCOME[:FREQUENCY] items.",
        discussion: "e.g. major=force,minor=option,patch=option,revision=none; relaxed,major=critical; minor=option:daily. Outcomes: force, option, skip, none; frequencies: immediately, daily, weekly."))
    var rules: String?

    @Option(parsing: .unconditional, help: "Prompt for a store version only this many days after its release date (Siren waits 1).")
    var releasedForDays = 0

    @Option(help: "The device's OS version; no prompt for a store version that needs a newer one.")
    var osVersion: String?

    @Option(help: "The language of the program's texts: ko, en or ja (default: from LC_ALL, LC_MESSAGES, LANG; else ko).")
    var locale: String?

    @Option(help: "Fix the clock to this ISO 8601 instant (e.g. 2026-11-22T09:00:00Z); trace times read 0.")
    var now: String?

    func validate() throws {
        _ = try parsedVersion(appVersion, "--app-version")
        if let storeVersion { _ = try parsedVersion(storeVersion, "--store-version") }
        if let minRequiredVersion {
            _ = try parsedVersion(minRequiredVersion, "--min-required-version")
            guard kind == .demo else {
                throw ValidationError("--min-required-version is only for --source demo: with --source \(kind.rawValue) the service says it")
            }
        }
        if let storeMinimumOs { _ = try parsedVersion(storeMinimumOs, "--store-minimum-os") }
        if let storeReleased, ISO8601.parse(storeReleased) == nil {
            throw ValidationError("--store-released \"\(storeReleased)\" is not an ISO 8601 date such as \(Self.demoStoreReleased)")
        }
        // The demo store's listing describes the demo source's version, or the App Store's given
        // by --store-version beside remote-config or cms; anywhere else nothing reads it.
        if kind != .demo, storeVersion == nil, let flag = storeMinimumOs.map({ _ in "--store-minimum-os" }) ?? storeReleased.map({ _ in "--store-released" }) {
            throw ValidationError("\(flag) describes the demo store's version: give it with --source demo, or with --store-version beside remote-config or cms")
        }
        try OptionRange.check(releasedForDays, within: 0...3650, "--released-for-days")
        if let osVersion { _ = try parsedVersion(osVersion, "--os-version") }
        if let demoLatencyMs {
            try OptionRange.check(demoLatencyMs, within: 0...600_000, "--demo-latency-ms")
            guard kind == .demo else { throw ValidationError("--demo-latency-ms is only for --source demo") }
        }
        // No silent substitute: a URL is never ignored for the demo store, nor a service asked without one.
        if remoteConfig.template != nil {
            guard kind == .remoteConfig else { throw ValidationError("--template needs --source remote-config") }
            guard url == nil else { throw ValidationError("give --url or --template, not both: --template evaluates the file instead of a fetch") }
            guard remoteConfig.firebaseProject == nil else { throw ValidationError("give --template or --firebase-project, not both") }
        } else if remoteConfig.firebaseProject != nil {
            guard kind == .remoteConfig else { throw ValidationError("--firebase-project needs --source remote-config") }
            guard remoteConfig.firebaseAppId != nil else {
                throw ValidationError("--firebase-project needs --firebase-app-id (GOOGLE_APP_ID in the app's GoogleService-Info.plist)")
            }
            if let flag = remoteConfig.templateOnlyFlags.first {
                throw ValidationError("\(flag) is Firebase's to decide on a real fetch: it is only read with --template FILE")
            }
        } else if let flag = remoteConfig.givenDeviceFlags.first {
            throw ValidationError("\(flag) describes the device Remote Config answers: give it with --source remote-config "
                + "--template FILE or --firebase-project ID")
        }
        if remoteConfig.firebaseProject == nil, let flag = [("--installations-url", remoteConfig.installationsUrl),
                                                           ("--firebase-api-key-file", remoteConfig.firebaseApiKeyFile)].first(where: { $0.1 != nil })?.0 {
            throw ValidationError("\(flag) needs --firebase-project")
        }
        switch (source, url) {
        case (nil, _?): throw ValidationError("--url needs --source appstore, remote-config or cms")
        case (.remoteConfig?, nil) where remoteConfig.template != nil || remoteConfig.firebaseProject != nil: break
        case (let kind?, nil) where kind != .demo:
            throw ValidationError("--source \(kind.rawValue) needs --url" + (kind == .remoteConfig ? " (or --template FILE, or --firebase-project ID)" : ""))
        case (.demo?, _?): throw ValidationError("--url is not used with --source demo")
        default: break
        }
        try OptionRange.check(timeout, above: 0, atMost: 600, "--timeout", unit: "seconds")
        if kind == .appstore, storeVersion != nil {
            throw ValidationError("--store-version is not used with --source appstore: the lookup is the store")
        }
        if storeUrl != nil, kind == .demo || kind == .appstore {
            throw ValidationError("--store-url is only used with --source remote-config or cms")
        }
        if storeVersion != nil, storeUrl != nil { throw ValidationError("give --store-version or --store-url, not both") }
        _ = try language()
        _ = try makeDecider()
        _ = try makeClock()
        _ = try makeSource()
    }

    /// The source asked: `--source`, else the demo store.
    var kind: SourceKind { source ?? .demo }

    /// A version given on the command line that does not parse is a bad value: a usage error.
    private func parsedVersion(_ text: String, _ flag: String) throws(ValidationError) -> Version {
        do { return try Version(text) } catch { throw ValidationError("\(flag): \(error)") }
    }

    /// Which app the remembered choices belong to.
    var appKey: String { bundleId ?? "id\(appId)" }

    func language() throws -> Language {
        let environment = ["LC_ALL", "LC_MESSAGES", "LANG"].reduce(into: [String: String]()) { found, name in
            found[name] = Environment.value(name)
        }
        guard let language = Language.resolve(flag: locale, environment: environment) else {
            throw ValidationError("--locale \"\(locale ?? "")\" is not one of ko, en, ja")
        }
        return language
    }

    func makeDecider() throws -> UpdateDecider {
        let parsedRules: UpdateRules
        do {
            parsedRules = try rules.map { text throws(RulesError) in try UpdateRules(parsing: text) } ?? .seed
        } catch {
            throw ValidationError("--rules: \(error)")
        }
        return UpdateDecider(rules: parsedRules, appID: appId, language: try language(), releasedForDays: releasedForDays,
                             osVersion: try osVersion.map { try parsedVersion($0, "--os-version") })
    }

    /// The check `run` and `check` run, with the remembered choices the command chose.
    func makeCheck(choices: ChoiceBook?) throws -> VersionCheck {
        // The state folder also keeps a real fetch's Firebase installation, as the SDK keeps it.
        let folder = choices.map { String($0.path[..<($0.path.lastIndex(of: "/") ?? $0.path.startIndex)]) }
        return VersionCheck(source: try makeSource(stateFolder: folder), decider: try makeDecider(), choices: choices, clock: try makeClock())
    }

    func makeClock() throws -> any WallClock {
        guard let now else { return SystemClock() }
        if let date = ISO8601.parse(now) { return FixedClock(now: date) }
        throw ValidationError("--now \"\(now)\" is not an ISO 8601 instant such as 2026-11-22T09:00:00Z")
    }

    func makeSource(stateFolder: String? = nil) throws -> any VersionSource {
        let limit = Duration.seconds(timeout)
        let certificates = trust.trust()
        do {
            switch kind {
            case .demo:
                return try demoStore(storeVersion ?? Self.demoStoreVersion, latency: demoLatencyMs ?? 0)
            case .appstore:
                return try appStore(url ?? "", flag: "--url", timeout: limit, trust: certificates)
            case .remoteConfig:
                if let project = remoteConfig.firebaseProject {
                    for (flag, base) in [("--url", url), ("--installations-url", remoteConfig.installationsUrl)] {
                        guard let base else { continue }
                        guard case .web = try SourceLocation(parsing: base, trust: certificates, flag: flag) else {
                            throw ValidationError("\(flag) with --firebase-project is a base URL (http:// or https://), not a file")
                        }
                    }
                    let device = try remoteConfig.fetchDevice(appVersion: appVersion, country: country, language: try language(), osVersion: osVersion)
                    return try withStore(FirebaseFetchSource(project: project, appID: remoteConfig.firebaseAppId ?? "", apiKey: try remoteConfig.apiKey(),
                                                             installationsBase: remoteConfig.installationsUrl, remoteConfigBase: url, bundleID: bundleId,
                                                             keys: keys.keys, device: device, stateFolder: stateFolder, timeout: limit,
                                                             trust: certificates), timeout: limit, trust: certificates)
                }
                if let template = remoteConfig.template {
                    let device = try remoteConfig.device(appVersion: appVersion, country: country, language: try language())
                    return try withStore(RemoteConfigTemplateSource(path: template, keys: keys.keys, device: device, clock: try makeClock()),
                                         timeout: limit, trust: certificates)
                }
                return try withStore(RemoteConfigSource(location: try SourceLocation(parsing: url ?? "", trust: certificates),
                                                        keys: keys.keys,
                                                        appID: appId, timeout: limit), timeout: limit, trust: certificates)
            case .cms:
                return try withStore(CMSSource(location: try SourceLocation(parsing: url ?? "", trust: certificates), apiKey: try cmsAPIKey(),
                                               timeout: limit), timeout: limit, trust: certificates)
            }
        } catch let error as SourceError {
            throw ValidationError(error.message)
        }
    }

    /// The demo store's version, release date and minimum OS when they are not given.
    static let demoStoreVersion = "2.0.0"
    static let demoStoreReleased = "2026-11-20T00:00:00Z"
    static let demoStoreMinimumOS = "15.0"

    private func demoStore(_ version: String, latency: Int) throws -> DemoStore {
        DemoStore(storeVersion: version, minimumRequiredVersion: minRequiredVersion, latencyMilliseconds: latency,
                  language: try language(), releaseDate: storeReleased ?? Self.demoStoreReleased,
                  minimumOSVersion: storeMinimumOs ?? Self.demoStoreMinimumOS)
    }

    private func appStore(_ url: String, flag: String, timeout: Duration, trust: CertificateTrust) throws(SourceError) -> AppStoreSource {
        AppStoreSource(location: try SourceLocation(parsing: url, trust: trust, flag: flag), app: bundleId.map(AppStoreSource.AppKey.bundleID) ?? .id(appId),
                       country: country, timeout: timeout, cacheBuster: { String(Int64(Date().timeIntervalSince1970 * 1000)) })
    }

    /// Remote Config or a CMS with the App Store beside it (`--store-url` or `--store-version`);
    /// with neither, the service alone, and an App Store page only where it names a version.
    private func withStore(_ service: any VersionSource, timeout: Duration, trust: CertificateTrust) throws -> any VersionSource {
        if let storeUrl {
            return SourceWithStore(service: service, store: try appStore(storeUrl, flag: "--store-url", timeout: timeout, trust: trust))
        }
        guard let storeVersion else { return service }
        return SourceWithStore(service: service, store: try demoStore(storeVersion, latency: 0))
    }

    /// The CMS key comes from a file or the environment, never from a flag (it would show in `ps`).
    private func cmsAPIKey() throws -> String? {
        if let cmsApiKeyFile {
            do {
                return try SecretFile.read(cmsApiKeyFile)
            } catch {
                throw CLIError("--cms-api-key-file: cannot read a key: \(error)")
            }
        }
        return Environment.value("TOASTER_CMS_API_KEY")
    }
}

/// `--source`: where the version check asks.
enum SourceKind: String, ExpressibleByArgument, CaseIterable {
    case demo
    case appstore
    case remoteConfig = "remote-config"
    case cms
}
