import ArgumentParser
import FoundationEssentials
import ToasterCore
import ToasterServices

/// `preflight`'s Remote Config template as the policy: a file, or a project's live template
/// read with a service account's key (docs/10).
struct PreflightTemplateOptions: ParsableArguments {
    @Option(help: ArgumentHelp("A Remote Config template (the console's downloaded config file or the REST remoteConfig answer) "
                               + "as the policy, evaluated per storefront and installed version; read again every round.", valueName: "file"))
    var remoteConfigTemplate: String?

    @Option(help: "The live template of this Firebase project instead (with --firebase-service-account).")
    var firebaseProject: String?

    @Option(help: ArgumentHelp("A service-account JSON key that may read the project's Remote Config.", valueName: "file"))
    var firebaseServiceAccount: String?

    @Option(help: ArgumentHelp("The Remote Config API instead of Google's (a proxy or a test server).", valueName: "url"))
    var remoteConfigUrl = PublishedTemplate.remoteConfigHost

    @Option(help: "The app's Firebase App ID (1:…:ios:…), for app.id conditions.")
    var firebaseAppId: String?

    @OptionGroup var keys: RemoteConfigKeyOptions

    var given: Bool { remoteConfigTemplate != nil || firebaseProject != nil }

    func validate() throws {
        guard remoteConfigTemplate == nil || firebaseProject == nil else {
            throw ValidationError("give --remote-config-template or --firebase-project, not both")
        }
        guard (firebaseProject == nil) == (firebaseServiceAccount == nil) else {
            throw ValidationError("--firebase-project reads the live template with a service account: give both --firebase-project and --firebase-service-account")
        }
        guard firebaseAppId == nil || given else {
            throw ValidationError("--firebase-app-id is for a template: give --remote-config-template or --firebase-project too")
        }
        if let remoteConfigTemplate, remoteConfigTemplate.isEmpty { throw ValidationError("--remote-config-template must not be empty") }
        guard remoteConfigUrl.hasPrefix("http://") || remoteConfigUrl.hasPrefix("https://") else {
            throw ValidationError("--remote-config-url \"\(remoteConfigUrl)\" is not an http or https URL")
        }
    }

    /// The template to read every round, or nil when none is given.
    func template(timeout: Duration, trust: CertificateTrust) throws -> PublishedTemplate? {
        let location: PublishedTemplate.Location
        if let remoteConfigTemplate {
            location = .file(remoteConfigTemplate)
        } else if let firebaseProject, let firebaseServiceAccount {
            do {
                let account = try FirebaseServiceAccount(path: firebaseServiceAccount, timeout: timeout, trust: trust)
                location = .live(project: firebaseProject, account: account, baseURL: remoteConfigUrl)
            } catch {
                throw CLIError(error.message)
            }
        } else {
            return nil
        }
        // The storefront and the installed version are set per cell; the clock per round.
        let device = RemoteConfigDevice(appVersion: "0", firebaseAppID: firebaseAppId, now: Date(timeIntervalSince1970: 0))
        return PublishedTemplate(location: location, keys: keys.keys, device: device, timeout: timeout, trust: trust)
    }
}
