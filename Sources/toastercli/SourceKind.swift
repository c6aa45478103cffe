import ArgumentParser

/// `--source`: where the version check asks.
enum SourceKind: String, ExpressibleByArgument, CaseIterable {
    case demo
    case appstore
    case remoteConfig = "remote-config"
    case cms
}
