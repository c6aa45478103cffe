import ArgumentParser

/// The app's Firebase project, for every command that reads its Remote Config: `run` and
/// `check` fetch from it as a device does (with an API key), `preflight` reads its live
/// template (with a service account); each command's own group names what else it needs.
struct FirebaseProjectOptions: ParsableArguments {
    @Option(help: ArgumentHelp("The app's Firebase project: run and check (with --source remote-config) fetch from it as the iOS SDK "
                               + "does, --url BASE replacing Google's host; preflight reads its live template (with --firebase-service-account)."))
    var firebaseProject: String?
}

/// The app's Firebase App ID, which a template's `app.id` conditions read and a fetch sends.
/// A group of its own so that each command lists it where its other Firebase flags lead to it.
struct FirebaseAppOptions: ParsableArguments {
    @Option(help: "The app's Firebase App ID (1:…:ios:…), for app.id conditions.")
    var firebaseAppId: String?
}
