import ArgumentParser

/// The app's Firebase project, for every command that reads its Remote Config: `run` and
/// `check` fetch from it as a device does (with an API key), `preflight` reads its live
/// template (with a service account); each command's own group names what else it needs.
struct FirebaseProjectOptions: ParsableArguments {
    @Option(help: ArgumentHelp("The app's Firebase project: run and check (with --source remote-config) fetch from it as the iOS SDK "
                               + "does, --url BASE replacing Google's host; preflight reads its live template (with --firebase-service-account)."))
    var firebaseProject: String?

    /// `--firebase-app-id`, which `check` lists among the device's facts and `preflight` beside
    /// the live template: one text for the one meaning, declared where each lists it (a group
    /// of its own would cost every launch a type for the argument parser to look up).
    static let appIDHelp = ArgumentHelp("The app's Firebase App ID (1:…:ios:…), for app.id conditions.")
}
