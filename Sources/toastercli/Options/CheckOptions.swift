import ArgumentParser
import FoundationEssentials
import ToasterCore
import ToasterFiles
import ToasterServices

/// The options `run` and `check` share: what is checked, against which source, under which rules.
struct CheckOptions: ParsableArguments {
    @Option(help: "Where the version check asks: demo (built-in store), appstore, remote-config or cms.")
    var source: SourceKind = .demo

    @Option(help: "The service for appstore, remote-config and cms: http://, https:// or file://.")
    var url: String?

    // The numbers are parsed unconditionally, so that `-5` is a value that validate() refuses
    // by its range rather than a flag that leaves the option "missing a value".
    @Option(parsing: .unconditional, help: "Seconds a service may take, connection included.")
    var timeout = 5.0

    @OptionGroup var trust: TrustOptions

    @Option(help: "The running app's version (CFBundleShortVersionString).")
    var appVersion = "1.0.0"

    @Option(help: "The demo store's current version.")
    var storeVersion = "2.0.0"

    @Option(help: "A minimum required version for the demo store, as Remote Config's \(RemoteConfigKeys.default.minimumRequired).")
    var minRequiredVersion: String?

    @Option(help: "The demo store version's release date (ISO 8601), for --released-for-days.")
    var storeReleased = "2026-11-20T00:00:00Z"

    @Option(help: "The demo store version's minimum OS version, for --os-version.")
    var storeMinimumOs = "15.0"

    @Option(parsing: .unconditional, help: "How long the demo store takes to answer, in milliseconds (the UI stays usable meanwhile).")
    var demoLatencyMs = 0

    @Option(help: "The App Store id behind the default update URL.")
    var appId = "1234567890"

    @Option(help: "Look the app up by bundle id instead of --app-id.")
    var bundleId: String?

    @Option(help: "The store country for App Store lookups.")
    var country = "kr"

    @Option(help: "The Remote Config key of the minimum required version.")
    var rcMinKey = RemoteConfigKeys.default.minimumRequired

    @Option(help: "The Remote Config key of the latest version.")
    var rcLatestKey = RemoteConfigKeys.default.latest

    @Option(help: "The Remote Config key of the update URL.")
    var rcUrlKey = RemoteConfigKeys.default.storeURL

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
        if source == .demo {
            _ = try parsedVersion(storeVersion, "--store-version")
            if let minRequiredVersion { _ = try parsedVersion(minRequiredVersion, "--min-required-version") }
            _ = try parsedVersion(storeMinimumOs, "--store-minimum-os")
            guard ISO8601.parse(storeReleased) != nil else {
                throw ValidationError("--store-released \"\(storeReleased)\" is not an ISO 8601 date such as 2026-11-20T00:00:00Z")
            }
        }
        guard (0...3650).contains(releasedForDays) else { throw ValidationError("--released-for-days must be between 0 and 3650") }
        if let osVersion { _ = try parsedVersion(osVersion, "--os-version") }
        guard (0...600_000).contains(demoLatencyMs) else { throw ValidationError("--demo-latency-ms must be between 0 and 600000") }
        if source != .demo, url == nil { throw ValidationError("--source \(source.rawValue) needs --url") }
        guard timeout > 0, timeout <= 600 else { throw ValidationError("--timeout must be more than 0 and at most 600 seconds") }
        _ = try language()
        _ = try makeDecider()
        _ = try makeClock()
        _ = try makeSource()
    }

    private func parsedVersion(_ text: String, _ flag: String) throws -> Version {
        // An unusable version is an input error (status 1), not a usage error (64).
        do { return try Version(text) } catch { throw CLIError("\(flag): \(error)") }
    }

    /// Which app the remembered answers belong to.
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

    /// The check `run` and `check` run, with the remembered answers the command chose.
    func makeCheck(answers: AnswerBook?) throws -> VersionCheck {
        VersionCheck(source: try makeSource(), decider: try makeDecider(), answers: answers, clock: try makeClock())
    }

    func makeClock() throws -> any Clock {
        guard let now else { return SystemClock() }
        if let date = ISO8601.parse(now) { return FixedClock(now: date) }
        throw ValidationError("--now \"\(now)\" is not an ISO 8601 instant such as 2026-11-22T09:00:00Z")
    }

    func makeSource() throws -> any VersionSource {
        let limit = Duration.milliseconds(Int64(timeout * 1000))
        let certificates = trust.trust()
        do {
            switch source {
            case .demo:
                return DemoStore(storeVersion: storeVersion, minimumRequiredVersion: minRequiredVersion,
                                 latencyMilliseconds: demoLatencyMs, language: try language(),
                                 releaseDate: storeReleased, minimumOSVersion: storeMinimumOs)
            case .appstore:
                return AppStoreSource(location: try SourceLocation(parsing: url ?? "", trust: certificates),
                                      app: bundleId.map(AppStoreSource.AppKey.bundleID) ?? .id(appId),
                                      country: country, timeout: limit,
                                      cacheBuster: { String(Int64(Date().timeIntervalSince1970 * 1000)) })
            case .remoteConfig:
                return RemoteConfigSource(location: try SourceLocation(parsing: url ?? "", trust: certificates),
                                          keys: RemoteConfigKeys(minimumRequired: rcMinKey, latest: rcLatestKey, storeURL: rcUrlKey),
                                          appID: appId, timeout: limit)
            case .cms:
                return CMSSource(location: try SourceLocation(parsing: url ?? "", trust: certificates), apiKey: try cmsAPIKey(), timeout: limit)
            }
        } catch let error as SourceError {
            throw ValidationError(error.message)
        }
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
