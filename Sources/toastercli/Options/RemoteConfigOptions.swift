import ArgumentParser

/// `--source remote-config` beside `--url`: Firebase itself (with `--firebase-project`) or a
/// template evaluated offline (`--template FILE`) for the device RemoteConfigDeviceOptions
/// describes (docs/07).
struct RemoteConfigOptions: ParsableArguments {
    @Option(help: ArgumentHelp("A file holding the Firebase API key (else the TOASTER_FIREBASE_API_KEY environment variable).", valueName: "file"))
    var firebaseApiKeyFile: String?

    @Option(help: ArgumentHelp("With --firebase-project: Firebase Installations at this base URL instead of Google's.", valueName: "url"))
    var installationsUrl: String?

    @Option(help: ArgumentHelp("With --source remote-config: a template (the console's downloaded config file or the REST remoteConfig answer), "
                               + "evaluated offline for the device the options below describe.", valueName: "file"))
    var template: String?
}
