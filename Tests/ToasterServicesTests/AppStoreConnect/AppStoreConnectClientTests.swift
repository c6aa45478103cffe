import Crypto
import Foundation
import Hummingbird
import Testing
import ToasterCore
@testable import ToasterServer
@testable import ToasterServices
import ToasterTestSupport

/// The App Store Connect client against toaster-server's simulation (which verifies every token
/// with jwt-kit against the public key) and against small servers that misbehave.
@Suite(.offThePool) struct AppStoreConnectClientTests {
    static let keyID = "ABCDE12345"
    static let issuerID = "57246542-96fe-1a63-e053-0824d011072a"

    static let policy = """
        {"apps": [{"trackId": 1234567890, "bundleId": "com.example.toaster", "name": "Toaster", "version": "2.0.0",
                   "countries": ["kr", "us", "jp"],
                   "appStoreConnect": {"territories": ["kr", "jp"], "versions": [
                     {"versionString": "1.9.0", "appVersionState": "REPLACED_WITH_NEW_VERSION"},
                     {"versionString": "2.0.0", "appVersionState": "PENDING_DEVELOPER_RELEASE", "releaseType": "MANUAL", "minOsVersion": "16.0",
                      "phasedRelease": {"phasedReleaseState": "INACTIVE"}}]}}]}
        """

    private static func store() throws -> PolicyStore {
        let path = "/tmp/toaster-asc-\(UUID().uuidString).json"
        try policy.write(toFile: path, atomically: true, encoding: .utf8)
        return try PolicyStore(path: path)
    }

    private static func token(_ key: P256.Signing.PrivateKey = P256.Signing.PrivateKey(), issuer: String = issuerID,
                              now: @escaping @Sendable () -> Date = { Date() }) throws -> AppStoreConnectToken {
        try AppStoreConnectToken(keyID: keyID, issuerID: issuer, pem: key.pemRepresentation, keyName: "test key", now: now)
    }

    /// toaster-server's routes, accepting `key`'s tokens.
    private static func simulation(accepting key: P256.Signing.PrivateKey) async throws -> ObservedRouter {
        let verifier = try await AppStoreConnectVerifier(pem: key.publicKey.pemRepresentation, keyID: keyID, issuerID: issuerID)
        return ToasterRoutes.router(store: try store(), settings: ServerSettings(adminToken: nil, cmsAPIKey: nil, appStoreConnect: verifier))
    }

    /// A client that records every URL it fetches.
    private static func client(_ base: String, token: AppStoreConnectToken, asked: Shared<[String]> = Shared([]),
                               pace: any Pace = VirtualPace()) throws -> AppStoreConnectClient {
        try AppStoreConnectClient(baseURL: base, token: token, timeout: .seconds(10), retry: RetryStrategy(attempts: 3, firstBackoff: .seconds(1)),
                                  pace: pace) { (url: String, headers: [(String, String)], timeout: Duration) throws(SourceError) -> Data in
            asked.update { $0.append(url) }
            return try HTTPFetcher(timeout: timeout).fetch(url, headers: headers)
        }
    }

    @Test func readsTheSimulationThroughEveryPage() async throws {
        let key = P256.Signing.PrivateKey()
        let token = try Self.token(key)
        let asked = Shared<[String]>([])
        try await serving(try await Self.simulation(accepting: key)) { base in
            let facts = try Self.client(base, token: token, asked: asked).facts(appID: "1234567890", bundleID: nil)
            #expect(facts.availableStorefronts == ["jp", "kr"])
            #expect(facts.unavailableStorefronts.count == AppStoreStorefronts.all.count - 2)
            #expect(facts.versions.map(\.state) == ["REPLACED_WITH_NEW_VERSION", "PENDING_DEVELOPER_RELEASE"])
            #expect(facts.newest?.versionString == "2.0.0")
            #expect(facts.newest?.releaseType == "MANUAL")
            #expect(facts.buildMinimumOSVersion == "16.0")
            #expect(facts.phasedRelease == PhasedRelease(state: "INACTIVE", currentDayNumber: nil, startDate: nil))
            let pages = asked.current.filter { $0.contains("/territoryAvailabilities") }
            let expected = (AppStoreStorefronts.all.count + AppStoreConnectRoutes.pageSize - 1) / AppStoreConnectRoutes.pageSize
            #expect(pages.count == expected, "every page followed: \(pages)")
            #expect(pages.dropFirst().allSatisfy { $0.contains("cursor=") })

            let byBundle = try Self.client(base, token: token).facts(appID: nil, bundleID: "com.example.toaster")
            #expect(byBundle == facts, "the bundle id finds the same app")
        }
    }

    @Test func aTokenOfAnotherKeyIsRefusedInOneSentenceWithoutTheToken() async throws {
        let stranger = P256.Signing.PrivateKey()
        let token = try Self.token(stranger)
        let bearer = try token.bearer()
        try await serving(try await Self.simulation(accepting: P256.Signing.PrivateKey())) { base in
            do {
                _ = try Self.client(base, token: token).facts(appID: "1234567890", bundleID: nil)
                Issue.record("a token signed by another key must be refused")
            } catch let error as SourceError {
                #expect(error.message.hasPrefix("App Store Connect refused key \(Self.keyID) (HTTP 401 at GET /v1/apps/1234567890/appAvailabilityV2)"))
                #expect(error.message.contains("revoked") && error.message.contains("issuer") && error.message.contains("clock"))
                #expect(!error.message.contains(bearer) && !error.message.contains("PRIVATE KEY"))
            }
        }
    }

    @Test func theSimulationChecksEveryClaim() async throws {
        let key = P256.Signing.PrivateKey()
        let verifier = try await AppStoreConnectVerifier(pem: key.pemRepresentation, keyID: Self.keyID, issuerID: Self.issuerID)
        let now = Date()
        #expect(await verifier.refusal(authorization: "Bearer " + (try Self.token(key).bearer()), now: now) == nil)
        #expect(await verifier.refusal(authorization: "Bearer " + (try Self.token(key, issuer: "another-issuer").bearer()), now: now)
            == "the token's iss is not the issuer id")
        let old = try Self.token(key, now: { now.addingTimeInterval(-21 * 60) })
        #expect(await verifier.refusal(authorization: "Bearer " + (try old.bearer()), now: now) == "the token has expired")
        let future = try Self.token(key, now: { now.addingTimeInterval(10 * 60) })
        #expect(await verifier.refusal(authorization: "Bearer " + (try future.bearer()), now: now) == "the token's iat is in the future")
        #expect(await verifier.refusal(authorization: nil, now: now) == "no bearer token")
        #expect(await verifier.refusal(authorization: "Bearer a.b.c", now: now) == "the token is not a JWT with iss, iat, exp and aud")
    }

    /// A token with this header and these claims, signed by `key` as the client signs its own:
    /// what the client never sends, to see the simulation refuse it.
    private static func signed(_ header: [String: Any], _ claims: [String: Any], by key: P256.Signing.PrivateKey) throws -> String {
        func part(_ object: [String: Any]) throws -> String {
            CompactJWS.base64URL(try JSONSerialization.data(withJSONObject: object, options: .sortedKeys))
        }
        let input = try part(header) + "." + (try part(claims))
        return input + "." + CompactJWS.base64URL(try key.signature(for: Data(input.utf8)).rawRepresentation)
    }

    @Test func theSimulationRefusesAWrongHeaderAudienceOrLifetime() async throws {
        let key = P256.Signing.PrivateKey()
        let verifier = try await AppStoreConnectVerifier(pem: key.pemRepresentation, keyID: Self.keyID, issuerID: Self.issuerID)
        let now = Date(), issued = Int(Date().timeIntervalSince1970)
        let header: [String: Any] = ["alg": "ES256", "kid": Self.keyID, "typ": "JWT"]
        let claims: [String: Any] = ["iss": Self.issuerID, "iat": issued, "exp": issued + 20 * 60, "aud": "appstoreconnect-v1"]
        func refusal(header changes: [String: Any] = [:], claims claimChanges: [String: Any] = [:]) async throws -> String? {
            let token = try Self.signed(header.merging(changes) { $1 }, claims.merging(claimChanges) { $1 }, by: key)
            return await verifier.refusal(authorization: "Bearer " + token, now: now)
        }
        #expect(try await refusal() == nil, "the unchanged token is accepted, so each refusal below is its one change's")
        #expect(try await refusal(header: ["kid": "ZZZZZ99999"]) == "the token's kid is not the key id")
        #expect(try await refusal(header: ["typ": "JOSE"]) == "the token's typ is not JWT")
        #expect(try await refusal(header: ["alg": "HS256"]) == "the token's alg is not ES256")
        #expect(try await refusal(claims: ["aud": "appstoreconnect-v2"]) == "the token's aud is not appstoreconnect-v1")
        #expect(try await refusal(claims: ["iat": issued - 60, "exp": issued + 20 * 60]) == "the token's exp is more than 20 minutes after its iat")
        #expect(try await refusal(claims: ["exp": issued + 20 * 60 + 1]) == "the token's exp is more than 20 minutes after its iat")
    }

    @Test func theTokenIsES256ForTwentyMinutesAndReused() throws {
        let start = Date(timeIntervalSince1970: 1_800_000_000)
        let clock = Shared(start)
        let token = try AppStoreConnectToken(keyID: Self.keyID, issuerID: Self.issuerID, pem: P256.Signing.PrivateKey().pemRepresentation,
                                             keyName: "test key", now: { clock.current })
        let first = try token.bearer()
        let parts = first.split(separator: ".").map(String.init)
        try #require(parts.count == 3)
        func bytes(_ part: String) throws -> Data {
            var text = part.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
            text += String(repeating: "=", count: (4 - text.count % 4) % 4)
            return try #require(Data(base64Encoded: text))
        }
        func decoded(_ part: String) throws -> [String: Any] {
            let object = try JSONSerialization.jsonObject(with: try bytes(part))
            return try #require(object as? [String: Any])
        }
        let header = try decoded(parts[0]), claims = try decoded(parts[1])
        #expect(header["alg"] as? String == "ES256" && header["kid"] as? String == Self.keyID && header["typ"] as? String == "JWT")
        #expect(claims["iss"] as? String == Self.issuerID && claims["aud"] as? String == "appstoreconnect-v1")
        let issued = try #require(claims["iat"] as? Int), expires = try #require(claims["exp"] as? Int)
        #expect(issued == 1_800_000_000 && expires - issued == 20 * 60)
        #expect(try bytes(parts[2]).count == 64, "JWS ES256 signs with the raw r‖s pair")
        clock.update { $0 = start.addingTimeInterval(18 * 60) }
        #expect(try token.bearer() == first, "reused while it has more than a minute left")
        clock.update { $0 = start.addingTimeInterval(19 * 60 + 30) }
        #expect(try token.bearer() != first, "renewed before it expires")
    }

    @Test func aKeyFileOthersCanReadGetsAWarning() throws {
        let path = "/tmp/toaster-asc-key-\(UUID().uuidString).p8"
        defer { try? FileManager.default.removeItem(atPath: path) }
        try P256.Signing.PrivateKey().pemRepresentation.write(toFile: path, atomically: true, encoding: .utf8)
        chmod(path, 0o644)
        let open = try AppStoreConnectToken.reading(keyID: Self.keyID, issuerID: Self.issuerID, path: path)
        #expect(open.warning == "the App Store Connect key \(path) can be read by others (mode 644): run chmod 600 \(path)")
        chmod(path, 0o600)
        #expect(try AppStoreConnectToken.reading(keyID: Self.keyID, issuerID: Self.issuerID, path: path).warning == nil)
        try "not a key".write(toFile: path, atomically: true, encoding: .utf8)
        #expect(throws: SourceError(.misconfigured, "--asc-private-key \(path) is not an App Store Connect key: a .p8 file holds a PEM \"PRIVATE KEY\" on the P-256 curve")) {
            try AppStoreConnectToken.reading(keyID: Self.keyID, issuerID: Self.issuerID, path: path)
        }
    }

    @Test func tooManyRequestsBacksOffThenReads() async throws {
        let refusals = Shared(2)
        let router = Router()
        router.get("v1/apps/:id/appAvailabilityV2") { _, _ in
            if refusals.update({ $0 -= 1; return $0 >= 0 }) { return Response(status: .tooManyRequests) }
            return Response(status: .ok, body: .init(byteBuffer: ByteBuffer(string: #"{"data": {"type": "appAvailabilities", "id": "7"}}"#)))
        }
        router.get("v2/appAvailabilities/:id/territoryAvailabilities") { _, _ in
            #"{"data": [{"type": "territoryAvailabilities", "id": "x", "attributes": {"available": true}, "relationships": {"territory": {"data": {"type": "territories", "id": "KOR"}}}}], "links": {}}"#
        }
        router.get("v1/apps/:id/appStoreVersions") { _, _ in
            #"{"data": [{"type": "appStoreVersions", "id": "v1", "attributes": {"versionString": "2.0.0", "appVersionState": "READY_FOR_DISTRIBUTION"}}]}"#
        }
        router.get("v1/appStoreVersions/:id/appStoreVersionPhasedRelease") { _, _ in #"{"data": null}"# }
        router.get("v1/appStoreVersions/:id/build") { _, _ in #"{"data": null}"# }
        let pace = VirtualPace()
        try await serving(router) { base in
            let facts = try Self.client(base, token: try Self.token(), pace: pace).facts(appID: "7", bundleID: nil)
            #expect(facts.availableStorefronts == ["kr"])
            #expect(facts.phasedRelease == nil && facts.buildMinimumOSVersion == nil)
            #expect(pace.sleeps == [.seconds(1), .seconds(2)], "two 429s, two backoffs")
        }
    }

    @Test func failuresAfterTheRetriesNameAppStoreConnectAndTheEndpoint() async throws {
        let router = Router()
        router.get("v1/apps/:id/appAvailabilityV2") { _, _ in Response(status: .tooManyRequests) }
        let pace = VirtualPace()
        try await serving(router) { base in
            do {
                _ = try Self.client(base, token: try Self.token(), pace: pace).facts(appID: "7", bundleID: nil)
                Issue.record("three 429s must end the read")
            } catch let error as SourceError {
                #expect(error.message.hasPrefix("App Store Connect GET /v1/apps/7/appAvailabilityV2 failed: HTTP 429"), "\(error.message)")
                #expect(error.message.hasSuffix("(after 3 tries)"), "\(error.message)")
                #expect(pace.sleeps.count == 2, "the status still reaches the retry")
            }
        }
    }

    @Test(arguments: [
        (#"{"data": "x"}"#, "App Store Connect GET /v1/apps/7/appAvailabilityV2 answer is unusable"),
        ("<html>busy</html>", "App Store Connect GET /v1/apps/7/appAvailabilityV2 answer is unusable: it is not JSON"),
        (#"{"links": {}}"#, "App Store Connect GET /v1/apps/7/appAvailabilityV2 answer is unusable"),
        (#"{"data": null}"#, "App Store Connect has no availability for app 7 (GET /v1/apps/7/appAvailabilityV2)"),
    ])
    func unusableAnswersNameTheEndpoint(body: String, expected: String) async throws {
        let router = Router()
        router.get("v1/apps/:id/appAvailabilityV2") { _, _ in Response(status: .ok, body: .init(byteBuffer: ByteBuffer(string: body))) }
        try await serving(router) { base in
            do {
                _ = try Self.client(base, token: try Self.token()).facts(appID: "7", bundleID: nil)
                Issue.record("\(body) must be refused")
            } catch {
                #expect("\(error)".hasPrefix(expected), "\(error)")
            }
        }
    }

    @Test func aNextPageOnAnotherHostIsNotFollowed() async throws {
        let router = Router()
        router.get("v1/apps/:id/appAvailabilityV2") { _, _ in #"{"data": {"type": "appAvailabilities", "id": "7"}}"# }
        router.get("v2/appAvailabilities/:id/territoryAvailabilities") { _, _ in
            #"{"data": [], "links": {"next": "http://127.0.0.2:9/v2/appAvailabilities/7/territoryAvailabilities?cursor=1"}}"#
        }
        try await serving(router) { base in
            do {
                _ = try Self.client(base, token: try Self.token()).facts(appID: "7", bundleID: nil)
                Issue.record("the token must not go to another host")
            } catch {
                #expect("\(error)".contains("links its next page to another host (127.0.0.2:9), which is not followed"), "\(error)")
            }
        }
    }
}
