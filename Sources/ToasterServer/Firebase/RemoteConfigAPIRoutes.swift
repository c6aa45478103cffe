import FoundationEssentials
import HTTPTypes
import Hummingbird
import ToasterWire

/// The Remote Config REST API's read of a template, as `toastercli preflight
/// --firebase-project` makes it (docs/06): Google's token endpoint exchanges a service
/// account's signed assertion for an access token, and `GET …/remoteConfig` with that token
/// answers the policy's inline template. Both refuse everything unless the server was started
/// with `--firebase-service-account`.
enum RemoteConfigAPIRoutes {
    /// An assertion is under a kilobyte; this leaves room for a large key id and scopes.
    static let maximumBody = 16 << 10
    static let notStarted = "toaster-server issues tokens only when started with --firebase-service-account"

    static func add(to router: some RouterMethods<BasicRequestContext>, store: PolicyStore, settings: ServerSettings) {
        typealias TokenRequest = GoogleOAuth.TokenRequest
        typealias TokenError = GoogleOAuth.TokenError
        router.post(RouterPath(GoogleOAuth.tokenPath)) { request, _ in
            try await settings.delay()
            guard let account = settings.firebaseServiceAccount else {
                return refused(request, .init(error: TokenError.invalidGrant, description: notStarted))
            }
            var request = request
            let form: TokenRequest
            do {
                let body = try await request.collectBody(upTo: maximumBody)
                form = try URLEncodedFormDecoder().decode(TokenRequest.self, from: String(buffer: body))
            } catch {
                return refused(request, .init(error: TokenError.invalidRequest, description: "Required parameters "
                    + "\(TokenRequest.CodingKeys.grantType.stringValue) and \(TokenRequest.CodingKeys.assertion.stringValue), form-encoded, "
                    + "in a body of at most \(maximumBody) bytes."))
            }
            guard form.grantType == TokenRequest.jwtBearer else {
                return refused(request, .init(error: TokenError.unsupportedGrantType,
                                              description: "Invalid \(TokenRequest.CodingKeys.grantType.stringValue): \(form.grantType)"))
            }
            do throws(ServiceAccountVerifier.Refusal) {
                let endpoint = "http://\(request.head.authority ?? "127.0.0.1")\(GoogleOAuth.tokenPath)"
                let issued = try await account.token(assertion: form.assertion, endpoint: endpoint, now: Date())
                return ToasterRoutes.answer(request, .ok, GoogleOAuth.AccessToken(accessToken: issued.token, expiresIn: issued.expiresIn))
            } catch {
                return refused(request, error)
            }
        }
        router.get(RouterPath(RemoteConfigAPI.templatePath(project: ":project"))) { request, context in
            try await settings.delay()
            if let refused = unauthorized(request, settings: settings) { return refused }
            let served = store.served
            guard let project = served.firebaseProject(named: context.parameters.get("project") ?? ""),
                  let template = served.templateDocument(project: project) else {
                return notFound(request, context)
            }
            if let asked = request.uri.queryParameters.get(RemoteConfigAPI.versionNumberQueryItem) {
                return await version(request, asked, project: project, store: store)
            }
            return answer(request, template, project: project, version: served.templateVersion(project: project))
        }
        addVersions(to: router, store: store, settings: settings)
    }

    /// 401 `UNAUTHENTICATED` unless the request carries an access token `POST /token` issued.
    static func unauthorized(_ request: Request, settings: ServerSettings) -> Response? {
        guard let account = settings.firebaseServiceAccount, let token = BearerToken.parse(request.headers[.authorization]),
              account.accepts(accessToken: token, now: Date()) else {
            let why = settings.firebaseServiceAccount == nil ? notStarted
                : "Request had invalid authentication credentials. Expected OAuth 2 access token (POST \(GoogleOAuth.tokenPath) issues one)."
            return ToasterRoutes.answer(request, .unauthorized, GoogleAPI.ErrorAnswer(.unauthenticated, message: why))
        }
        return nil
    }

    /// 404 `NOT_FOUND` for a project (its ID or number) without a template.
    static func notFound(_ request: Request, _ context: some RequestContext) -> Response {
        let project = context.parameters.get("project") ?? ""
        return FirebaseRoutes.answer(request, GoogleAPI.ErrorAnswer(.notFound, message: "no policy's remoteConfig holds a template for project \(project)"))
    }

    /// A template answered as Google answers it: with the ETag of its version, which a publish
    /// sends back as `If-Match`.
    static func answer(_ request: Request, _ template: EncodedAnswer, project: String, version: Int64?, eTag: String? = nil) -> Response {
        var response = ToasterRoutes.answer(request, .ok, template)
        response.headers[.eTag] = eTag ?? RemoteConfigAPI.eTag(project: project, version: version ?? 0)
        return response
    }

    /// Google's token endpoint's refusal: 400 with the error and its description.
    private static func refused(_ request: Request, _ refusal: ServiceAccountVerifier.Refusal) -> Response {
        ToasterRoutes.answer(request, .badRequest, GoogleOAuth.TokenError(error: refusal.error, errorDescription: refusal.description))
    }
}
