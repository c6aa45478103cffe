import Foundation
import Hummingbird
import Testing
import ToasterTestSupport
import ToasterCore
@testable import ToasterServices

/// The real fetch against a loopback stand-in for Firebase Installations and Remote Config that
/// checks what Google checks: the key, the installation's token, the device's fields; and the
/// sentence each refusal gives, never with the key in it.
@Suite(.offThePool, .serialized) struct FirebaseFetchSourceTests {
    static let key = "AIzaSyTestKey-0123456789abcdefghijklmnop"
    static let appID = "1:1234567890:ios:0a1b2c3d4e5f6789"

    /// What the stand-in saw, request by request.
    struct Seen {
        var registrations: [[String: String]] = []
        var refreshes: [String] = []
        var fetches: [(headers: [String: String], body: [String: Any])] = []
    }

    final class Log: @unchecked Sendable {
        let seen = NSLock()
        var value = Seen()
        func record(_ change: (inout Seen) -> Void) { seen.lock(); change(&value); seen.unlock() }
        var current: Seen { seen.lock(); defer { seen.unlock() }; return value }
    }

    private static func json(_ status: HTTPResponse.Status, _ text: String, headers: HTTPFields = [:]) -> Response {
        var fields = headers
        fields[.contentType] = "application/json"
        return Response(status: status, headers: fields, body: .init(byteBuffer: ByteBuffer(string: text)))
    }

    private static func header(_ request: Request, _ name: String) -> String? {
        request.headers.first { $0.name.canonicalName == name.lowercased() }?.value
    }

    private static func body(_ request: Request) async throws -> [String: Any] {
        var request = request
        let buffer = try await request.collectBody(upTo: 1 << 16)
        return try JSONSerialization.jsonObject(with: Data(String(buffer: buffer).utf8)) as? [String: Any] ?? [:]
    }

    static let keyRefused = #"{"error": {"code": 400, "message": "API key not valid. Please pass a valid API key.", "status": "INVALID_ARGUMENT", "#
        + #""details": [{"@type": "type.googleapis.com/google.rpc.ErrorInfo", "reason": "API_KEY_INVALID", "domain": "googleapis.com"}]}}"#

    /// The stand-in: tokens expire after `expiresIn`, the fetch answers `entries`.
    private func standIn(_ log: Log, expiresIn: String = "604800s") -> Router<BasicRequestContext> {
        let router = Router()
        router.post("v1/projects/toaster-test/installations") { request, _ in
            guard Self.header(request, "X-Goog-Api-Key") == Self.key else { return Self.json(.badRequest, Self.keyRefused) }
            let body = try await Self.body(request)
            let fid = body["fid"] as? String ?? ""
            log.record { $0.registrations.append(body.compactMapValues { $0 as? String }) }
            return Self.json(.ok, #"{"name": "projects/1234567890/installations/\#(fid)", "fid": "\#(fid)", "refreshToken": "refresh-1", "#
                + #""authToken": {"token": "auth-1", "expiresIn": "\#(expiresIn)"}}"#)
        }
        router.post("v1/projects/toaster-test/installations/:fid/authTokens:generate") { request, context in
            guard Self.header(request, "X-Goog-Api-Key") == Self.key, Self.header(request, "Authorization") == "FIS_v2 refresh-1" else {
                return Self.json(.unauthorized, #"{"error": {"code": 401, "message": "Request had invalid authentication credentials.", "status": "UNAUTHENTICATED"}}"#)
            }
            log.record { $0.refreshes.append(context.parameters.get("fid") ?? "") }
            return Self.json(.ok, #"{"token": "auth-2", "expiresIn": "604800s"}"#)
        }
        router.post("v1/projects/toaster-test/namespaces/firebase:fetch") { request, _ in
            guard Self.header(request, "X-Goog-Api-Key") == Self.key else { return Self.json(.badRequest, Self.keyRefused) }
            let token = Self.header(request, "X-Goog-Firebase-Installations-Auth") ?? ""
            guard token == "auth-1" || token == "auth-2" else {
                return Self.json(.unauthorized, #"{"error": {"code": 401, "message": "invalid installation token", "status": "UNAUTHENTICATED"}}"#)
            }
            let headers = ["token": token, "bundle": Self.header(request, "X-Ios-Bundle-Identifier") ?? ""]
            let body = try await Self.body(request)
            log.record { $0.fetches.append((headers, body)) }
            return Self.json(.ok, #"{"entries": {"min_required_version": "2.0.0", "latest_version": "2.1.0", "force_update_store_url": "itms-apps://x"}, "#
                + #""state": "UPDATE", "templateVersion": "42"}"#)
        }
        return router
    }

    private func source(_ base: String, key: String = key, stateFolder: String? = nil) -> FirebaseFetchSource {
        FirebaseFetchSource(project: "toaster-test", appID: Self.appID, apiKey: key, installationsBase: base, remoteConfigBase: base + "/",
                            bundleID: "com.example.toaster", keys: .default,
                            device: .init(appVersion: "1.9.0", build: "190", country: "jp", language: "ja", osVersion: "17.4",
                                          userProperties: ["beta_tester": "false"], customSignals: ["plan": "pro"],
                                          firstOpen: ISO8601.parse("2026-01-01T00:00:00Z")),
                            stateFolder: stateFolder, timeout: .seconds(10))
    }

    /// The real-time stream is asked of a source, not carried by every one: Remote Config
    /// fetched as an app fetches has one, alone or with a store beside it; no other source does.
    @Test func onlyTheAppsFetchAnnouncesItsChanges() {
        let fetch = source("http://127.0.0.1:9")
        let store = DemoStore(storeVersion: "2.0.0")
        #expect(FirebaseRealtime(announcing: fetch)?.streamURL == "http://127.0.0.1:9" + "/v1/projects/1234567890/namespaces/firebase:streamFetchInvalidations")
        #expect(FirebaseRealtime(announcing: SourceWithStore(service: fetch, store: store))?.streamURL == FirebaseRealtime(announcing: fetch)?.streamURL)
        #expect(FirebaseRealtime(announcing: store) == nil)
        #expect(FirebaseRealtime(announcing: SourceWithStore(service: store, store: store)) == nil)
    }

    @Test func itRegistersAnInstallationThenFetchesWithItsTokenAndTheDevice() async throws {
        let log = Log()
        try await serving(standIn(log)) { base in
            let answer = try source(base).fetchAnswer()
            #expect(answer.minimumRequiredVersion == "2.0.0")
            #expect(answer.latestVersion == "2.1.0")
        }
        let seen = log.current
        let registration = try #require(seen.registrations.first)
        #expect(registration["authVersion"] == "FIS_v2")
        #expect(registration["appId"] == Self.appID)
        #expect(registration["sdkVersion"] == "i:\(FirebaseEndpoint.sdkVersion)")
        let fid = try #require(registration["fid"])
        #expect(fid.count == 22 && "cdef".contains(fid.first!), "an FID's first four bits are 0111: \(fid)")
        #expect(fid.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" })
        let fetch = try #require(seen.fetches.first)
        #expect(fetch.headers == ["token": "auth-1", "bundle": "com.example.toaster"])
        let body = fetch.body
        #expect(body["app_instance_id"] as? String == fid)
        #expect(body["app_instance_id_token"] as? String == "auth-1")
        #expect(body["app_id"] as? String == Self.appID)
        #expect(body["app_version"] as? String == "1.9.0")
        #expect(body["app_build"] as? String == "190")
        #expect(body["country_code"] as? String == "jp")
        #expect(body["language_code"] as? String == "ja")
        #expect(body["platform_version"] as? String == "17.4")
        #expect(body["package_name"] as? String == "com.example.toaster")
        #expect(body["sdk_version"] as? String == FirebaseEndpoint.sdkVersion)
        #expect(body["first_open_time"] as? String == "2026-01-01T00:00:00Z")
        #expect(body["time_zone"] as? String != nil)
        #expect(body["analytics_user_properties"] as? [String: String] == ["beta_tester": "false"])
        #expect(body["custom_signals"] as? [String: String] == ["plan": "pro"])
    }

    @Test func theStateFolderKeepsTheInstallationAndATokenNearItsEndIsRefreshed() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("firebase-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let log = Log()
        // Tokens that expire within the hour are refreshed before they are used, as the SDK does.
        try await serving(standIn(log, expiresIn: "1800s")) { base in
            _ = try source(base, stateFolder: folder).fetchAnswer()
            _ = try source(base, stateFolder: folder).fetchAnswer()
        }
        let seen = log.current
        #expect(seen.registrations.count == 1, "the second run reused the kept installation")
        #expect(seen.refreshes == [seen.registrations[0]["fid"] ?? ""])
        #expect(seen.fetches.map { $0.headers["token"] } == ["auth-1", "auth-2"])
        let file = folder + "/firebase-installation-1_1234567890_ios_0a1b2c3d4e5f6789.json"
        let mode = try FileManager.default.attributesOfItem(atPath: file)[.posixPermissions] as? Int
        #expect(mode == 0o600, "the refresh token stands for the installation")
        #expect(try String(contentsOfFile: file, encoding: .utf8).contains(#""authToken":"auth-2""#))
    }

    private func refusal(_ status: HTTPResponse.Status, _ body: String, headers: HTTPFields = [:]) async throws -> SourceError {
        let router = Router()
        router.post("v1/projects/toaster-test/installations") { _, _ in Self.json(status, body, headers: headers) }
        var failure: SourceError?
        try await serving(router) { base in
            do {
                _ = try source(base).fetchAnswer()
            } catch let error as SourceError {
                failure = error
            }
        }
        return try #require(failure)
    }

    @Test func aKeyGoogleRefusesIsOneSentenceWithoutTheKey() async throws {
        let log = Log()
        var failure: SourceError?
        try await serving(standIn(log)) { base in
            do { _ = try source(base, key: "AIzaSyWrongKey-zyxwvutsrqponmlkjihgfedcba").fetchAnswer() } catch let error as SourceError { failure = error }
        }
        let error = try #require(failure)
        #expect(error.kind == .misconfigured)
        #expect(error.message == "Firebase Installations refused the API key (INVALID_ARGUMENT: API key not valid. Please pass a valid API key.): "
            + "check TOASTER_FIREBASE_API_KEY or --firebase-api-key-file against API_KEY in the app's GoogleService-Info.plist")
        #expect(!error.message.contains("AIzaSy"))
    }

    @Test func anAPINotEnabledNamesTheProject() async throws {
        let error = try await refusal(.forbidden, #"{"error": {"code": 403, "message": "Firebase Installations API has not been used in project 1234567890 before or it is disabled.", "#
            + #""status": "PERMISSION_DENIED", "details": [{"reason": "SERVICE_DISABLED"}]}}"#)
        #expect(error.message.hasPrefix("the Firebase Installations API is not enabled for project toaster-test (PERMISSION_DENIED: "))
        #expect(error.message.hasSuffix("enable it in the Google Cloud console (APIs & Services), then try again a few minutes later"))
    }

    @Test func a403IsAProjectTheKeyDoesNotOpen() async throws {
        let error = try await refusal(.forbidden, #"{"error": {"code": 403, "message": "The caller does not have permission", "status": "PERMISSION_DENIED"}}"#)
        #expect(error.message == "Firebase Installations answered 403: the API key does not open project toaster-test (PERMISSION_DENIED: "
            + "The caller does not have permission); check --firebase-project, --firebase-app-id and the key's API restrictions")
        #expect(error.httpStatus == 403)
    }

    @Test func a429SaysToWaitAndHowLong() async throws {
        let error = try await refusal(.tooManyRequests, #"{"error": {"code": 429, "message": "Quota exceeded", "status": "RESOURCE_EXHAUSTED"}}"#,
                                      headers: [.retryAfter: "30"])
        #expect(error.message == "Firebase Installations is limiting requests for project toaster-test (429) (RESOURCE_EXHAUSTED: Quota exceeded): "
            + "wait before checking again (it asks for 30 s)")
        #expect(error.retryAfter == .seconds(30))
    }

    @Test func anEchoedKeyIsCutOut() async throws {
        let error = try await refusal(.badRequest, #"{"error": {"code": 400, "message": "bad key \#(Self.key)", "status": "INVALID_ARGUMENT"}}"#)
        #expect(!error.message.contains(Self.key))
        #expect(error.message.contains("bad key …"))
    }

    /// `--url BASE` alone points both services at BASE: the installation, its token and the
    /// key never go to Google while the fetch goes elsewhere.
    @Test func withoutAnInstallationsURLTheFetchsBaseServesBoth() async throws {
        let log = Log()
        try await serving(standIn(log)) { base in
            let source = FirebaseFetchSource(project: "toaster-test", appID: Self.appID, apiKey: Self.key, remoteConfigBase: base, bundleID: nil,
                                             keys: .default, device: .init(appVersion: "1.9.0", build: nil, country: "jp", language: "ja", osVersion: nil,
                                                                           userProperties: [:], customSignals: [:], firstOpen: nil),
                                             stateFolder: nil, timeout: .seconds(10))
            #expect(source.endpoint.installationsBase == base)
            _ = try source.fetchAnswer()
        }
        #expect(log.current.registrations.count == 1)
    }

    @Test func anAppTheProjectDoesNotHaveIsNamed() async throws {
        let error = try await refusal(.badRequest, #"{"error": {"code": 400, "message": "Request contains an invalid argument.", "status": "INVALID_ARGUMENT"}}"#)
        #expect(error.message == "Firebase Installations refused app \(Self.appID) (INVALID_ARGUMENT: Request contains an invalid argument.): "
            + "check --firebase-app-id against GOOGLE_APP_ID in the app's GoogleService-Info.plist: it must be an app of project toaster-test")
    }

    @Test func a404FromALocalServerNamesTheURLAsked() async throws {
        let error = try await refusal(.notFound, #"{"error": {"code": 404, "message": "no policy's remoteConfig serves a template for project toaster-test", "#
            + #""status": "NOT_FOUND"}}"#)
        #expect(error.message.contains("/v1/projects/toaster-test/installations answered 404 (NOT_FOUND: no policy's remoteConfig serves"), "\(error.message)")
        #expect(error.message.hasPrefix("http://127.0.0.1:"))
        #expect(error.message.hasSuffix("check --firebase-project, and that the server is toaster-server with a template for that project (or a proxy to Firebase)"))
    }
}
