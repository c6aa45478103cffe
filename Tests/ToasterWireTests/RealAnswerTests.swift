import FoundationEssentials
import Testing
import ToasterCore
import ToasterWire

/// Answers as the real services write them — every field they send, most of which neither side
/// reads — read as toastercli reads them. Shaped after each service's documentation and its
/// own client's test fixtures (firebase-ios-sdk's `FirebaseInstallations/Source/Tests/Fixture`,
/// Google's AIP-193 and OAuth 2.0 pages, Apple's App Store Connect API reference, microCMS's).
@Suite struct RealAnswerTests {
    static func read<Shape: Decodable>(_ type: Shape.Type, _ text: String) throws -> Shape {
        try StrictJSON.decode(type, from: Data(text.utf8)).value
    }

    @Test func aFirebaseInstallationsRegistrationWithoutItsFID() throws {
        let installation = try Self.read(FirebaseInstallationsAPI.Installation.self, """
            {
              "name": "projects/toaster-demo/installations/cXk2Zm1qZHNkZjM0c2Rm",
              "refreshToken": "2_Rk9SRVZFUi1SRUZSRVNILVRPS0VOLUZPUi1URVNUUw",
              "authToken": {"token": "eyJhbGciOiJFUzI1NiJ9.eyJmaWQiOiJjWGsyWm0xcVpIIn0.c2lnbmF0dXJl", "expiresIn": "604800s"}
            }
            """)
        #expect(installation.fid == nil, "the SDK keeps its own FID when the answer has none")
        #expect(installation.authToken.seconds == 604_800)
        #expect(try Self.read(FirebaseInstallationsAPI.AuthToken.self, #"{"token": "a.b.c", "expiresIn": "3987465s"}"#).seconds == 3_987_465)
    }

    @Test func aRemoteConfigFetchAnswer() throws {
        let answer = try Self.read(RemoteConfigAPI.FetchAnswer.self, """
            {
              "entries": {"min_required_version": "1.5.0", "latest_version": "2.0.0", "force_update_store_url": "itms-apps://itunes.apple.com/app/id6751636184"},
              "appName": "com.example.toaster",
              "state": "UPDATE",
              "templateVersion": "12",
              "personalizationMetadata": {},
              "rolloutMetadata": [{"rolloutId": "rollout_1", "variantId": "1", "affectedParameterKeys": ["latest_version"]}]
            }
            """)
        #expect(answer.entries?["latest_version"] == "2.0.0")
        #expect(RemoteConfigAPI.State(rawValue: answer.state ?? "") == .update)
        #expect(answer.templateVersion == "12")
        #expect(try Self.read(RemoteConfigAPI.FetchAnswer.self, #"{"state": "NO_CHANGE"}"#).entries == nil)
    }

    @Test func aGoogleAPIRefusal() throws {
        let refusal = try Self.read(GoogleAPI.ErrorAnswer.self, """
            {
              "error": {
                "code": 400,
                "message": "API key not valid. Please pass a valid API key.",
                "status": "INVALID_ARGUMENT",
                "details": [
                  {"@type": "type.googleapis.com/google.rpc.ErrorInfo", "reason": "API_KEY_INVALID", "domain": "googleapis.com",
                   "metadata": {"service": "firebaseinstallations.googleapis.com"}},
                  {"@type": "type.googleapis.com/google.rpc.LocalizedMessage", "locale": "en-US", "message": "API key not valid. Please pass a valid API key."}
                ]
              }
            }
            """)
        #expect(refusal.error.status == "INVALID_ARGUMENT")
        #expect(refusal.reason == "API_KEY_INVALID")
    }

    @Test func aServiceAccountKeyAsTheConsoleDownloadsIt() throws {
        let key = try Self.read(GoogleOAuth.ServiceAccountKey.self, """
            {
              "type": "service_account",
              "project_id": "toaster-demo",
              "private_key_id": "3f1e5c0a9b8d7e6f5a4b3c2d1e0f9a8b7c6d5e4f",
              "private_key": "-----BEGIN PRIVATE KEY-----\\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASC\\n-----END PRIVATE KEY-----\\n",
              "client_email": "toaster-preflight@toaster-demo.iam.gserviceaccount.com",
              "client_id": "103482934823948239482",
              "auth_uri": "https://accounts.google.com/o/oauth2/auth",
              "token_uri": "https://oauth2.googleapis.com/token",
              "auth_provider_x509_cert_url": "https://www.googleapis.com/oauth2/v1/certs",
              "client_x509_cert_url": "https://www.googleapis.com/robot/v1/metadata/x509/toaster-preflight%40toaster-demo.iam.gserviceaccount.com",
              "universe_domain": "googleapis.com"
            }
            """)
        #expect(key.isServiceAccount && key.lacking.isEmpty)
        #expect(key.clientEmail == "toaster-preflight@toaster-demo.iam.gserviceaccount.com")
        #expect(key.tokenURI == "https://oauth2.googleapis.com/token")
        #expect(key.privateKeyID == "3f1e5c0a9b8d7e6f5a4b3c2d1e0f9a8b7c6d5e4f")
    }

    @Test func theTokenEndpointsAnswers() throws {
        let granted = try Self.read(GoogleOAuth.AccessToken.self, #"{"access_token": "ya29.c.b0AXv0zTM", "expires_in": 3599, "token_type": "Bearer"}"#)
        #expect(granted == GoogleOAuth.AccessToken(accessToken: "ya29.c.b0AXv0zTM", expiresIn: 3599))
        let refused = try Self.read(GoogleOAuth.TokenError.self, #"{"error": "invalid_grant", "error_description": "Invalid JWT Signature."}"#)
        #expect(refused == GoogleOAuth.TokenError(error: GoogleOAuth.TokenError.invalidGrant, errorDescription: "Invalid JWT Signature."))
        #expect(try Self.read(GoogleOAuth.TokenError.self, #"{"error": "invalid_refresh_token"}"#).errorDescription == nil)
    }

    @Test func anAppStoreLookup() throws {
        let lookup = try Self.read(AppStoreLookupAPI.Answer.self, """
            {
             "resultCount":1,
             "results": [
            {"isGameCenterEnabled":false, "features":["iosUniversal"], "supportedDevices":["iPhone15-iPhone15"], "advisories":[],
            "artworkUrl60":"https://is1-ssl.mzstatic.com/image/thumb/Purple/v4/60x60bb.jpg", "kind":"software", "minimumOsVersion":"15.0",
            "trackCensoredName":"토스터", "languageCodesISO2A":["EN", "KO"], "fileSizeBytes":"52428800", "formattedPrice":"Free",
            "contentAdvisoryRating":"4+", "averageUserRatingForCurrentVersion":4.7, "userRatingCountForCurrentVersion":120,
            "trackViewUrl":"https://apps.apple.com/kr/app/%ED%86%A0%EC%8A%A4%ED%84%B0/id6751636184?uo=4", "trackContentRating":"4+",
            "bundleId":"com.example.toaster", "trackId":6751636184, "trackName":"토스터", "releaseDate":"2025-09-01T07:00:00Z",
            "genreIds":["6002", "6000"], "primaryGenreName":"Utilities", "primaryGenreId":6002, "isVppDeviceBasedLicensingEnabled":true,
            "sellerName":"Example Inc.", "currentVersionReleaseDate":"2026-11-20T00:00:00Z", "releaseNotes":"더 빨라졌습니다.",
            "currency":"KRW", "version":"1.3.0", "wrapperType":"software", "artistId":1234567890, "artistName":"Example Inc.",
            "genres":["유틸리티", "비즈니스"], "price":0.00, "description":"토스트를 굽습니다.", "userRatingCount":1200}]
            }
            """)
        let result = try #require(lookup.results.first)
        #expect(lookup.resultCount == 1 && result.version == "1.3.0" && result.trackId == 6_751_636_184)
        #expect(result.minimumOsVersion == "15.0" && result.currentVersionReleaseDate == "2026-11-20T00:00:00Z" && result.fileSizeBytes == "52428800")
        #expect(try Self.read(AppStoreLookupAPI.Answer.self, #"{"resultCount":0, "results": []}"#).results.isEmpty)
    }

    @Test func appStoreConnectDocuments() throws {
        typealias API = AppStoreConnectAPI
        let versions = try Self.read(API.Page<API.AppStoreVersion>.self, """
            {
              "data": [{
                "type": "appStoreVersions", "id": "a1b2c3d4-0000-4000-8000-000000000001",
                "attributes": {"platform": "IOS", "versionString": "2.0.0", "appStoreState": "PENDING_DEVELOPER_RELEASE",
                               "appVersionState": "PENDING_DEVELOPER_RELEASE", "copyright": "2026 Example Inc.", "reviewType": "APP_STORE",
                               "releaseType": "MANUAL", "earliestReleaseDate": null, "downloadable": true, "createdDate": "2026-11-01T09:00:00-07:00"},
                "relationships": {"build": {"links": {"self": "https://api.appstoreconnect.apple.com/v1/appStoreVersions/a1/relationships/build",
                                                      "related": "https://api.appstoreconnect.apple.com/v1/appStoreVersions/a1/build"}}},
                "links": {"self": "https://api.appstoreconnect.apple.com/v1/appStoreVersions/a1"}
              }],
              "links": {"self": "https://api.appstoreconnect.apple.com/v1/apps/6751636184/appStoreVersions?limit=200"},
              "meta": {"paging": {"total": 1, "limit": 200}}
            }
            """)
        #expect(versions.data.first?.attributes.versionString == "2.0.0" && versions.data.first?.attributes.earliestReleaseDate == nil)
        #expect(versions.links?.next == nil)

        let availability = try Self.read(API.One<API.AppAvailability>.self, """
            {"data": {"type": "appAvailabilities", "id": "6751636184", "attributes": {"availableInNewTerritories": true},
                      "relationships": {"territoryAvailabilities": {"links": {
                        "related": "https://api.appstoreconnect.apple.com/v2/appAvailabilities/6751636184/territoryAvailabilities"}}},
                      "links": {"self": "https://api.appstoreconnect.apple.com/v2/appAvailabilities/6751636184"}},
             "links": {"self": "https://api.appstoreconnect.apple.com/v1/apps/6751636184/appAvailabilityV2"}}
            """)
        #expect(availability.data?.relationships?.territoryAvailabilities?.links?.related?.hasSuffix("/territoryAvailabilities") == true)

        let territories = try Self.read(API.Page<API.TerritoryAvailability>.self, """
            {"data": [{"type": "territoryAvailabilities", "id": "eyJzIjoiNjc1MTYzNjE4NCIsInQiOiJKUE4ifQ",
                       "attributes": {"available": true, "releaseDate": null, "preOrderEnabled": false, "contentStatuses": ["AVAILABLE"]},
                       "relationships": {"territory": {"data": {"type": "territories", "id": "JPN"}}}}],
             "included": [{"type": "territories", "id": "JPN", "attributes": {"currency": "JPY"}}],
             "links": {"self": "https://api.appstoreconnect.apple.com/v2/appAvailabilities/6751636184/territoryAvailabilities?include=territory&limit=200",
                       "next": "https://api.appstoreconnect.apple.com/v2/appAvailabilities/6751636184/territoryAvailabilities?cursor=AQ.AM&include=territory&limit=200"},
             "meta": {"paging": {"total": 175, "limit": 200}}}
            """)
        #expect(territories.data.first?.relationships.territory.data.id == "JPN" && territories.data.first?.attributes.available == true)
        #expect(territories.links?.next?.contains("cursor=") == true)

        let phased = try Self.read(API.One<API.PhasedRelease>.self, """
            {"data": {"type": "appStoreVersionPhasedReleases", "id": "9f8e7d6c",
                      "attributes": {"phasedReleaseState": "ACTIVE", "startDate": "2026-11-20T08:00:00Z", "totalPauseDuration": 0, "currentDayNumber": 3},
                      "links": {"self": "https://api.appstoreconnect.apple.com/v1/appStoreVersionPhasedReleases/9f8e7d6c"}},
             "links": {"self": "https://api.appstoreconnect.apple.com/v1/appStoreVersions/a1/appStoreVersionPhasedRelease"}}
            """)
        #expect(phased.data?.attributes.currentDayNumber == 3)
        #expect(try Self.read(API.One<API.PhasedRelease>.self, #"{"data": null, "links": {"self": "https://h/x"}}"#).data == nil)
        #expect(throws: StrictJSONError.self, "a document without data is refused") {
            try Self.read(API.One<API.PhasedRelease>.self, #"{"links": {"self": "https://h/x"}}"#)
        }

        let errors = try Self.read(API.Errors.self, """
            {"errors": [{"id": "7a3c5e2b-1111-4d4d-9999-0123456789ab", "status": "401", "code": "NOT_AUTHORIZED",
                         "title": "Authentication credentials are missing or invalid.",
                         "detail": "Provide a properly configured and signed bearer token, and make sure that it has not expired."}]}
            """)
        #expect(errors.errors.first?.code == "NOT_AUTHORIZED")
    }

    @Test func aMicroCMSObject() throws {
        let object = try Self.read(CMSAPI.ForceUpdate.self, """
            {"id": "forceupdate", "createdAt": "2026-11-01T05:46:29.953Z", "updatedAt": "2026-11-18T02:10:11.120Z",
             "publishedAt": null, "revisedAt": "2026-11-18T02:10:11.120Z", "title": "업데이트 안내",
             "message": "새 버전이 나왔습니다. 업데이트해 주세요.", "startDate": "2026-11-20T00:00:00.000Z", "endDate": "2026-12-20T00:00:00.000Z",
             "minAppVersion": "1.0.0", "maxAppVersion": "1.2.9", "buttonTitle": "업데이트", "url": "itms-apps://itunes.apple.com/app/id6751636184"}
            """)
        #expect(object.minAppVersion == "1.0.0" && object.maxAppVersion == "1.2.9" && object.publishedAt == nil)
        #expect(CMSAPI.ForceUpdate.appKeys.map(\.stringValue) == ["title", "message", "startDate", "endDate", "minAppVersion", "maxAppVersion", "buttonTitle", "url"])
    }
}
