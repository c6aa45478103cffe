import ArgumentParser
import FoundationEssentials
import ToasterCommandLine
import ToasterCore
import ToasterFiles
import ToasterServices

extension CheckOptions {
    /// The source `--source` names, with the App Store beside it where one is given: its URLs
    /// parsed and its keys read last among validate()'s checks, so that their mistakes are said
    /// there (a URL's form a usage error, a key that cannot be read 1).
    func sourcePlan(facts: RemoteConfigOptions.DeviceFacts, language: Language, trust: CertificateTrust) throws -> SourcePlan {
        do {
            switch kind {
            case .demo:
                return .demo(demoListing(version: storeVersion ?? Self.demoStoreVersion, latency: demoLatencyMs ?? 0, language: language))
            case .appstore:
                return try appStore(url: url ?? "", flag: "--url", trust: trust)
            case .remoteConfig:
                if let project = firebase.firebaseProject {
                    for (flag, base) in [("--url", url), ("--installations-url", remoteConfig.installationsUrl)] {
                        guard let base else { continue }
                        guard case .web = try SourceLocation(parsing: base, trust: trust, flag: flag) else {
                            throw ValidationError("\(flag) with --firebase-project is a base URL (http:// or https://), not a file")
                        }
                    }
                    let device = fetchDevice(facts, language: language)
                    return try withStore(.firebase(FirebaseFetchPlan(
                        project: project, appID: remoteConfig.firebaseAppId ?? "", apiKey: try Self.firebaseAPIKey(remoteConfig),
                        installationsBase: remoteConfig.installationsUrl, remoteConfigBase: url, bundleID: bundleId,
                        keys: keys.keys, device: device)), language: language, trust: trust)
                }
                if let template = remoteConfig.template {
                    return try withStore(.template(path: template, keys: keys.keys, device: templateDevice(facts, language: language)),
                                         language: language, trust: trust)
                }
                return try withStore(.remoteConfig(try SourceLocation(parsing: url ?? "", trust: trust), keys: keys.keys, appID: appId),
                                     language: language, trust: trust)
            case .cms:
                return try withStore(.cms(try SourceLocation(parsing: url ?? "", trust: trust), apiKey: try Self.cmsAPIKey(cmsApiKeyFile)),
                                     language: language, trust: trust)
            }
        } catch let error as SourceError {
            throw ValidationError(error.message)
        }
    }

    private func demoListing(version: String, latency: Int, language: Language) -> DemoListing {
        DemoListing(version: version, minimumRequired: minRequiredVersion, releaseDate: storeReleased ?? Self.demoStoreReleased,
                    minimumOS: storeMinimumOs ?? Self.demoStoreMinimumOS, latencyMilliseconds: latency, language: language)
    }

    private func appStore(url: String, flag: String, trust: CertificateTrust) throws(SourceError) -> SourcePlan {
        .appStore(try SourceLocation(parsing: url, trust: trust, flag: flag), app: bundleId.map(AppStoreSource.AppKey.bundleID) ?? .id(appId),
                  country: storefront)
    }

    /// Remote Config or a CMS with the App Store beside it (`--store-url` or `--store-version`);
    /// with neither, the service alone, and an App Store page only where it names a version.
    private func withStore(_ service: SourcePlan, language: Language, trust: CertificateTrust) throws(SourceError) -> SourcePlan {
        if let storeUrl { return .withStore(service, store: try appStore(url: storeUrl, flag: "--store-url", trust: trust)) }
        guard let storeVersion else { return service }
        return .withStore(service, store: .demo(demoListing(version: storeVersion, latency: 0, language: language)))
    }

    /// The device a template is evaluated for, its clock still to be set by the source at every check.
    private func templateDevice(_ facts: RemoteConfigOptions.DeviceFacts, language: Language) -> RemoteConfigDevice {
        let device = remoteConfig, percentile = device.percentile
        return RemoteConfigDevice(appVersion: appVersion, build: device.build, firebaseAppID: device.firebaseAppId,
                                  country: storefront, language: device.deviceLanguage ?? language.rawValue,
                                  userProperties: facts.userProperties, customSignals: facts.customSignals,
                                  audiences: Set(device.audience), firstOpen: facts.firstOpen,
                                  installationID: device.installationId, microPercentile: percentile.map { Int(($0 * 1_000_000).rounded()) },
                                  now: Date(timeIntervalSince1970: 0))
    }

    /// What a real fetch's body says of the device.
    private func fetchDevice(_ facts: RemoteConfigOptions.DeviceFacts, language: Language) -> FirebaseFetchSource.Device {
        FirebaseFetchSource.Device(appVersion: appVersion, build: remoteConfig.build, country: storefront,
                                   language: remoteConfig.deviceLanguage ?? language.rawValue, osVersion: osVersion,
                                   userProperties: facts.userProperties, customSignals: facts.customSignals, firstOpen: facts.firstOpen)
    }

    /// The Firebase API key comes from a file or the environment, never from a flag (it would show in `ps`).
    private static func firebaseAPIKey(_ options: RemoteConfigOptions) throws -> String {
        if let file = options.firebaseApiKeyFile { return try secret(file, "--firebase-api-key-file") }
        guard let key = Environment.value("TOASTER_FIREBASE_API_KEY") else {
            throw CommandExit.unusable("--firebase-project needs the project's API key: set TOASTER_FIREBASE_API_KEY or give "
                + "--firebase-api-key-file FILE (API_KEY in the app's GoogleService-Info.plist)")
        }
        return key
    }

    /// The CMS key, likewise from a file or the environment.
    private static func cmsAPIKey(_ file: String?) throws -> String? {
        if let file { return try secret(file, "--cms-api-key-file") }
        return Environment.value("TOASTER_CMS_API_KEY")
    }

    private static func secret(_ path: String, _ flag: String) throws(CommandExit) -> String {
        do { return try SecretFile.read(path) } catch { throw CommandExit.unusable("\(flag): cannot read a key: \(error)") }
    }
}
