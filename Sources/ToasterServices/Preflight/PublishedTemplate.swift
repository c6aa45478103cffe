import FoundationEssentials
import ToasterCore
import ToasterFiles
import ToasterWire

/// The Remote Config template preflight evaluates as the policy, read afresh every round so
/// that a published fix ends `--watch`: a file (`--remote-config-template`), or a project's live
/// template (`--firebase-project` with `--firebase-service-account`), `GET
/// {base}/v1/projects/{project}/remoteConfig` with the service account's access token.
public struct PublishedTemplate: Sendable {
    public enum Location: Sendable {
        case file(String)
        case live(project: String, account: FirebaseServiceAccount, baseURL: String)
    }

    public static let remoteConfigHost = FirebaseEndpoint.remoteConfigHost

    public let location: Location
    public let keys: RemoteConfigKeys
    /// The device every storefront's is made from: the app id (`--firebase-app-id`).
    public let device: RemoteConfigDevice
    public let timeout: Duration
    public let trust: CertificateTrust

    public init(location: Location, keys: RemoteConfigKeys, device: RemoteConfigDevice, timeout: Duration, trust: CertificateTrust) {
        (self.location, self.keys, self.device, self.timeout, self.trust) = (location, keys, device, timeout, trust)
    }

    /// As messages and findings name it.
    public var name: String {
        switch location {
        case .file(let path): "Remote Config template \(path)"
        case .live(let project, _, _): "the Remote Config template of project \(project)"
        }
    }

    /// The template now, ready to evaluate at `now`; a live one is asked again after a
    /// failure that a retry may mend.
    public func read(now: Date) throws(SourceError) -> TemplatePolicy {
        let data: Data
        switch location {
        case .file(let path):
            do { data = try BoundedFile.read(path, limit: SourceLocation.maximumBytes) } catch {
                throw SourceError(.misconfigured, "--remote-config-template: \(error.description)")
            }
        case let .live(project, account, base):
            data = try RetryStrategy().run(pace: MonotonicPace()) { () throws(SourceError) in try fetch(project: project, account: account, base: FirebaseEndpoint.base(base)) }
        }
        var device = self.device
        device.now = now
        do {
            let template = try RemoteConfigTemplate(reading: try StrictJSON.parse(data), versionKeys: keys)
            return try TemplatePolicy(template: template, source: name, keys: keys, device: device, zones: SystemTimeZones())
        } catch {
            throw SourceError(.unusableAnswer, "\(name) is unusable: \(error)")
        }
    }

    private func fetch(project: String, account: FirebaseServiceAccount, base: String) throws(SourceError) -> Data {
        let url = base + RemoteConfigAPI.templatePath(project: project)
        let token = try account.accessToken()
        let answer = try HTTPFetcher(timeout: timeout, trust: trust).answer(url, headers: [("Authorization", "Bearer \(token)")])
        guard !(200..<300).contains(answer.status) else { return answer.body }
        let said = GoogleRefusal(answer.body).map { " (\($0.summary))" } ?? ""
        let retry = RetryAfter.delay(answer.retryAfter, now: Date())
        switch answer.status {
        case 401, 403:
            throw SourceError(.misconfigured, "the service account \(account.email) may not read the Remote Config template of project \(project) "
                + "(HTTP \(answer.status))\(said): give it a role that reads Remote Config, such as Firebase Remote Config Viewer, "
                + "and check --firebase-project", httpStatus: answer.status)
        case 404:
            throw SourceError(.misconfigured, "Firebase Remote Config knows no project \(project) (404)\(said): check --firebase-project", httpStatus: 404)
        case 429:
            throw SourceError(.serverError, "Firebase Remote Config is limiting requests for project \(project) (429)\(said): wait before asking again",
                              httpStatus: 429, retryAfter: retry)
        default:
            throw SourceError(.serverError, "HTTP \(answer.status)\(answer.reason.isEmpty ? "" : " " + answer.reason) from \(HTTPFetcher.host(url))\(said)",
                              httpStatus: answer.status, retryAfter: retry)
        }
    }
}
