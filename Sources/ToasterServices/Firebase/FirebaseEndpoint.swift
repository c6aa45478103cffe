import FoundationEssentials
import ToasterCore
import ToasterWire

/// A Firebase project's two services as an iOS app reaches them: the hosts (Google's, or a
/// proxy or test server in their place), the API key, the app, and how requests fail. The key
/// travels in its header only — never in a URL, which messages and proxies' logs show — and no
/// message ever contains it.
struct FirebaseEndpoint: Sendable {
    static let installationsHost = "https://" + FirebaseInstallationsAPI.service
    static let remoteConfigHost = "https://" + RemoteConfigAPI.service
    /// A fixed iOS SDK version number, sent where the SDK sends its own (docs/07).
    static let sdkVersion = "11.5.0"
    static let realtimeHost = "https://" + RemoteConfigRealtimeAPI.service

    let project: String
    let appID: String
    let apiKey: String
    let installationsBase: String, remoteConfigBase: String
    /// Sent in the header a key restricted to iOS apps is checked against.
    let bundleID: String?
    let timeout: Duration
    let trust: CertificateTrust

    /// A service's base URL as given (`--url`, `--installations-url`, `--remote-config-url`),
    /// without the slash paths are appended after.
    static func base(_ url: String) -> String {
        url.hasSuffix("/") ? String(url.dropLast()) : url
    }

    enum Service: String {
        case installations = "Firebase Installations"
        case remoteConfig = "Firebase Remote Config"
    }

    var registrationURL: String { installationsBase + FirebaseInstallationsAPI.registrationPath(project: project) }

    func tokenURL(fid: String) -> String { installationsBase + FirebaseInstallationsAPI.tokenPath(project: project, fid: fid) }

    var fetchURL: String { remoteConfigBase + RemoteConfigAPI.fetchPath(project: project) }

    /// The real-time stream's base: the fetch's when one was given (toaster-server or a proxy
    /// serves both), else Google's third host.
    var realtimeBase: String { remoteConfigBase == Self.remoteConfigHost ? Self.realtimeHost : remoteConfigBase }

    /// POSTs `body` as JSON with the key (and the bundle ID); an answer outside 2xx is the
    /// sentence `failure` makes of it.
    func post(_ url: String, service: Service, body: some Encodable, headers: [(String, String)] = []) throws(SourceError) -> Data {
        var all = [(GoogleAPI.apiKeyHeader, apiKey)] + headers
        if let bundleID { all.append((GoogleAPI.iosBundleIdentifierHeader, bundleID)) }
        let answer: HTTPFetcher.Answer
        do {
            answer = try HTTPFetcher(timeout: timeout, trust: trust).answer(url, headers: all + [("Content-Type", "application/json")],
                                                                          body: try JSONPayload.encode(body, what: "the \(service.rawValue) request"))
        } catch {
            throw SourceError(error.kind, redacted(error.message), httpStatus: error.httpStatus, retryAfter: error.retryAfter)
        }
        guard (200..<300).contains(answer.status) else { throw failure(answer, service: service, url: url) }
        return answer.body
    }

    /// One sentence per way Google refuses, naming what to check (docs/07); a local server
    /// (toaster-server, any host but Google's) answering 401 or 404 is named by the URL asked.
    func failure(_ answer: HTTPFetcher.Answer, service: Service, url: String) -> SourceError {
        let host = HTTPFetcher.host(url)
        let error = GoogleRefusal(answer.body)
        let said = error.map { " (\(redacted($0.summary)))" } ?? ""
        let retry = RetryAfter.delay(answer.retryAfter, now: Date())
        let reason = error?.reason ?? ""
        let message = error?.message ?? ""
        let googleAPIs = "." + GoogleAPI.ErrorAnswer.Detail.googleAPIs
        let google = host.hasSuffix(googleAPIs) || host.hasSuffix(googleAPIs + ":443")
        switch answer.status {
        case 400 where reason == GoogleAPI.Reason.apiKeyInvalid.rawValue || message == GoogleAPI.Words.apiKeyInvalid:
            return SourceError(.misconfigured, "\(service.rawValue) refused the API key\(said): check TOASTER_FIREBASE_API_KEY or "
                + "--firebase-api-key-file against API_KEY in the app's GoogleService-Info.plist", httpStatus: 400)
        case 400 where service == .installations && message == GoogleAPI.Words.invalidArgument:
            return SourceError(.misconfigured, "Firebase Installations refused app \(appID)\(said): check --firebase-app-id against "
                + "GOOGLE_APP_ID in the app's GoogleService-Info.plist: it must be an app of project \(project)", httpStatus: 400)
        case 403 where reason == GoogleAPI.Reason.serviceDisabled.rawValue || message.contains("has not been used in project")
            || message.contains("is disabled"):
            return SourceError(.misconfigured, "the \(service.rawValue) API is not enabled for project \(project)\(said): enable it in the "
                + "Google Cloud console (APIs & Services), then try again a few minutes later", httpStatus: 403)
        case 403 where reason == GoogleAPI.Reason.apiKeyIOSAppBlocked.rawValue:
            return SourceError(.misconfigured, "the API key is restricted to other iOS apps\(said): give the app's --bundle-id, "
                + "or check the key's application restrictions", httpStatus: 403)
        case 401 where !google && service == .remoteConfig:
            return SourceError(.misconfigured, "\(url) answered 401\(said): it took no installation token from \(installationsBase); give "
                + "--installations-url the same server as --url, or leave it out to use --url's", httpStatus: 401)
        case 404 where !google:
            return SourceError(.misconfigured, "\(url) answered 404\(said): it serves no Firebase project \(project) there; check "
                + "--firebase-project, and that the server is toaster-server with a template for that project (or a proxy to Firebase)",
                               httpStatus: 404)
        case 401, 403:
            return SourceError(.misconfigured, "\(service.rawValue) answered \(answer.status): the API key does not open project \(project)\(said); "
                + "check --firebase-project, --firebase-app-id and the key's API restrictions", httpStatus: answer.status)
        case 404:
            return SourceError(.misconfigured, "\(service.rawValue) knows no project \(project) with app \(appID) (404)\(said): "
                + "check --firebase-project and --firebase-app-id", httpStatus: 404)
        case 429:
            return SourceError(.serverError, "\(service.rawValue) is limiting requests for project \(project) (429)\(said): "
                + "wait before checking again" + (retry.map { " (it asks for \($0.components.seconds) s)" } ?? ""), httpStatus: 429, retryAfter: retry)
        default:
            let page = answer.contentType.contains("html") ? " (an HTML error page)" : ""
            return SourceError(.serverError, "HTTP \(answer.status)\(answer.reason.isEmpty ? "" : " " + answer.reason)\(page) from \(host)\(said)",
                               httpStatus: answer.status, retryAfter: retry)
        }
    }

    /// A text with the key cut out, should a server or a library ever echo it.
    func redacted(_ text: String) -> String {
        apiKey.isEmpty ? text : text.replacing(apiKey, with: "…")
    }
}
