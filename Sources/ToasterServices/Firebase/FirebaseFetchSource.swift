import Foundation
import ToasterCore
import ToasterWire

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

    /// `remoteConfigBase` defaults to Google's host, and `installationsBase` to it when it is
    /// given (a local Firebase, or a proxy, serves both: the installation, its token and the
    /// key never go to Google while the fetch goes elsewhere), else to Google's; `stateFolder`
    /// keeps the installation between runs.
    public init(project: String, appID: String, apiKey: String, installationsBase: String? = nil, remoteConfigBase: String? = nil,
                bundleID: String?, keys: RemoteConfigKeys, device: Device, stateFolder: String?, timeout: Duration = .seconds(5),
                trust: CertificateTrust = .system) {
        endpoint = FirebaseEndpoint(project: project, appID: appID, apiKey: apiKey,
                                    installationsBase: FirebaseEndpoint.base(installationsBase ?? remoteConfigBase ?? FirebaseEndpoint.installationsHost),
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

    public func fetchAnswer() throws(SourceError) -> SourceAnswer {
        try fetchAnswer(type: RemoteConfigAPI.baseFetchType)
    }

    /// The SDK's fetch after a real-time announcement: `X-Firebase-RC-Fetch-Type: REALTIME/n`.
    public func fetchAnswer(realtimeAttempt: Int) throws(SourceError) -> SourceAnswer {
        try fetchAnswer(type: RemoteConfigAPI.realtimeFetchType(attempt: realtimeAttempt))
    }

    private func fetchAnswer(type: String) throws(SourceError) -> SourceAnswer {
        let (installation, registered) = try installations.current()
        let data: Data
        do {
            data = try fetch(with: installation, type: type)
        } catch where error.httpStatus == 401 && !registered {
            // A kept installation the service no longer knows (deleted, or a toaster-server
            // that restarted) while its token has not expired: registered anew, once.
            installations.forget()
            data = try fetch(with: try installations.current().installation, type: type)
        }
        return try RemoteConfigSource.answer(from: data, keys: keys,
                                             what: "Remote Config answer from \(HTTPFetcher.host(endpoint.fetchURL)) (project \(endpoint.project))")
    }

    private func fetch(with installation: FirebaseInstallation, type: String) throws(SourceError) -> Data {
        try endpoint.post(endpoint.fetchURL, service: .remoteConfig, body: body(installation),
                          headers: [(RemoteConfigAPI.installationsAuthHeader, installation.authToken), (RemoteConfigAPI.fetchTypeHeader, type)])
    }

    /// The SDK's fields, in its snake_case spelling, as standard JSON.
    func body(_ installation: FirebaseInstallation) -> RemoteConfigAPI.FetchRequest {
        RemoteConfigAPI.FetchRequest(
            appInstanceID: installation.fid, appInstanceIDToken: installation.authToken, appID: endpoint.appID, countryCode: device.country,
            languageCode: device.language, platformVersion: device.osVersion, timeZone: TimeZone.current.identifier, packageName: endpoint.bundleID,
            appVersion: device.appVersion, appBuild: device.build, sdkVersion: FirebaseEndpoint.sdkVersion, firstOpenTime: device.firstOpen.map(ISO8601.format),
            analyticsUserProperties: device.userProperties.isEmpty ? nil : device.userProperties,
            customSignals: device.customSignals.isEmpty ? nil : device.customSignals)
    }
}
