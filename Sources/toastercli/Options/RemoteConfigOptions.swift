import ArgumentParser

/// `--source remote-config` with Firebase itself (`--firebase-project`) or a template evaluated
/// offline (`--template FILE`), and the simulated device either is asked for (docs/07).
struct RemoteConfigOptions: ParsableArguments {
    @OptionGroup var firebase: FirebaseProjectOptions

    @Option(help: ArgumentHelp("A file holding the Firebase API key (else the TOASTER_FIREBASE_API_KEY environment variable).", valueName: "file"))
    var firebaseApiKeyFile: String?

    @Option(help: ArgumentHelp("With --firebase-project: Firebase Installations at this base URL instead of Google's.", valueName: "url"))
    var installationsUrl: String?

    @Option(help: ArgumentHelp("With --source remote-config: a template (the console's downloaded config file or the REST remoteConfig answer), "
                               + "evaluated offline for the device the options below describe.", valueName: "file"))
    var template: String?

    @OptionGroup var firebaseApp: FirebaseAppOptions

    @OptionGroup var device: RemoteConfigDeviceOptions

    /// Device options Firebase decides itself on a real fetch: only a template reads them.
    var templateOnlyFlags: [String] {
        givenDeviceFlags.filter(["--percentile", "--audience", "--installation-id"].contains)
    }

    /// The device options given, by flag, so that one given without a template is refused
    /// rather than ignored.
    var givenDeviceFlags: [String] {
        (firebaseApp.firebaseAppId != nil ? ["--firebase-app-id"] : []) + device.givenFlags
    }

    func validate() throws {
        if let template, template.isEmpty { throw ValidationError("--template must not be empty") }
    }
}
