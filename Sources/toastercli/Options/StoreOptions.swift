import ArgumentParser
import ToasterCore

/// What the App Store offers: the demo store's listing, or the App Store beside Remote Config
/// or a CMS (`--store-version`, `--store-url`; docs/03, 32).
struct StoreOptions: ParsableArguments {
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

    /// The demo store's version, release date and minimum OS when they are not given.
    static let demoStoreVersion = "2.0.0"
    static let demoStoreReleased = "2026-11-20T00:00:00Z"
    static let demoStoreMinimumOS = "15.0"
}
