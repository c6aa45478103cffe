import ArgumentParser
import ToasterServices

/// `preflight`'s App Store Connect key, from the options or from the environment names fastlane
/// reads; without any of them, App Store Connect is not asked.
struct AppStoreConnectOptions: ParsableArguments {
    @Option(help: "App Store Connect API key id (else APP_STORE_CONNECT_API_KEY_KEY_ID).") var ascKeyId: String?

    @Option(help: "App Store Connect API issuer id (else APP_STORE_CONNECT_API_KEY_ISSUER_ID).") var ascIssuerId: String?

    @Option(help: ArgumentHelp("The App Store Connect API key, a .p8 file (else APP_STORE_CONNECT_API_KEY_KEY_FILEPATH).", valueName: "file"))
    var ascPrivateKey: String?

    @Option(help: "The App Store Connect API, or a proxy or test server in its place.") var ascUrl = AppStoreConnectClient.defaultURL

    /// Each option with the environment variable that stands in for it.
    private var settings: [(option: String, variable: String, value: String?)] {
        [("--asc-key-id", "APP_STORE_CONNECT_API_KEY_KEY_ID", ascKeyId ?? Environment.value("APP_STORE_CONNECT_API_KEY_KEY_ID")),
         ("--asc-issuer-id", "APP_STORE_CONNECT_API_KEY_ISSUER_ID", ascIssuerId ?? Environment.value("APP_STORE_CONNECT_API_KEY_ISSUER_ID")),
         ("--asc-private-key", "APP_STORE_CONNECT_API_KEY_KEY_FILEPATH",
          ascPrivateKey ?? Environment.value("APP_STORE_CONNECT_API_KEY_KEY_FILEPATH"))]
    }

    /// The key id, issuer id and key file, and the API, or nil when no key is given: read by validate().
    @Planned var key: AppStoreConnectKey?

    mutating func validate() throws {
        let settings = settings, values = settings.map(\.value)
        guard let keyID = values[0], let issuerID = values[1], let path = values[2] else {
            let missing = settings.filter { $0.value == nil }
            guard missing.count == settings.count else {
                let flags = missing.map { "\($0.option) (or \($0.variable))" }
                throw ValidationError("App Store Connect needs a key id, an issuer id and a key file: give \(flags.joined(separator: " and ")) too")
            }
            key = nil
            return
        }
        key = AppStoreConnectKey(keyID: keyID, issuerID: issuerID, path: path, url: ascUrl)
    }
}
