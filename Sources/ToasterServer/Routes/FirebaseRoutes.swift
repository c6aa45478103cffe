import FoundationEssentials
import HTTPTypes
import Hummingbird
import ToasterCore

/// Firebase as an app reaches it, for the projects whose policy holds a Remote Config
/// template: Firebase Installations issues installations and their tokens, and the fetch
/// evaluates the template for the device that asks (docs/06). The API key is not checked: the
/// server has none to compare it with.
enum FirebaseRoutes {
    static let installationAuth = HTTPField.Name("X-Goog-Firebase-Installations-Auth")!
    /// A registration or a fetch body is a few hundred bytes; this leaves room for many user
    /// properties and custom signals.
    static let maximumBody = 64 << 10

    static func add(to router: Router<BasicRequestContext>, store: PolicyStore, settings: ServerSettings, installations: InstallationRegistry) {
        router.post("v1/projects/:project/installations") { request, context in
            try await settings.delay()
            let project = context.parameters.get("project") ?? ""
            guard store.served.firebaseProjects.contains(project) else { return unknownProject(request, project) }
            let body: JSONTree
            do throws(TemplateFetch.Refusal) { body = try await json(request) } catch { return invalid(request, error.message) }
            let fid: String?
            switch body["fid"] {
            case .string(let text)?: fid = text
            case nil, .null?: fid = nil
            case let other?: return invalid(request, "fid is \(other.kind), not a text")
            }
            let installation = installations.register(project: project, fid: fid, now: Date())
            return ToasterRoutes.answer(request, .ok, ServiceAnswers.Installation(
                name: "projects/\(project)/installations/\(installation.fid)", fid: installation.fid, refreshToken: installation.refreshToken,
                authToken: token(installation)))
        }
        router.post("v1/projects/:project/installations/:fid/authTokens:generate") { request, context in
            try await settings.delay()
            let project = context.parameters.get("project") ?? "", fid = context.parameters.get("fid") ?? ""
            guard store.served.firebaseProjects.contains(project) else { return unknownProject(request, project) }
            let authorization = request.headers[.authorization] ?? ""
            guard authorization.hasPrefix("FIS_v2 "),
                  let installation = installations.refresh(project: project, fid: fid, refreshToken: String(authorization.dropFirst(7)), now: Date())
            else {
                return ToasterRoutes.answer(request, .unauthorized, ServiceAnswers.GoogleError(
                    401, "UNAUTHENTICATED", "Authorization: FIS_v2 with the installation's refresh token is required; no such installation"))
            }
            return ToasterRoutes.answer(request, .ok, token(installation))
        }
    }

    /// `POST …/namespaces/{namespace}:fetch` where the policy holds a template: the token
    /// required, then the template evaluated for the device in the body.
    static func fetch(_ request: Request, project: String, template: RemoteConfigTemplate, installations: InstallationRegistry) async -> Response {
        let now = Date()
        guard let token = request.headers[installationAuth], let installation = installations.installation(authToken: token, project: project, now: now) else {
            return ToasterRoutes.answer(request, .unauthorized, ServiceAnswers.GoogleError(
                401, "UNAUTHENTICATED", "X-Goog-Firebase-Installations-Auth must carry an unexpired auth token of an installation of project "
                    + "\(project) (POST /v1/projects/\(project)/installations issues one)"))
        }
        do throws(TemplateFetch.Refusal) {
            let body = try await json(request)
            // Always 200 with the body, never 304: the SDK sends `If-None-Match` with the last
            // ETag and takes any other status for a failed fetch (`RCNConfigFetch.m`).
            let encoded = EncodedAnswer(try TemplateFetch.answer(template, body: body, installationID: installation.fid, now: now))
            return Response(status: .ok, headers: encoded.headers, body: .init(byteBuffer: encoded.body))
        } catch {
            if error.byServer { return ToasterRoutes.answer(request, .internalServerError, ServiceAnswers.GoogleError(500, "INTERNAL", error.message)) }
            return invalid(request, error.message)
        }
    }

    private static func token(_ installation: InstallationRegistry.Installation) -> ServiceAnswers.InstallationToken {
        ServiceAnswers.InstallationToken(token: installation.authToken, expiresIn: "\(InstallationRegistry.lifetime)s")
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
        ToasterRoutes.answer(request, .badRequest, ServiceAnswers.GoogleError(400, "INVALID_ARGUMENT", message))
    }

    private static func unknownProject(_ request: Request, _ project: String) -> Response {
        ToasterRoutes.answer(request, .notFound, ServiceAnswers.GoogleError(
            404, "NOT_FOUND", "no policy's remoteConfig serves a template for project \(project)"))
    }
}
