/// How toaster-server answers, beyond the policy.
public struct ServerSettings: Sendable {
    /// The bearer token of `PUT /admin/policy`; nil switches the admin API off.
    public var adminToken: String?
    /// The `X-MICROCMS-API-KEY` the CMS routes require; nil serves them without a key.
    public var cmsAPIKey: String?
    /// Added before every service answer, to show clients facing a slow service.
    public var latency: Duration
    /// The key whose tokens the simulated App Store Connect accepts; nil refuses every request.
    public var appStoreConnect: AppStoreConnectVerifier?
    /// The service account whose assertions `POST /token` accepts; nil refuses every token request.
    public var firebaseServiceAccount: ServiceAccountVerifier? = nil

    public init(adminToken: String?, cmsAPIKey: String?, latency: Duration = .zero, appStoreConnect: AppStoreConnectVerifier? = nil) {
        self.adminToken = adminToken
        self.cmsAPIKey = cmsAPIKey
        self.latency = latency
        self.appStoreConnect = appStoreConnect
    }

    /// Waits `latency`; without one, returns at once: even a zero sleep suspends the request's
    /// task and hops executors, on every request.
    func delay() async throws {
        if latency > .zero { try await Task.sleep(for: latency) }
    }
}
