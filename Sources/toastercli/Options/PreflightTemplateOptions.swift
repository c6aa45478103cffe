import ArgumentParser
import ToasterServices

/// `preflight`'s Remote Config template as the policy, from a file (docs/10)…
struct PreflightTemplateOptions: ParsableArguments {
    @Option(help: ArgumentHelp("A Remote Config template (the console's downloaded config file or the REST remoteConfig answer) "
                               + "as the policy, evaluated per storefront and installed version; read again every round.", valueName: "file"))
    var remoteConfigTemplate: String?
}

/// … or the live one of `--firebase-project`, read with a service account's key; either is
/// evaluated for the app `--firebase-app-id` names.
struct PreflightFirebaseOptions: ParsableArguments {
    @Option(help: ArgumentHelp("A service-account JSON key that may read the project's Remote Config.", valueName: "file"))
    var firebaseServiceAccount: String?

    @Option(help: ArgumentHelp("The Remote Config API instead of Google's (a proxy or a test server).", valueName: "url"))
    var remoteConfigUrl = PublishedTemplate.remoteConfigHost

    @Option(help: FirebaseProjectOptions.appIDHelp)
    var firebaseAppId: String?
}
