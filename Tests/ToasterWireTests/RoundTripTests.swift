import FoundationEssentials
import Testing
import ToasterCore
import ToasterWire

/// Every shape written as toaster-server (or toastercli, for a request) writes it, then read
/// back as the other side reads it — Core's strict reader — to the same value.
@Suite struct RoundTripTests {
    /// `value` through `WireJSON` and `StrictJSON`; the bytes, for the cases that pin them.
    @discardableResult
    static func roundTrip<Shape: Codable & Equatable>(_ value: Shape, sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        let bytes = try WireJSON.encode(value)
        let read = try StrictJSON.decode(Shape.self, from: bytes).value
        #expect(read == value, sourceLocation: sourceLocation)
        return String(decoding: bytes, as: UTF8.self)
    }

    @Test func googleErrors() throws {
        #expect(try Self.roundTrip(GoogleAPI.ErrorAnswer(.unauthenticated, message: "no token"))
            == #"{"error":{"code":401,"message":"no token","status":"UNAUTHENTICATED"}}"#)
        // As Google writes a refused key: the reason in an ErrorInfo naming the API.
        #expect(try Self.roundTrip(GoogleAPI.ErrorAnswer(.invalidArgument, message: GoogleAPI.Words.apiKeyInvalid, reason: .apiKeyInvalid,
                                                         service: RemoteConfigAPI.service))
            == #"{"error":{"code":400,"details":[{"@type":"type.googleapis.com/google.rpc.ErrorInfo","domain":"googleapis.com","#
            + #""metadata":{"service":"firebaseremoteconfig.googleapis.com"},"reason":"API_KEY_INVALID"}],"#
            + #""message":"API key not valid. Please pass a valid API key.","status":"INVALID_ARGUMENT"}}"#)
        #expect(GoogleAPI.ErrorAnswer(.permissionDenied, message: "", reason: .serviceDisabled).reason == "SERVICE_DISABLED")
        #expect(GoogleAPI.Words.iosAppBlocked(bundleID: nil) == "Requests from this iOS client application <empty> are blocked.")
        try Self.roundTrip(GoogleOAuth.TokenError(error: GoogleOAuth.TokenError.invalidGrant, errorDescription: "Invalid JWT Signature."))
    }

    @Test func firebaseInstallations() throws {
        let registration = FirebaseInstallationsAPI.Registration(fid: "eAbCdEfGhIjKlMnOpQrStU", appID: "1:2:ios:3", sdkVersion: "i:11.5.0")
        #expect(try Self.roundTrip(registration)
            == #"{"appId":"1:2:ios:3","authVersion":"FIS_v2","fid":"eAbCdEfGhIjKlMnOpQrStU","sdkVersion":"i:11.5.0"}"#)
        let token = FirebaseInstallationsAPI.AuthToken(token: "a.b.c", seconds: FirebaseInstallationsAPI.AuthToken.googleLifetime)
        #expect(try Self.roundTrip(token) == #"{"expiresIn":"604800s","token":"a.b.c"}"#)
        #expect(token.seconds == 604_800)
        try Self.roundTrip(FirebaseInstallationsAPI.Installation(name: "projects/p/installations/f", fid: "f", refreshToken: "r", authToken: token))
        #expect(try Self.roundTrip(FirebaseInstallationsAPI.TokenRequest(sdkVersion: "i:11.5.0")) == #"{"installation":{"sdkVersion":"i:11.5.0"}}"#)
    }

    @Test(arguments: ["604800s", "3600.5s"]) func aDurationIsSecondsBeforeAnS(text: String) {
        #expect(FirebaseInstallationsAPI.AuthToken(token: "", expiresIn: text).seconds == Double(text.dropLast()))
    }

    @Test(arguments: ["604800", "s", "-5s", "0s", "7 days"]) func anythingElseIsNoDuration(text: String) {
        #expect(FirebaseInstallationsAPI.AuthToken(token: "", expiresIn: text).seconds == nil)
    }

    @Test func theRefreshTokenTravelsBehindTheAuthVersion() {
        let header = FirebaseInstallationsAPI.authorization(refreshToken: "r1")
        #expect(header == "FIS_v2 r1")
        #expect(FirebaseInstallationsAPI.refreshToken(authorization: header) == "r1")
        #expect(FirebaseInstallationsAPI.refreshToken(authorization: "Bearer r1") == nil)
    }

    static let device = RemoteConfigAPI.FetchRequest(
        appInstanceID: "fid", appInstanceIDToken: "auth", appID: "1:2:ios:3", countryCode: "jp", languageCode: "ja", platformVersion: "18.1",
        timeZone: "Asia/Tokyo", packageName: "com.example.toaster", appVersion: "1.9.0", appBuild: "42", sdkVersion: "11.5.0",
        firstOpenTime: "2026-01-02T03:04:05Z", analyticsUserProperties: ["tier": "gold"], customSignals: ["beta": "true"])

    @Test func theFetchRequestInTheSDKsSpelling() throws {
        let text = try Self.roundTrip(Self.device)
        #expect(text.contains(#""app_instance_id":"fid""#) && text.contains(#""analytics_user_properties":{"tier":"gold"}"#))
        #expect(text.contains(#""time_zone":"Asia/Tokyo""#), "slashes as they are")
        #expect(try Self.roundTrip(RemoteConfigAPI.FetchRequest()) == "{}", "absent fields are left out")
    }

    @Test func theFetchRequestInTheRESTSpellingReadsAsTheSame() throws {
        let text = String(decoding: try WireJSON.encode(Self.device.camelCased), as: UTF8.self)
        #expect(text.contains(#""appInstanceId":"fid""#) && text.contains(#""analyticsUserProperties":{"tier":"gold"}"#))
        #expect(try StrictJSON.decode(RemoteConfigAPI.FetchRequest.self, from: Data(text.utf8)).value == Self.device)
        let toastercli = RemoteConfigAPI.FetchRequest(appInstanceID: "toastercli", appID: "1", sdkVersion: "toastercli")
        #expect(String(decoding: try WireJSON.encode(toastercli.camelCased), as: UTF8.self)
            == #"{"appId":"1","appInstanceId":"toastercli","sdkVersion":"toastercli"}"#)
    }

    @Test func aFieldInBothSpellingsIsReadInTheSDKs() throws {
        let both = #"{"app_version": "1.0", "appVersion": "2.0"}"#
        #expect(try StrictJSON.decode(RemoteConfigAPI.FetchRequest.self, from: Data(both.utf8)).value.appVersion == "1.0")
    }

    @Test func everyFieldHasItsPlaceInTheRequest() {
        var request = RemoteConfigAPI.FetchRequest()
        for field in RemoteConfigAPI.FetchRequest.Field.allCases {
            if field.holdsNames { request[names: field] = [field.rawValue: "x"] } else { request[text: field] = field.rawValue }
        }
        #expect(request.appInstanceID == "app_instance_id" && request.firstOpenTime == "first_open_time" && request.customSignals == ["custom_signals": "x"])
        #expect(RemoteConfigAPI.FetchRequest.Field.analyticsUserProperties.camelCase == "analyticsUserProperties")
    }

    @Test func fetchAnswers() throws {
        #expect(try Self.roundTrip(RemoteConfigAPI.FetchAnswer(entries: nil, state: .noTemplate)) == #"{"state":"NO_TEMPLATE"}"#)
        #expect(try Self.roundTrip(RemoteConfigAPI.FetchAnswer(entries: ["latest_version": "2.0"], state: .update, templateVersion: "42"))
            == #"{"entries":{"latest_version":"2.0"},"state":"UPDATE","templateVersion":"42"}"#)
    }

    @Test func googleOAuth() throws {
        let key = GoogleOAuth.ServiceAccountKey(privateKeyID: "k1", privateKey: "-----BEGIN PRIVATE KEY-----\n…", clientEmail: "a@p.iam.gserviceaccount.com",
                                                tokenURI: "https://oauth2.googleapis.com/token")
        try Self.roundTrip(key)
        #expect(key.isServiceAccount && key.lacking.isEmpty)
        let claims = GoogleOAuth.AssertionClaims(iss: "a@p.iam.gserviceaccount.com", scope: RemoteConfigAPI.scope,
                                                 aud: "https://oauth2.googleapis.com/token", iat: 1_700_000_000, exp: 1_700_003_600)
        #expect(try Self.roundTrip(claims).contains(#""exp":1700003600,"iat":1700000000"#), "whole seconds, written whole")
        try Self.roundTrip(GoogleOAuth.AccessToken(accessToken: "ya29.x", expiresIn: 3600))
        try Self.roundTrip(GoogleOAuth.TokenRequest(assertion: "h.c.s"))
        try Self.roundTrip(JWSHeader(alg: GoogleOAuth.algorithm, kid: "k1"))
    }

    @Test func aServiceAccountKeyLacksWhatIsAbsentOrEmpty() {
        let key = GoogleOAuth.ServiceAccountKey(type: "user", privateKey: "", clientEmail: "a@b", tokenURI: nil)
        #expect(!key.isServiceAccount)
        #expect(key.lacking == ["private_key", "token_uri"])
    }

    @Test func theTokenRequestIsFormEncoded() {
        #expect(GoogleOAuth.TokenRequest(assertion: "a-b_c.d~e").form
            == "grant_type=urn%3Aietf%3Aparams%3Aoauth%3Agrant-type%3Ajwt-bearer&assertion=a-b_c.d~e")
        #expect(GoogleOAuth.TokenRequest(grantType: "x y/é", assertion: "").form == "grant_type=x%20y%2F%C3%A9&assertion=")
    }

    @Test func theLookup() throws {
        #expect(try Self.roundTrip(AppStoreLookupAPI.Answer(resultCount: 0, results: [])) == #"{"resultCount":0,"results":[]}"#)
        let result = AppStoreLookupAPI.Result(
            trackId: 6_751_636_184, bundleId: "com.example.toaster", trackName: "Toaster", trackViewUrl: "https://apps.apple.com/jp/app/id6751636184",
            version: "1.3.0", currentVersionReleaseDate: "2026-11-20T00:00:00Z", releaseNotes: "Faster toast", minimumOsVersion: "15.0",
            fileSizeBytes: "52428800")
        let text = try Self.roundTrip(AppStoreLookupAPI.Answer(resultCount: 1, results: [result]))
        #expect(text.contains(#""kind":"software""#) && text.contains(#""trackViewUrl":"https://apps.apple.com/jp/app/id6751636184""#))
    }

    @Test func appStoreConnectDocuments() throws {
        typealias API = AppStoreConnectAPI
        #expect(try Self.roundTrip(API.One<API.Build>(data: nil)) == #"{"data":null}"#, "an empty to-one relationship says null")
        try Self.roundTrip(API.One(data: API.Build(id: "v1", minOsVersion: "16.0")))
        try Self.roundTrip(API.One(data: API.PhasedRelease(id: "v1", phasedReleaseState: "ACTIVE", currentDayNumber: 3, startDate: "2026-11-20")))
        try Self.roundTrip(API.One(data: API.AppAvailability(id: "1", availableInNewTerritories: false,
                                                             territoryAvailabilities: "https://h/v2/appAvailabilities/1/territoryAvailabilities")))
        let page = API.Page(data: [API.TerritoryAvailability(id: "1-JPN", available: true, territory: "JPN")],
                            links: API.Links(this: "https://h/x", next: "https://h/x?cursor=50"))
        #expect(try Self.roundTrip(page).contains(#""links":{"next":"https://h/x?cursor=50","self":"https://h/x"}"#))
        try Self.roundTrip(API.Page(data: [API.AppStoreVersion(id: "1-0", attributes: .init(
            platform: API.iOS, versionString: "2.0", appVersionState: "READY_FOR_DISTRIBUTION", releaseType: "MANUAL", earliestReleaseDate: nil))],
                                    links: API.Links(this: "https://h/y")))
        try Self.roundTrip(API.Page(data: [API.Identifier(type: API.Identifier.apps, id: "1")], links: nil))
        try Self.roundTrip(API.Errors(status: 401, code: "NOT_AUTHORIZED", title: "Authentication credentials are missing or invalid.", detail: "no bearer token"))
        try Self.roundTrip(API.TokenClaims(iss: "issuer", iat: 1_700_000_000, exp: 1_700_001_200))
    }

    /// The paths as each service documents them; toaster-server routes by the same functions,
    /// with captures for the parts a request varies in.
    @Test func paths() {
        #expect(FirebaseInstallationsAPI.registrationPath(project: "p") == "/v1/projects/p/installations")
        #expect(FirebaseInstallationsAPI.tokenPath(project: "p", fid: "f") == "/v1/projects/p/installations/f/authTokens:generate")
        #expect(FirebaseInstallationsAPI.Installation.name(project: "p", fid: "f") == "projects/p/installations/f")
        #expect(RemoteConfigAPI.fetchPath(project: "p") == "/v1/projects/p/namespaces/firebase:fetch")
        #expect(RemoteConfigAPI.templatePath(project: "p") == "/v1/projects/p/remoteConfig")
        #expect(RemoteConfigRealtimeAPI.streamPath(project: "123") == "/v1/projects/123/namespaces/firebase:streamFetchInvalidations")
        #expect(AppStoreLookupAPI.path == "/lookup" && AppStoreLookupAPI.path(country: "jp") == "/jp/lookup")
        #expect(CMSAPI.path(endpoint: "force_update") == "/api/v1/force_update")
        #expect(AppStoreConnectAPI.AppAvailability.path(app: "1") == "/v1/apps/1/appAvailabilityV2")
        #expect(AppStoreConnectAPI.TerritoryAvailability.path(availability: "1") == "/v2/appAvailabilities/1/territoryAvailabilities")
        #expect(AppStoreConnectAPI.AppStoreVersion.path(app: "1") == "/v1/apps/1/appStoreVersions")
        #expect(AppStoreConnectAPI.versionPath("v", relationship: AppStoreConnectAPI.PhasedRelease.relationship)
            == "/v1/appStoreVersions/v/appStoreVersionPhasedRelease")
    }

    /// A stream message is one flat object with only the fields given: the iOS SDK takes the
    /// text from a `{` to the next `}`, and reads a present `featureDisabled` as true.
    @Test func realtimeMessages() throws {
        typealias Message = RemoteConfigRealtimeAPI.Message
        #expect(try Self.roundTrip(Message(latestTemplateVersionNumber: "43")) == #"{"latestTemplateVersionNumber":"43"}"#)
        #expect(try Self.roundTrip(Message(retryIntervalSeconds: 5)) == #"{"retryIntervalSeconds":5}"#)
        #expect(try Self.roundTrip(Message(featureDisabled: true)) == #"{"featureDisabled":true}"#)
        let number = try StrictJSON.decode(Message.self, from: Data(#"{"latestTemplateVersionNumber": 43, "retryIntervalSeconds": "7"}"#.utf8))
        #expect(number.value == Message(latestTemplateVersionNumber: "43", retryIntervalSeconds: 7), "a number or a text, as integerValue reads either")
    }

    /// The web SDK's request, which toastercli also sends: JSON, the version left out before any.
    @Test func theStreamRequest() throws {
        let request = RemoteConfigRealtimeAPI.StreamRequest(project: "123", namespace: "firebase", lastKnownVersionNumber: nil, appID: "1:123:ios:ab",
                                                            sdkVersion: "11.5.0", appInstanceID: "fid")
        #expect(try Self.roundTrip(request)
            == #"{"appId":"1:123:ios:ab","appInstanceId":"fid","namespace":"firebase","project":"123","sdkVersion":"11.5.0"}"#)
    }

    @Test(arguments: [("1:123456789:ios:abcdef", "123456789"), ("1:42:web:0f", "42"), ("toaster-demo", nil), ("1::ios:ab", nil), ("1:12a:ios:ab", nil)])
    func theProjectNumberIsTheAppIDsSecondPart(appID: String, number: String?) {
        #expect(RemoteConfigRealtimeAPI.projectNumber(appID: appID) == number)
    }

    @Test func theRealtimeFetchCountsItsAttempts() {
        #expect(RemoteConfigAPI.realtimeFetchType(attempt: 2) == "REALTIME/2")
    }

    @Test func theCMSObject() throws {
        let object = CMSAPI.ForceUpdate(
            createdAt: "2026-11-20T00:00:00.000Z", updatedAt: "2026-11-20T00:00:00.000Z", publishedAt: nil, revisedAt: "2026-11-20T00:00:00.000Z",
            title: "업데이트", message: "새 버전이 나왔습니다", startDate: "2026-11-20T00:00:00Z", endDate: "2026-12-20T00:00:00Z",
            minAppVersion: "1.0.0", maxAppVersion: "1.2.9", buttonTitle: "업데이트", url: "itms-apps://itunes.apple.com/app/id6751636184")
        try Self.roundTrip(object)
    }
}
