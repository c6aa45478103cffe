import ArgumentParser

/// The app `run` and `check` play, as the App Store knows it.
struct AppOptions: ParsableArguments {
    @Option(help: "The App Store id behind the default update URL.")
    var appId = "1234567890"

    @Option(help: "Look the app up by bundle id instead of --app-id.")
    var bundleId: String?

    @Option(help: "The store country for App Store lookups.")
    var country = "kr"

    /// Which app the remembered choices belong to.
    var appKey: String { bundleId ?? "id\(appId)" }
}
