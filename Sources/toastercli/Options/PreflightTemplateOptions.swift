import ArgumentParser
import ToasterServices

/// `preflight`'s Remote Config template as the policy: a file, or a project's live template
/// read with a service account's key (docs/10).
struct PreflightTemplateOptions: ParsableArguments {
    @Option(help: ArgumentHelp("A Remote Config template (the console's downloaded config file or the REST remoteConfig answer) "
                               + "as the policy, evaluated per storefront and installed version; read again every round.", valueName: "file"))
    var remoteConfigTemplate: String?

    @OptionGroup var firebase: FirebaseProjectOptions

    @Option(help: ArgumentHelp("A service-account JSON key that may read the project's Remote Config.", valueName: "file"))
    var firebaseServiceAccount: String?

    @Option(help: ArgumentHelp("The Remote Config API instead of Google's (a proxy or a test server).", valueName: "url"))
    var remoteConfigUrl = PublishedTemplate.remoteConfigHost

    @OptionGroup var firebaseApp: FirebaseAppOptions

    @OptionGroup var keys: RemoteConfigKeyOptions

    var given: Bool { remoteConfigTemplate != nil || firebase.firebaseProject != nil }

    func validate() throws {
        guard remoteConfigTemplate == nil || firebase.firebaseProject == nil else {
            throw ValidationError("give --remote-config-template or --firebase-project, not both")
        }
        guard (firebase.firebaseProject == nil) == (firebaseServiceAccount == nil) else {
            throw ValidationError("--firebase-project reads the live template with a service account: give both --firebase-project and --firebase-service-account")
        }
        guard firebaseApp.firebaseAppId == nil || given else {
            throw ValidationError("--firebase-app-id is for a template: give --remote-config-template or --firebase-project too")
        }
        if let remoteConfigTemplate, remoteConfigTemplate.isEmpty { throw ValidationError("--remote-config-template must not be empty") }
        guard remoteConfigUrl.hasPrefix("http://") || remoteConfigUrl.hasPrefix("https://") else {
            throw ValidationError("--remote-config-url \"\(remoteConfigUrl)\" is not an http or https URL")
        }
    }
}
