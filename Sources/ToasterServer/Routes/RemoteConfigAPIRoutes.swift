import FoundationEssentials
import HTTPTypes
import Hummingbird

/// The Remote Config REST API's read of a template, as `toastercli preflight
/// --firebase-project` makes it (docs/06): Google's token endpoint exchanges a service
/// account's signed assertion for an access token, and `GET …/remoteConfig` with that token
/// answers the policy's inline template. Both refuse everything unless the server was started
/// with `--firebase-service-account`.
enum RemoteConfigAPIRoutes {
    static let jwtBearer = "urn:ietf:params:oauth:grant-type:jwt-bearer"
    /// An assertion is under a kilobyte; this leaves room for a large key id and scopes.
    static let maximumBody = 16 << 10
    static let notStarted = "toaster-server issues tokens only when started with --firebase-service-account"

    static func add(to router: Router<BasicRequestContext>, store: PolicyStore, settings: ServerSettings) {
        router.post("token") { request, _ in
            try await settings.delay()
            guard let account = settings.firebaseServiceAccount else { return refused(request, .init(error: "invalid_grant", description: notStarted)) }
            var request = request
            let form: TokenRequest
            do {
                let body = try await request.collectBody(upTo: maximumBody)
                form = try URLEncodedFormDecoder().decode(TokenRequest.self, from: String(buffer: body))
            } catch {
                return refused(request, .init(error: "invalid_request", description: "Required parameters grant_type and assertion, form-encoded, in a body of at most \(maximumBody) bytes."))
            }
            guard form.grant_type == jwtBearer else {
                return refused(request, .init(error: "unsupported_grant_type", description: "Invalid grant_type: \(form.grant_type)"))
            }
            do throws(ServiceAccountVerifier.Refusal) {
                let endpoint = "http://\(request.head.authority ?? "127.0.0.1")/token"
                let issued = try await account.token(assertion: form.assertion, endpoint: endpoint, now: Date())
                return ToasterRoutes.answer(request, .ok, AccessToken(access_token: issued.token, expires_in: issued.expiresIn, token_type: "Bearer"))
            } catch {
                return refused(request, error)
            }
        }
        router.get("v1/projects/:project/remoteConfig") { request, context in
            try await settings.delay()
            let project = context.parameters.get("project") ?? ""
            guard let account = settings.firebaseServiceAccount, let token = BearerToken.parse(request.headers[.authorization]),
                  account.accepts(accessToken: token, now: Date()) else {
                let why = settings.firebaseServiceAccount == nil ? notStarted
                    : "Request had invalid authentication credentials. Expected OAuth 2 access token (POST /token issues one)."
                return ToasterRoutes.answer(request, .unauthorized, ServiceAnswers.GoogleError(401, "UNAUTHENTICATED", why))
            }
            guard let template = store.served.templateDocument(project: project) else {
                return ToasterRoutes.answer(request, .notFound, ServiceAnswers.GoogleError(
                    404, "NOT_FOUND", "no policy's remoteConfig holds a template for project \(project)"))
            }
            return ToasterRoutes.answer(request, .ok, template)
        }
    }

    /// Google's token endpoint's refusal: 400 with `error` and `error_description`.
    private static func refused(_ request: Request, _ refusal: ServiceAccountVerifier.Refusal) -> Response {
        ToasterRoutes.answer(request, .badRequest, TokenError(error: refusal.error, error_description: refusal.description))
    }

    // The names are the wire's (RFC 6749, 4.1.3 and 5.1–5.2).
    private struct TokenRequest: Decodable {
        let grant_type: String
        let assertion: String
    }

    private struct AccessToken: Encodable {
        let access_token: String
        let expires_in: Int
        let token_type: String
    }

    private struct TokenError: Encodable {
        let error: String
        let error_description: String
    }
}
