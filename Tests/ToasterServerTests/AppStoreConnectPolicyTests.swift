import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import JWTKit
import Testing
@testable import ToasterServer
import ToasterPolicy
import ToasterWire

/// The policy's `appStoreConnect` object and the simulated App Store Connect's refusals.
@Suite struct AppStoreConnectPolicyTests {
    private static func app(_ connect: String) -> String {
        #"{"apps":[{"trackId":1,"bundleId":"a","name":"n","version":"1.0","countries":["kr"],"appStoreConnect":"# + connect + "}]}"
    }

    @Test(arguments: [
        (#"{"versions":[{"versionString":"1.0","appVersionState":"READY_FOR_DISTRIBUTION","minOsVersion":"16.0"}]}"#, nil as String?),
        (#"{"versions":[{"versionString":"1.0","appVersionState":"READY_FOR_DISTRIBUTON"}]}"#,
         #"apps[0].appStoreConnect.versions[0].appVersionState: "READY_FOR_DISTRIBUTON" is not a value App Store Connect uses; did you mean READY_FOR_DISTRIBUTION?"#),
        (#"{"versions":[{"versionString":"1.0","appVersionState":"IN_REVIEW","releaseType":"LATER"}]}"#, "versions[0].releaseType"),
        (#"{"versions":[{"versionString":"1.x","appVersionState":"IN_REVIEW"}]}"#, "versions[0].versionString"),
        (#"{"versions":[{"versionString":"1.0","appVersionState":"IN_REVIEW"},{"versionString":"1.0.0","appVersionState":"IN_REVIEW"}]}"#,
         "versions[1].versionString 1.0.0 is listed twice"),
        (#"{"versions":[{"versionString":"1.0","appVersionState":"IN_REVIEW","phasedRelease":{"phasedReleaseState":"ACTIVE","currentDayNumber":8}}]}"#,
         "phasedRelease.currentDayNumber: 8 is not between 0 and 7"),
        (#"{"territories":["kor"],"versions":[]}"#, #"apps[0].appStoreConnect.territories: "kor" is not an App Store storefront code"#),
        (#"{"versions":[{"versionString":"1.0","appVersionState":"IN_REVIEW","minOSVersion":"16.0"}]}"#,
         "apps[0].appStoreConnect.versions[0].minOSVersion: \"minOSVersion\" is not a policy key; did you mean `minOsVersion`?"),
    ])
    func validationNamesTheProblem(connect: String, problem: String?) {
        do {
            _ = try ServicePolicy.validated(from: Data(Self.app(connect).utf8))
            #expect(problem == nil)
        } catch {
            #expect(problem.map { error.description.contains($0) } == true, "\(error.description)")
        }
    }

    @Test func everyRouteWantsAVerifiedToken() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("toaster-asc-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("policy.json").path
        try Self.app(#"{"versions":[{"versionString":"1.0","appVersionState":"READY_FOR_DISTRIBUTION"}]}"#).write(toFile: path, atomically: true, encoding: .utf8)
        let store = try PolicyStore(path: path)
        let key = ES256PrivateKey()
        let verifier = try await AppStoreConnectVerifier(pem: key.publicKey.pemRepresentation, keyID: "K1", issuerID: "issuer")
        // Signed by jwt-kit here, by swift-crypto in toastercli: the server accepts either.
        let signer = await JWTKeyCollection().add(ecdsa: key, kid: "K1")
        let now = Date()
        let token = try await signer.sign(AppStoreConnectVerifier.Claims(AppStoreConnectAPI.TokenClaims(
            iss: "issuer", iat: now.timeIntervalSince1970, exp: now.addingTimeInterval(600).timeIntervalSince1970)), kid: "K1")
        let withKey = ToasterRoutes.router(store: store, settings: ServerSettings(adminToken: nil, cmsAPIKey: nil, appStoreConnect: verifier))
        try await Application(router: withKey).test(.router) { client in
            try await client.execute(uri: "/v1/apps/1/appStoreVersions", method: .get, headers: [.authorization: "Bearer \(token)"]) { response in
                #expect(response.status == .ok)
                #expect(String(buffer: response.body).contains(#""appVersionState":"READY_FOR_DISTRIBUTION""#))
            }
            try await client.execute(uri: "/v1/apps/2/appStoreVersions", method: .get, headers: [.authorization: "Bearer \(token)"]) { response in
                #expect(response.status == .notFound)
            }
            // The scheme is case-insensitive (RFC 9110, 11.1), as for the admin API's token.
            try await client.execute(uri: "/v1/apps/1/appStoreVersions", method: .get, headers: [.authorization: "bearer \(token)"]) { response in
                #expect(response.status == .ok)
            }
            try await client.execute(uri: "/v1/apps/1/appStoreVersions", method: .get) { response in
                #expect(response.status == .unauthorized)
                #expect(String(buffer: response.body).contains(#""detail":"no bearer token""#))
            }
        }
        let withoutKey = ToasterRoutes.router(store: store, settings: ServerSettings(adminToken: nil, cmsAPIKey: nil))
        try await Application(router: withoutKey).test(.router) { client in
            try await client.execute(uri: "/v1/apps/1/appStoreVersions", method: .get, headers: [.authorization: "Bearer \(token)"]) { response in
                #expect(response.status == .unauthorized)
                #expect(String(buffer: response.body).contains("only when started with --asc-public-key"))
            }
        }
    }
}
