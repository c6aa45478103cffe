import FoundationEssentials
import HTTPTypes
import Hummingbird
import ToasterCore
import ToasterWire

/// Firebase as apps and tools reach it (docs/06): Remote Config's fetch, answered from the
/// policy's entries or, where the policy holds a template, by evaluating it for the device that
/// asks; Firebase Installations, which issues the installations and tokens such a fetch needs;
/// and the Remote Config REST API (`RemoteConfigAPIRoutes`). The API key is not checked: the
/// server has none to compare it with.
enum FirebaseRoutes {
    static let installationAuth = HTTPField.Name(RemoteConfigAPI.installationsAuthHeader)!
    /// A registration or a fetch body is a few hundred bytes; this leaves room for many user
    /// properties and custom signals.
    static let maximumBody = 64 << 10

    /// Each route is its path as a client writes it, with the parts a request varies in as
    /// captures.
    static func add(to router: Router<BasicRequestContext>, store: PolicyStore, settings: ServerSettings, installations: InstallationRegistry) {
        router.post(RouterPath(RemoteConfigAPI.fetchPath(project: ":project", namespace: "{namespace}"))) { request, context in
            try await settings.delay()
            let project = context.parameters.get("project") ?? "", namespace = context.parameters.get("namespace") ?? ""
            let served = store.served
            if let template = served.template(project: project, namespace: namespace) {
                return await fetch(request, project: project, template: template, installations: installations)
            }
            return ToasterRoutes.answer(request, .ok, served.remoteConfig(project: project, namespace: namespace))
        }
        router.post(RouterPath(FirebaseInstallationsAPI.registrationPath(project: ":project"))) { request, context in
            try await settings.delay()
            let project = context.parameters.get("project") ?? ""
            guard store.served.firebaseProjects.contains(project) else { return unknownProject(request, project) }
            let body: JSONTree
            do throws(TemplateFetch.Refusal) { body = try await json(request) } catch { return invalid(request, error.message) }
            let fid: String?, field = FirebaseInstallationsAPI.Registration.CodingKeys.fid.stringValue
            switch body[field] {
            case .string(let text)?: fid = text
            case nil, .null?: fid = nil
            case let other?: return invalid(request, "\(field) is \(other.kind), not a text")
            }
            let installation = installations.register(project: project, fid: fid, now: Date())
            return ToasterRoutes.answer(request, .ok, FirebaseInstallationsAPI.Installation(
                name: FirebaseInstallationsAPI.Installation.name(project: project, fid: installation.fid), fid: installation.fid, refreshToken: installation.refreshToken,
                authToken: token(installation)))
        }
        router.post(RouterPath(FirebaseInstallationsAPI.tokenPath(project: ":project", fid: ":fid"))) { request, context in
            try await settings.delay()
            let project = context.parameters.get("project") ?? "", fid = context.parameters.get("fid") ?? ""
            guard store.served.firebaseProjects.contains(project) else { return unknownProject(request, project) }
            guard let refreshToken = FirebaseInstallationsAPI.refreshToken(authorization: request.headers[.authorization] ?? ""),
                  let installation = installations.refresh(project: project, fid: fid, refreshToken: refreshToken, now: Date())
            else {
                return ToasterRoutes.answer(request, .unauthorized, GoogleAPI.ErrorAnswer(
                    code: 401, status: "UNAUTHENTICATED",
                    message: "Authorization: \(FirebaseInstallationsAPI.authVersion) with the installation's refresh token is required; no such installation"))
            }
            return ToasterRoutes.answer(request, .ok, token(installation))
        }
        RemoteConfigAPIRoutes.add(to: router, store: store, settings: settings)
    }

    /// `POST …/namespaces/{namespace}:fetch` where the policy holds a template: the token
    /// required, then the template evaluated for the device in the body.
    private static func fetch(_ request: Request, project: String, template: RemoteConfigTemplate, installations: InstallationRegistry) async -> Response {
        let now = Date()
        guard let token = request.headers[installationAuth], let installation = installations.installation(authToken: token, project: project, now: now) else {
            return ToasterRoutes.answer(request, .unauthorized, GoogleAPI.ErrorAnswer(
                code: 401, status: "UNAUTHENTICATED", message: "\(RemoteConfigAPI.installationsAuthHeader) must carry an unexpired auth token "
                    + "of an installation of project \(project) (POST \(FirebaseInstallationsAPI.registrationPath(project: project)) issues one)"))
        }
        do throws(TemplateFetch.Refusal) {
            let body = try await json(request)
            // Always 200 with the body, never 304: the SDK sends `If-None-Match` with the last
            // ETag and takes any other status for a failed fetch (`RCNConfigFetch.m`).
            let encoded = EncodedAnswer(try TemplateFetch.answer(template, body: body, installationID: installation.fid, now: now))
            return Response(status: .ok, headers: encoded.headers, body: .init(byteBuffer: encoded.body))
        } catch {
            if error.byServer {
                return ToasterRoutes.answer(request, .internalServerError, GoogleAPI.ErrorAnswer(code: 500, status: "INTERNAL", message: error.message))
            }
            return invalid(request, error.message)
        }
    }

    private static func token(_ installation: InstallationRegistry.Installation) -> FirebaseInstallationsAPI.AuthToken {
        FirebaseInstallationsAPI.AuthToken(token: installation.authToken, seconds: InstallationRegistry.lifetime)
    }

    /// The body as JSON (`FetchBody`: gzipped or not, the SDK's syntax or standard JSON); an
    /// empty one reads as `{}`.
    private static func json(_ request: Request) async throws(TemplateFetch.Refusal) -> JSONTree {
        var request = request
        let buffer: ByteBuffer
        do { buffer = try await request.collectBody(upTo: maximumBody) } catch {
            throw TemplateFetch.Refusal(message: "the body is larger than \(maximumBody) bytes or was cut off")
        }
        let gzipped = request.headers[.contentEncoding]?.lowercased().contains("gzip") == true
        return try FetchBody.tree(Array(buffer.readableBytesView), gzipped: gzipped, limit: maximumBody)
    }

    private static func invalid(_ request: Request, _ message: String) -> Response {
        ToasterRoutes.answer(request, .badRequest, GoogleAPI.ErrorAnswer(code: 400, status: "INVALID_ARGUMENT", message: message))
    }

    private static func unknownProject(_ request: Request, _ project: String) -> Response {
        ToasterRoutes.answer(request, .notFound, GoogleAPI.ErrorAnswer(
            code: 404, status: "NOT_FOUND", message: "no policy's remoteConfig serves a template for project \(project)"))
    }
}
