import FoundationEssentials
import ToasterCore
import ToasterServices

extension Wiring {
    /// The source `plan` names; `stateFolder` keeps a real fetch's Firebase installation between runs.
    static func source(_ plan: CheckPlan, stateFolder: String?) -> any VersionSource {
        source(plan.source, of: plan, stateFolder: stateFolder)
    }

    private static func source(_ source: SourcePlan, of plan: CheckPlan, stateFolder: String?) -> any VersionSource {
        switch source {
        case .demo(let listing):
            return DemoStore(storeVersion: listing.version, minimumRequiredVersion: listing.minimumRequired,
                             latencyMilliseconds: listing.latencyMilliseconds, language: listing.language,
                             releaseDate: listing.releaseDate, minimumOSVersion: listing.minimumOS)
        case let .appStore(location, app, country):
            return AppStoreSource(location: location, app: app, country: country, timeout: plan.timeout,
                                  cacheBuster: { String(Int64(Date().timeIntervalSince1970 * 1000)) })
        case .firebase(let fetch):
            return FirebaseFetchSource(project: fetch.project, appID: fetch.appID, apiKey: fetch.apiKey, installationsBase: fetch.installationsBase,
                                       remoteConfigBase: fetch.remoteConfigBase, bundleID: fetch.bundleID, keys: fetch.keys, device: fetch.device,
                                       stateFolder: stateFolder, timeout: plan.timeout, trust: plan.trust)
        case let .template(path, keys, device):
            return RemoteConfigTemplateSource(path: path, keys: keys, device: device, clock: plan.clock)
        case let .remoteConfig(location, keys, appID):
            return RemoteConfigSource(location: location, keys: keys, appID: appID, timeout: plan.timeout)
        case let .cms(location, apiKey):
            return CMSSource(location: location, apiKey: apiKey, timeout: plan.timeout)
        case let .withStore(service, store):
            return SourceWithStore(service: self.source(service, of: plan, stateFolder: stateFolder),
                                   store: self.source(store, of: plan, stateFolder: stateFolder))
        }
    }
}
