import ArgumentParser

/// Where `run` and `check` ask for the version policy, and how long a service may take.
/// CheckOptions checks these against the other groups.
struct SourceOptions: ParsableArguments {
    @Option(help: "Where the version check asks: demo (built-in store, the default), appstore, remote-config or cms (with --url).")
    var source: SourceKind?

    @Option(help: "The service for appstore, remote-config and cms: http://, https:// or file://.")
    var url: String?

    // The numbers are parsed unconditionally, so that `-5` is a value that validate() refuses
    // by its range rather than a flag that leaves the option "missing a value".
    @Option(parsing: .unconditional, help: "Seconds a service may take, connection included.")
    var timeout = 5.0

    /// The source asked: `--source`, else the demo store.
    var kind: SourceKind { source ?? .demo }
}

/// `--source`: where the version check asks.
enum SourceKind: String, ExpressibleByArgument, CaseIterable {
    case demo
    case appstore
    case remoteConfig = "remote-config"
    case cms
}
