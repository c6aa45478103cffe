import ArgumentParser
import FoundationEssentials
import ToasterCommandLine
import ToasterCore
import ToasterFiles
import ToasterServices

extension Wiring {
    /// The source `--source` names, with the App Store beside it where one is given;
    /// `stateFolder` keeps a real fetch's Firebase installation between runs.
    func source(_ options: CheckOptions, stateFolder: String? = nil) throws -> any VersionSource {
        let url = options.url, remoteConfig = options.remoteConfig
        do {
            switch options.kind {
            case .demo:
                return try demoStore(options, version: options.storeVersion ?? CheckOptions.demoStoreVersion,
                                     latency: options.demoLatencyMs ?? 0)
            case .appstore:
                return try appStore(options, url: url ?? "", flag: "--url")
            case .remoteConfig:
                if let project = options.firebase.firebaseProject {
                    for (flag, base) in [("--url", url), ("--installations-url", remoteConfig.installationsUrl)] {
                        guard let base else { continue }
                        guard case .web = try SourceLocation(parsing: base, trust: trust, flag: flag) else {
                            throw ValidationError("\(flag) with --firebase-project is a base URL (http:// or https://), not a file")
                        }
                    }
                    let device = try fetchDevice(options)
                    return try withStore(options, FirebaseFetchSource(
                        project: project, appID: options.remoteConfig.firebaseAppId ?? "", apiKey: try Self.firebaseAPIKey(remoteConfig),
                        installationsBase: remoteConfig.installationsUrl, remoteConfigBase: url, bundleID: options.bundleId,
                        keys: options.keys.keys, device: device, stateFolder: stateFolder, timeout: timeout, trust: trust))
                }
                if let template = remoteConfig.template {
                    let device = try templateDevice(options)
                    return try withStore(options, RemoteConfigTemplateSource(path: template, keys: options.keys.keys, device: device,
                                                                             clock: try options.clock.wallClock()))
                }
                return try withStore(options, RemoteConfigSource(location: try SourceLocation(parsing: url ?? "", trust: trust),
                                                                 keys: options.keys.keys, appID: options.appId, timeout: timeout))
            case .cms:
                return try withStore(options, CMSSource(location: try SourceLocation(parsing: url ?? "", trust: trust),
                                                        apiKey: try Self.cmsAPIKey(options), timeout: timeout))
            }
        } catch let error as SourceError {
            throw ValidationError(error.message)
        }
    }

    private func demoStore(_ options: CheckOptions, version: String, latency: Int) throws -> DemoStore {
        DemoStore(storeVersion: version, minimumRequiredVersion: options.minRequiredVersion, latencyMilliseconds: latency,
                  language: try options.language(), releaseDate: options.storeReleased ?? CheckOptions.demoStoreReleased,
                  minimumOSVersion: options.storeMinimumOs ?? CheckOptions.demoStoreMinimumOS)
    }

    private func appStore(_ options: CheckOptions, url: String, flag: String) throws(SourceError) -> AppStoreSource {
        AppStoreSource(location: try SourceLocation(parsing: url, trust: trust, flag: flag),
                       app: options.bundleId.map(AppStoreSource.AppKey.bundleID) ?? .id(options.appId), country: options.storefront,
                       timeout: timeout, cacheBuster: { String(Int64(Date().timeIntervalSince1970 * 1000)) })
    }

    /// Remote Config or a CMS with the App Store beside it (`--store-url` or `--store-version`);
    /// with neither, the service alone, and an App Store page only where it names a version.
    private func withStore(_ options: CheckOptions, _ service: any VersionSource) throws -> any VersionSource {
        if let storeUrl = options.storeUrl {
            return SourceWithStore(service: service, store: try appStore(options, url: storeUrl, flag: "--store-url"))
        }
        guard let storeVersion = options.storeVersion else { return service }
        return SourceWithStore(service: service, store: try demoStore(options, version: storeVersion, latency: 0))
    }

    /// The device a template is evaluated for, its clock still to be set by the source at every check.
    private func templateDevice(_ options: CheckOptions) throws -> RemoteConfigDevice {
        let device = options.remoteConfig, percentile = device.percentile, language = try options.language()
        return RemoteConfigDevice(appVersion: options.appVersion, build: device.build, firebaseAppID: options.remoteConfig.firebaseAppId,
                                  country: options.storefront, language: device.deviceLanguage ?? language.rawValue,
                                  userProperties: try device.userProperties(), customSignals: try device.customSignals(),
                                  audiences: Set(device.audience), firstOpen: device.firstOpen.flatMap(ISO8601.parse),
                                  installationID: device.installationId, microPercentile: percentile.map { Int(($0 * 1_000_000).rounded()) },
                                  now: Date(timeIntervalSince1970: 0))
    }

    /// What a real fetch's body says of the device.
    private func fetchDevice(_ options: CheckOptions) throws -> FirebaseFetchSource.Device {
        let device = options.remoteConfig, language = try options.language()
        return FirebaseFetchSource.Device(appVersion: options.appVersion, build: device.build, country: options.storefront,
                                          language: device.deviceLanguage ?? language.rawValue,
                                          osVersion: options.osVersion, userProperties: try device.userProperties(),
                                          customSignals: try device.customSignals(), firstOpen: device.firstOpen.flatMap(ISO8601.parse))
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
    private static func cmsAPIKey(_ options: CheckOptions) throws -> String? {
        if let file = options.cmsApiKeyFile { return try secret(file, "--cms-api-key-file") }
        return Environment.value("TOASTER_CMS_API_KEY")
    }

    private static func secret(_ path: String, _ flag: String) throws(CommandExit) -> String {
        do { return try SecretFile.read(path) } catch { throw CommandExit.unusable("\(flag): cannot read a key: \(error)") }
    }
}
