import FoundationEssentials
import HTTPTypes
import Hummingbird
import ToasterCore
import ToasterWire

/// Firebase as apps and tools reach it (docs/06): Remote Config's fetch, answered from the
/// policy's entries or, where the policy holds a template, by evaluating it for the device that
/// asks, in every Google client's dialect (the iOS SDK's, the web SDK's, the REST API's);
/// Firebase Installations, which issues the installations and tokens such a fetch needs; and
/// the Remote Config REST API (`RemoteConfigAPIRoutes`). The API key, the app and the iOS
/// bundle are checked as Google checks them where the policy names them (`FirebaseAccess`).
enum FirebaseRoutes {
    static let installationAuth = HTTPField.Name(RemoteConfigAPI.installationsAuthHeader)!
    static let apiKey = HTTPField.Name(GoogleAPI.apiKeyHeader)!
    static let bundleID = HTTPField.Name(GoogleAPI.iosBundleIdentifierHeader)!
    /// A registration or a fetch body is a few hundred bytes; this leaves room for many user
    /// properties and custom signals.
    static let maximumBody = 64 << 10
    private typealias Field = RemoteConfigAPI.FetchRequest.Field

    /// What a web app's browser asks leave to send (CORS), as Google's hosts allow it: the
    /// SDKs' headers, and every method the routes take.
    static let crossOrigin = CORSMiddleware<BasicRequestContext>(
        allowOrigin: .originBased,
        allowHeaders: [.accept, .authorization, .contentType, .contentEncoding, .ifNoneMatch, apiKey, installationAuth, bundleID,
                       HTTPField.Name(RemoteConfigAPI.fetchTypeHeader)!, HTTPField.Name(GoogleAPI.firebaseClientHeader)!],
        allowMethods: [.get, .post, .delete, .options], maxAge: .seconds(3600))

    /// Each route is its path as a client writes it, with the parts a request varies in as
    /// captures; in a group that answers a browser's CORS preflight and lets a page read the
    /// answers (a request without `Origin`, as every SDK but a browser's sends, is untouched).
    static func add(to parent: Router<BasicRequestContext>, store: PolicyStore, settings: ServerSettings, tokens: InstallationTokens,
                    realtime: RealtimeStreams, draining: @escaping @Sendable () -> Bool) {
        let router = parent.group().add(middleware: crossOrigin)
        for path in [RemoteConfigAPI.fetchPath(project: ":project", namespace: "{namespace}"), FirebaseInstallationsAPI.registrationPath(project: ":project"),
                     FirebaseInstallationsAPI.tokenPath(project: ":project", fid: ":fid"),
                     FirebaseInstallationsAPI.installationPath(project: ":project", fid: ":fid"), RemoteConfigAPI.templatePath(project: ":project"),
                     RemoteConfigRealtimeAPI.streamPath(project: ":project", namespace: "{namespace}")] {
            router.on(RouterPath(path), method: .options) { _, _ in Response(status: .noContent) }
        }
        router.post(RouterPath(RemoteConfigAPI.fetchPath(project: ":project", namespace: "{namespace}"))) { request, context in
            try await settings.delay()
            let project = context.parameters.get("project") ?? "", namespace = context.parameters.get("namespace") ?? ""
            let served = store.served, access = served.access(project: project)
            if let refusal = keyRefusal(request, access, service: RemoteConfigAPI.service) { return refusal }
            if let template = served.template(project: project, namespace: namespace) {
                return await fetch(request, project: project, template: template, access: access, tokens: tokens)
            }
            return ToasterRoutes.answer(request, .ok, served.remoteConfig(project: project, namespace: namespace))
        }
        router.post(RouterPath(FirebaseInstallationsAPI.registrationPath(project: ":project"))) { request, context in
            try await settings.delay()
            let project = context.parameters.get("project") ?? ""
            if let refusal = installationsRefusal(request, project: project, served: store.served) { return refusal }
            let body: JSONTree
            do throws(TemplateFetch.Refusal) { body = try await json(request) } catch { return invalid(request, error.message) }
            typealias Keys = FirebaseInstallationsAPI.Registration.CodingKeys
            let fid: String?, appID: String?
            do throws(TemplateFetch.Refusal) {
                (fid, appID) = (try text(body, Keys.fid.stringValue), try text(body, Keys.appID.stringValue))
            } catch {
                return invalid(request, error.message)
            }
            if let refusal = store.served.access(project: project).appRefusal(appID: appID) { return answer(request, refusal) }
            let (installation, refreshToken, authToken) = await tokens.register(project: project, fid: fid, appID: appID, now: Date())
            return ToasterRoutes.answer(request, .ok, FirebaseInstallationsAPI.Installation(
                name: FirebaseInstallationsAPI.Installation.name(project: project, fid: installation.fid), fid: installation.fid,
                refreshToken: refreshToken, authToken: FirebaseInstallationsAPI.AuthToken(token: authToken, seconds: InstallationTokens.lifetime)))
        }
        router.post(RouterPath(FirebaseInstallationsAPI.tokenPath(project: ":project", fid: ":fid"))) { request, context in
            try await settings.delay()
            let project = context.parameters.get("project") ?? "", fid = context.parameters.get("fid") ?? ""
            if let refusal = installationsRefusal(request, project: project, served: store.served) { return refusal }
            let installation: InstallationTokens.Installation
            do throws(InstallationTokens.Refusal) { installation = try await refreshed(request, project: project, fid: fid, tokens: tokens) } catch {
                return refused(request, error)
            }
            let token = await tokens.authToken(installation, now: Date())
            return ToasterRoutes.answer(request, .ok, FirebaseInstallationsAPI.AuthToken(token: token, seconds: InstallationTokens.lifetime))
        }
        router.delete(RouterPath(FirebaseInstallationsAPI.installationPath(project: ":project", fid: ":fid"))) { request, context in
            try await settings.delay()
            let project = context.parameters.get("project") ?? "", fid = context.parameters.get("fid") ?? ""
            if let refusal = installationsRefusal(request, project: project, served: store.served) { return refusal }
            do throws(InstallationTokens.Refusal) {
                let installation = try await refreshed(request, project: project, fid: fid, tokens: tokens)
                do throws(InstallationStorageError) {
                    try await tokens.delete(installation, now: Date())
                } catch {
                    return answer(request, GoogleAPI.ErrorAnswer(.unavailable, message: "the deletion could not be stored; the server's log says why"))
                }
                return ToasterRoutes.answer(request, .ok, Deleted())
            } catch {
                return refused(request, error)
            }
        }
        RemoteConfigAPIRoutes.add(to: router, store: store, settings: settings)
        RealtimeRoutes.add(to: router, store: store, settings: settings, streams: realtime, tokens: tokens, draining: draining)
    }

    /// What Google's Installations answers before looking at a request's installation: the
    /// key refused, or a project that issues none (404).
    private static func installationsRefusal(_ request: Request, project: String, served: ServedPolicy) -> Response? {
        if let refusal = keyRefusal(request, served.access(project: project), service: FirebaseInstallationsAPI.service) { return refusal }
        guard served.firebaseProjects.contains(project) else {
            return answer(request, GoogleAPI.ErrorAnswer(.notFound, message: "no policy's remoteConfig serves a template for project \(project)"))
        }
        return nil
    }

    /// The key, from its header or the `?key=` the SDKs put it in, as the project's access takes it.
    static func keyRefusal(_ request: Request, _ access: FirebaseAccess, service: String) -> Response? {
        let key = request.headers[apiKey] ?? request.uri.queryParameters.get(GoogleAPI.apiKeyQueryItem)
        return access.keyRefusal(apiKey: key, bundleID: request.headers[bundleID], service: service).map { answer(request, $0) }
    }

    /// The installation `Authorization: FIS_v2 {refresh token}` stands for.
    private static func refreshed(_ request: Request, project: String, fid: String,
                                  tokens: InstallationTokens) async throws(InstallationTokens.Refusal) -> InstallationTokens.Installation {
        guard let token = FirebaseInstallationsAPI.refreshToken(authorization: request.headers[.authorization] ?? "") else { throw .invalid }
        return try await tokens.installation(refreshToken: token, project: project, fid: fid)
    }

    /// 401 for a token that is none of this project's installations', 404 for a deleted
    /// installation's, as Google answers (the SDKs then register anew).
    private static func refused(_ request: Request, _ refusal: InstallationTokens.Refusal) -> Response {
        switch refusal {
        case .invalid:
            answer(request, GoogleAPI.ErrorAnswer(.unauthenticated, message: "Authorization: \(FirebaseInstallationsAPI.authVersion) with the "
                + "installation's refresh token is required; this is no refresh token of that installation"))
        case .deleted:
            answer(request, GoogleAPI.ErrorAnswer(.notFound, message: "the installation was deleted"))
        }
    }

    /// `POST …/namespaces/{namespace}:fetch` where the policy holds a template: the body read
    /// (gzipped or not, whatever its label says), the token required — in its header, as the
    /// iOS SDK sends it, or in the body as `app_instance_id_token`, as the web SDK sends it —
    /// then the app, then the template evaluated for the device in the body.
    private static func fetch(_ request: Request, project: String, template: RemoteConfigTemplate, access: FirebaseAccess,
                              tokens: InstallationTokens) async -> Response {
        let now = Date()
        let body: JSONTree
        do throws(TemplateFetch.Refusal) { body = try await json(request) } catch { return invalid(request, error.message) }
        let token = request.headers[installationAuth] ?? given(body, Field.appInstanceIDToken)
        let installation: InstallationTokens.Installation
        do throws(InstallationTokens.Refusal) {
            installation = try await tokens.installation(authToken: token ?? "", project: project, now: now)
        } catch {
            return answer(request, GoogleAPI.ErrorAnswer(.unauthenticated, message: "\(RemoteConfigAPI.installationsAuthHeader) (or the body's "
                + "\(Field.appInstanceIDToken.rawValue)) must carry an unexpired auth token of an installation of project \(project) "
                + "(POST \(FirebaseInstallationsAPI.registrationPath(project: project)) issues one)"))
        }
        if let refusal = access.appRefusal(appID: given(body, Field.appID)) { return answer(request, refusal) }
        do throws(TemplateFetch.Refusal) {
            // Always 200 with the body, never 304: the SDK sends `If-None-Match` with the last
            // ETag and takes any other status for a failed fetch (`RCNConfigFetch.m`).
            let encoded = EncodedAnswer(try TemplateFetch.answer(template, body: body, installationID: installation.fid, now: now))
            return Response(status: .ok, headers: encoded.headers, body: .init(byteBuffer: encoded.body))
        } catch {
            if error.byServer { return answer(request, GoogleAPI.ErrorAnswer(.internal, message: error.message)) }
            return invalid(request, error.message)
        }
    }

    /// The body as JSON (`FetchBody`: gzipped or not, the SDK's syntax or standard JSON); an
    /// empty one reads as `{}`.
    static func json(_ request: Request) async throws(TemplateFetch.Refusal) -> JSONTree {
        var request = request
        let buffer: ByteBuffer
        do { buffer = try await request.collectBody(upTo: maximumBody) } catch {
            throw TemplateFetch.Refusal(message: "the body is larger than \(maximumBody) bytes or was cut off")
        }
        return try FetchBody.tree(Array(buffer.readableBytesView), limit: maximumBody)
    }

    /// A member that must be a text when present.
    private static func text(_ body: JSONTree, _ field: String) throws(TemplateFetch.Refusal) -> String? {
        switch body[field] {
        case .string(let text)?: return text
        case nil, .null?: return nil
        case let other?: throw TemplateFetch.Refusal(message: "\(field) is \(other.kind), not a text")
        }
    }

    /// A fetch field's text in either spelling, if the body gives one (the device's reader
    /// refuses another kind, later).
    private static func given(_ body: JSONTree, _ field: Field) -> String? {
        for name in [field.rawValue, field.camelCase] { if case .string(let text)? = body[name] { return text } }
        return nil
    }

    /// Google's error answer with its own status.
    static func answer(_ request: Request, _ error: GoogleAPI.ErrorAnswer) -> Response {
        ToasterRoutes.answer(request, HTTPResponse.Status(code: error.error.code ?? 500), error)
    }

    private static func invalid(_ request: Request, _ message: String) -> Response {
        answer(request, GoogleAPI.ErrorAnswer(.invalidArgument, message: message))
    }

    /// A deletion's answer: an empty object, as Google's.
    private struct Deleted: Encodable {}
}
