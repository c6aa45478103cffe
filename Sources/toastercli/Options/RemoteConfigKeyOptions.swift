import ArgumentParser
import ToasterCore

/// The Remote Config keys an app reads, for `run`, `check` and `preflight` alike.
struct RemoteConfigKeyOptions: ParsableArguments {
    @Option(help: "The Remote Config key of the minimum required version.")
    var rcMinKey = RemoteConfigKeys.default.minimumRequired

    @Option(help: "The Remote Config key of the latest version.")
    var rcLatestKey = RemoteConfigKeys.default.latest

    @Option(help: "The Remote Config key of the update URL.")
    var rcUrlKey = RemoteConfigKeys.default.storeURL

    var keys: RemoteConfigKeys { RemoteConfigKeys(minimumRequired: rcMinKey, latest: rcLatestKey, storeURL: rcUrlKey) }
}
