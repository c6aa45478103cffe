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

    @Option(help: "The Remote Config key of the forced alert's title; its value, when present, replaces the built-in one.")
    var rcTitleKey = RemoteConfigKeys.default.title

    @Option(help: "The Remote Config key of the forced alert's message; its value, when present, replaces the built-in one.")
    var rcMessageKey = RemoteConfigKeys.default.message

    var keys: RemoteConfigKeys {
        RemoteConfigKeys(minimumRequired: rcMinKey, latest: rcLatestKey, storeURL: rcUrlKey, title: rcTitleKey, message: rcMessageKey)
    }
}
