import Foundation
import ToasterCore

/// `--source remote-config --firebase-project ID --firebase-app-id 1:…:ios:…`: the fetch an iOS
/// app makes (FirebaseRemoteConfig's `RCNConfigFetch`): an installation and its auth token
/// from Firebase Installations, then `POST {rc}/v1/projects/{project}/namespaces/firebase:fetch`
/// with the device; the answer is read as every Remote Config answer is.
public struct FirebaseFetchSource: VersionSource {
    /// What the fetch body says of the device (`RCNConfigSettings.nextRequestWithUserProperties`).
    public struct Device: Sendable {
        public var appVersion: String
        public var build: String?
        public var country: String
        public var language: String
        public var osVersion: String?
        public var userProperties: [String: String]
        public var customSignals: [String: String]
        public var firstOpen: Date?

        public init(appVersion: String, build: String?, country: String, language: String, osVersion: String?,
                    userProperties: [String: String], customSignals: [String: String], firstOpen: Date?) {
            self.appVersion = appVersion
            self.build = build
            self.country = country
            self.language = language
            self.osVersion = osVersion
            self.userProperties = userProperties
            self.customSignals = customSignals
            self.firstOpen = firstOpen
        }
    }

    let endpoint: FirebaseEndpoint
    let installations: FirebaseInstallations
    public let keys: RemoteConfigKeys
    public let device: Device

    /// `installationsBase` and `remoteConfigBase` default to Google's hosts; `stateFolder` keeps
    /// the installation between runs.
    public init(project: String, appID: String, apiKey: String, installationsBase: String? = nil, remoteConfigBase: String? = nil,
                bundleID: String?, keys: RemoteConfigKeys, device: Device, stateFolder: String?, timeout: Duration = .seconds(5),
                trust: CertificateTrust = .system) {
        endpoint = FirebaseEndpoint(project: project, appID: appID, apiKey: apiKey,
                                    installationsBase: FirebaseEndpoint.base(installationsBase ?? FirebaseEndpoint.installationsHost),
                                    remoteConfigBase: FirebaseEndpoint.base(remoteConfigBase ?? FirebaseEndpoint.remoteConfigHost),
                                    bundleID: bundleID, timeout: timeout, trust: trust)
        installations = FirebaseInstallations(endpoint: endpoint, stateFolder: stateFolder)
        self.keys = keys
        self.device = device
    }

    public var name: String { "remote-config" }

    public func prepare() {
        SourceLocation.web(url: endpoint.fetchURL, trust: endpoint.trust).prepare()
    }

    public func fetchPolicy() throws(SourceError) -> UpdatePolicy {
        let (installation, registered) = try installations.current()
        let data: Data
        do {
            data = try fetch(with: installation)
        } catch where error.httpStatus == 401 && !registered {
            // A kept installation the service no longer knows (deleted, or a toaster-server
            // that restarted) while its token has not expired: registered anew, once.
            installations.forget()
            data = try fetch(with: try installations.current().installation)
        }
        return try RemoteConfigSource.policy(from: data, keys: keys,
                                             what: "Remote Config answer from \(HTTPFetcher.host(endpoint.fetchURL)) (project \(endpoint.project))")
    }

    private func fetch(with installation: FirebaseInstallation) throws(SourceError) -> Data {
        try endpoint.post(endpoint.fetchURL, service: .remoteConfig, body: body(installation),
                          headers: [("X-Goog-Firebase-Installations-Auth", installation.authToken), ("X-Firebase-RC-Fetch-Type", "BASE/1")])
    }

    /// The SDK's fields, in its snake_case spelling, as standard JSON.
    func body(_ installation: FirebaseInstallation) -> JSONValue {
        var members: [(String, JSONValue)] = [
            ("app_instance_id", .string(installation.fid)),
            ("app_instance_id_token", .string(installation.authToken)),
            ("app_id", .string(endpoint.appID)),
            ("country_code", .string(device.country)),
            ("language_code", .string(device.language)),
            ("platform_version", device.osVersion.json),
            ("time_zone", .string(TimeZone.current.identifier)),
            ("package_name", endpoint.bundleID.json),
            ("app_version", .string(device.appVersion)),
            ("app_build", device.build.json),
            ("sdk_version", .string(FirebaseEndpoint.sdkVersion)),
        ]
        if let firstOpen = device.firstOpen { members.append(("first_open_time", .string(ISO8601.format(firstOpen)))) }
        if !device.userProperties.isEmpty {
            members.append(("analytics_user_properties", .object(device.userProperties.sorted { $0.key < $1.key }.map { ($0.key, .string($0.value)) })))
        }
        if !device.customSignals.isEmpty {
            members.append(("custom_signals", .object(device.customSignals.sorted { $0.key < $1.key }.map { ($0.key, .string($0.value)) })))
        }
        return .object(members.filter { $0.1 != .null })
    }
}
