import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing
import ToasterCore
@testable import ToasterServer
import ToasterPolicy
import ToasterPercentile
import ToasterTestSupport

/// toaster-server as Firebase for a policy whose `remoteConfig` holds a template: installations
/// issued, the fetch refused without one's token, the template evaluated for the device in
/// either spelling, percent conditions by the installation's hash, and templates validated.
@Suite struct FirebaseRoutesTests {
    static let fetchURI = "/v1/projects/toaster/namespaces/firebase:fetch"
    static let appID = "1:1234567890:ios:0a1b2c3d4e5f6789"

    private func serving(_ policy: String, _ test: @Sendable (any TestClientProtocol, PolicyStore) async throws -> Void) async throws {
        try await ExampleServer.run(place: { folder in
            let path = folder.appendingPathComponent("policy.json").path
            try policy.write(toFile: path, atomically: true, encoding: .utf8)
            return path
        }, test)
    }

    private static func json(_ buffer: ByteBuffer) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(buffer.readableBytesView)) as? [String: Any])
    }

    private static func body(_ object: [String: Any]) throws -> ByteBuffer {
        ByteBuffer(bytes: try JSONSerialization.data(withJSONObject: object))
    }

    /// Registers `fid` and gives its auth token.
    private static func register(_ client: any TestClientProtocol, fid: String, project: String = "toaster") async throws -> String {
        try await client.execute(uri: "/v1/projects/\(project)/installations", method: .post, headers: [.contentType: "application/json"],
                                 body: try body(["fid": fid, "authVersion": "FIS_v2", "appId": appID, "sdkVersion": "i:11.5.0"])) { response in
            #expect(response.status == .ok)
            let answer = try json(response.body)
            #expect(answer["fid"] as? String == fid)
            #expect(answer["name"] as? String == "projects/\(project)/installations/\(fid)")
            #expect((answer["refreshToken"] as? String)?.isEmpty == false)
            let token = try #require(answer["authToken"] as? [String: Any])
            #expect(token["expiresIn"] as? String == "604800s")
            return try #require(token["token"] as? String)
        }
    }

    /// The fetch's status and answer.
    private static func fetch(_ client: any TestClientProtocol, token: String?, _ device: [String: Any]) async throws -> (HTTPResponse.Status, [String: Any]) {
        var headers: HTTPFields = [.contentType: "application/json"]
        if let token { headers[FirebaseRoutes.installationAuth] = token }
        return try await client.execute(uri: fetchURI, method: .post, headers: headers, body: try body(device)) { response in
            (response.status, try json(response.body))
        }
    }

    @Test func anInstallationsTokenFetchesTheTemplateEvaluatedForTheDeviceInEitherSpelling() async throws {
        try await serving(try Examples.policy()) { client, _ in
            // "c" hashes to 35.6 %: above the rollout's 10 %.
            let token = try await Self.register(client, fid: "c")
            let (status, snake) = try await Self.fetch(client, token: token, [
                "app_instance_id": "c", "app_instance_id_token": token, "app_id": Self.appID, "country_code": "jp", "language_code": "ja",
                "platform_version": "17.4", "time_zone": "Asia/Tokyo", "package_name": "com.example.toaster", "app_version": "1.9.0",
                "app_build": "190", "sdk_version": "11.5.0", "analytics_user_properties": ["beta_tester": "false"],
            ])
            #expect(status == .ok)
            #expect(snake["state"] as? String == "UPDATE")
            #expect(snake["templateVersion"] as? String == "42")
            #expect(snake["entries"] as? [String: String] == [
                "min_required_version": "2.0.0", "latest_version": "2.0.0", "force_update_store_url": "itms-apps://itunes.apple.com/app/id1234567890",
                "welcome_message": "Welcome to Toaster", "new_checkout_enabled": "false",
            ])
            let (_, camel) = try await Self.fetch(client, token: token, [
                "appInstanceId": "c", "appId": Self.appID, "countryCode": "KR", "appVersion": "1.9.0",
                "analyticsUserProperties": ["beta_tester": "true"],
            ])
            let entries = try #require(camel["entries"] as? [String: String])
            #expect(entries["min_required_version"] == "1.0.0", "jp_ios_old is for jp only")
            #expect(entries["latest_version"] == "2.2.0", "beta_testers, read from analyticsUserProperties")
            #expect(entries["new_checkout_enabled"] == "true")
        }
    }

    @Test func theFetchRequiresAnUnexpiredTokenOfThisProjectsInstallation() async throws {
        try await serving(try Examples.policy()) { client, _ in
            for token in [nil, "", "made-up"] {
                let (status, answer) = try await Self.fetch(client, token: token, ["app_version": "1.9.0"])
                #expect(status == .unauthorized)
                let error = try #require(answer["error"] as? [String: Any])
                #expect(error["status"] as? String == "UNAUTHENTICATED")
                #expect((error["message"] as? String)?.contains("X-Goog-Firebase-Installations-Auth") == true)
            }
            // A project without a template issues no installations.
            try await client.execute(uri: "/v1/projects/other/installations", method: .post, body: try Self.body(["fid": "c"])) { response in
                #expect(response.status == .notFound)
                let error = try Self.json(response.body)["error"] as? [String: Any]
                #expect(error?["status"] as? String == "NOT_FOUND")
            }
            // A refresh gives a new token; the old one stays good until it expires, as Google's.
            let (refresh, old) = try await client.execute(uri: "/v1/projects/toaster/installations", method: .post,
                                                          body: try Self.body(["fid": "e"])) { response in
                let answer = try Self.json(response.body)
                return (try #require(answer["refreshToken"] as? String), try #require((answer["authToken"] as? [String: Any])?["token"] as? String))
            }
            let fresh = try await client.execute(uri: "/v1/projects/toaster/installations/e/authTokens:generate", method: .post,
                                                 headers: [.authorization: "FIS_v2 \(refresh)"], body: try Self.body([:])) { response in
                #expect(response.status == .ok)
                let answer = try Self.json(response.body)
                #expect(answer["expiresIn"] as? String == "604800s")
                return try #require(answer["token"] as? String)
            }
            #expect(try await Self.fetch(client, token: old, [:]).0 == .ok)
            #expect(try await Self.fetch(client, token: fresh, [:]).0 == .ok)
            // A refresh token is no auth token, nor is an auth token a refresh token, nor one installation's another's.
            #expect(try await Self.fetch(client, token: refresh, [:]).0 == .unauthorized)
            for (fid, token) in [("e", old), ("c", refresh)] {
                try await client.execute(uri: "/v1/projects/toaster/installations/\(fid)/authTokens:generate", method: .post,
                                         headers: [.authorization: "FIS_v2 \(token)"], body: try Self.body([:])) { response in
                    #expect(response.status == .unauthorized)
                }
            }
            try await client.execute(uri: "/v1/projects/toaster/installations/e/authTokens:generate", method: .post,
                                     headers: [.authorization: "FIS_v2 wrong"], body: try Self.body([:])) { response in
                #expect(response.status == .unauthorized)
            }
            // A body that is no device is refused with Google's INVALID_ARGUMENT.
            let (status, answer) = try await Self.fetch(client, token: fresh, ["app_version": ["1.9.0"]])
            #expect(status == .badRequest)
            #expect((answer["error"] as? [String: Any])?["message"] as? String == "app_version is an array, not a text")
        }
    }

    /// SHA-256 of `seed.FID` (the FID alone without a seed), modulo 10⁸ micro-percents; the
    /// figures are Python's `int(hashlib.sha256(text).hexdigest(), 16) % 100000000`.
    @Test func percentConditionsFollowTheInstallationsHash() async throws {
        #expect(InstallationPercentile.micro(seed: "", installationID: "fid-one") == 11_913_541)
        #expect(InstallationPercentile.micro(seed: "seed", installationID: "fid-one") == 85_402_073)
        #expect(InstallationPercentile.micro(seed: "seed", installationID: "c") == 50_425_203)
        let template = #"""
            {"conditions": [{"name": "low", "expression": "percent <= 30"}, {"name": "seeded", "expression": "percent('seed') > 50"}],
             "parameters": {"p": {"defaultValue": {"value": "none"}, "conditionalValues": {"low": {"value": "low"}}},
                            "q": {"defaultValue": {"value": "off"}, "conditionalValues": {"seeded": {"value": "on"}}},
                            "r": {"defaultValue": {"useInAppDefault": true}}},
             "version": {"versionNumber": "7"}}
            """#
        try await serving(try Examples.policy(template: template)) { client, _ in
            var seen: [String: [String: String]] = [:]
            // 11.9 % and 85.4 % seeded; 35.6 % and 50.4 %; 29.2 % and 2.6 %.
            for fid in ["fid-one", "c", "e"] {
                let token = try await Self.register(client, fid: fid)
                let (_, answer) = try await Self.fetch(client, token: token, ["app_instance_id": fid])
                #expect(answer["templateVersion"] as? String == "7")
                seen[fid] = answer["entries"] as? [String: String]
            }
            #expect(seen == ["fid-one": ["p": "low", "q": "on"], "c": ["p": "none", "q": "on"], "e": ["p": "low", "q": "off"]])
        }
    }

    /// A rollout reaches its share by the installation's hash with the rollout's id as the seed
    /// (Firebase's own assignment is not published): `rollout_1.c` is 7.05 %, `rollout_1.fid-one`
    /// 63.9 %, `rollout_1.e` 79.0 % (Python's hashlib, as above). The others fall through.
    @Test func aRolloutReachesItsShareOfTheInstallations() async throws {
        let template = #"""
            {"conditions": [{"name": "ios", "expression": "device.os == 'ios'"}],
             "parameters": {"latest_version": {"defaultValue": {"value": "2.0.0"},
                                               "conditionalValues": {"ios": {"rolloutValue": {"rolloutId": "rollout_1", "value": "2.1.0", "percent": 64}}}}},
             "version": {"versionNumber": "8"}}
            """#
        try await serving(try Examples.policy(template: template)) { client, _ in
            var seen: [String: String] = [:]
            for fid in ["fid-one", "c", "e"] {
                let token = try await Self.register(client, fid: fid)
                let (_, answer) = try await Self.fetch(client, token: token, ["app_instance_id": fid])
                seen[fid] = (answer["entries"] as? [String: String])?["latest_version"]
            }
            #expect(seen == ["fid-one": "2.1.0", "c": "2.1.0", "e": "2.0.0"])
        }
    }

    @Test func aTemplatesProblemIsNamedByItsPathAndOffsetAtLoadAndPut() async throws {
        let broken = try Examples.policy().replacingOccurrences(of: "app.version.<(['2.0.0'])", with: "app.version < '2.0.0'")
        #expect {
            try ServicePolicy.validated(from: Data(broken.utf8))
        } throws: { error in
            "\(error)".hasPrefix(#"apps[0].remoteConfig.template.conditions[1].expression: condition "jp_ios_old" cannot be read at offset 62 ("< '2.0.0'"): expected a method"#)
        }
        let unnamed = try Examples.policy().replacingOccurrences(of: #""jp_ios_old": {"#, with: #""jp_ios_0ld": {"#)
        #expect {
            try ServicePolicy.validated(from: Data(unnamed.utf8))
        } throws: { error in
            "\(error)" == #"apps[0].remoteConfig.template.parameterGroups.force_update.parameters.min_required_version.conditionalValues.jp_ios_0ld: "#
                + #"no condition is named "jp_ios_0ld" in conditions (did you mean "jp_ios_old"?)"#
        }
        try await serving(try Examples.policy()) { client, store in
            try await client.execute(uri: "/admin/policy", method: .put, headers: [.authorization: "Bearer \(ExampleServer.token)"],
                                     body: ByteBuffer(string: broken)) { response in
                #expect(response.status == .badRequest)
                let message = try #require(try Self.json(response.body)["message"] as? String)
                #expect(message.hasPrefix("apps[0].remoteConfig.template.conditions[1].expression: condition \"jp_ios_old\" cannot be read at offset 62 (\"< '2.0.0'\")"), "\(message)")
            }
            #expect(store.policy.apps[0].remoteConfig?.template?.version == "42", "a refused template changes nothing")
        }
    }

    @Test func aPolicyWithoutATemplateAnswersAsBeforeAndIssuesNoInstallations() async throws {
        try await ExampleServer.run { client, _ in
            try await client.execute(uri: Self.fetchURI, method: .post) { response in
                #expect(response.status == .ok)
                #expect(String(buffer: response.body) == #"{"entries":{"force_update_store_url":"itms-apps://itunes.apple.com/app/id1234567890","#
                    + #""latest_version":"2.0.0","min_required_version":"1.5.0"},"state":"UPDATE"}"#)
            }
            try await client.execute(uri: "/v1/projects/toaster/installations", method: .post, body: try Self.body(["fid": "c"])) { response in
                #expect(response.status == .notFound)
            }
        }
    }

    /// Tokens are verified by their signature, so an instance sharing the secret takes another's;
    /// one with another secret, a token of another project, an expired one or a deleted
    /// installation's does not.
    @Test func tokensAreVerifiedWhereverTheSecretIsShared() async throws {
        let secret = Array("a shared secret of thirty-two bytes".utf8), now = Date()
        let issuer = InstallationTokens(secret: secret, storage: nil), other = InstallationTokens(secret: secret, storage: nil)
        let (installation, refreshToken, authToken) = await issuer.register(project: "toaster", fid: "fid-1", appID: Self.appID, now: now)
        #expect(installation == .init(project: "toaster", fid: "fid-1", appID: Self.appID))
        #expect(try await other.installation(authToken: authToken, project: "toaster", now: now) == installation)
        #expect(try await other.installation(refreshToken: refreshToken, project: "toaster", fid: "fid-1") == installation)
        await #expect(throws: InstallationTokens.Refusal.invalid) { try await InstallationTokens().installation(authToken: authToken, project: "toaster", now: now) }
        await #expect(throws: InstallationTokens.Refusal.invalid) { try await other.installation(authToken: authToken, project: "other", now: now) }
        await #expect(throws: InstallationTokens.Refusal.invalid) {
            try await other.installation(authToken: authToken, project: "toaster", now: now.addingTimeInterval(604_801))
        }
        await #expect(throws: InstallationTokens.Refusal.invalid) { try await other.installation(refreshToken: refreshToken, project: "toaster", fid: "fid-2") }
        // Deleted where it is heard of: the deleting instance at once, the other once told.
        try await issuer.delete(installation, now: now)
        await #expect(throws: InstallationTokens.Refusal.deleted) { try await issuer.installation(authToken: authToken, project: "toaster", now: now) }
        #expect(try await other.installation(authToken: authToken, project: "toaster", now: now) == installation)
        other.heard(InstallationDeletion(project: "toaster", fid: "fid-1", at: now))
        await #expect(throws: InstallationTokens.Refusal.deleted) { try await other.installation(refreshToken: refreshToken, project: "toaster", fid: "fid-1") }
        // A deleted FID, or one no SDK makes, is replaced, as Google replaces it.
        #expect(await other.register(project: "toaster", fid: "fid-1", appID: nil, now: now).installation.fid != "fid-1")
        #expect(await other.register(project: "toaster", fid: "not/a fid", appID: nil, now: now).installation.fid != "not/a fid")
        #expect(await other.register(project: "other", fid: "fid-1", appID: nil, now: now).installation.fid == "fid-1", "another project's")
    }

    @Test func deletionsAreBoundedTheOldestForgottenFirst() {
        let tokens = InstallationTokens()
        for index in 0...InstallationTokens.maximumDeletions {
            tokens.heard(InstallationDeletion(project: "toaster", fid: "fid-\(index)", at: Date()))
        }
        #expect(tokens.deletionCount == InstallationTokens.maximumDeletions)
        #expect(!tokens.isDeleted(project: "toaster", fid: "fid-0"))
        #expect(tokens.isDeleted(project: "toaster", fid: "fid-1"))
        #expect(tokens.isDeleted(project: "toaster", fid: "fid-\(InstallationTokens.maximumDeletions)"))
    }

    /// What the iOS SDK sends: `{app_instance_id:'c', …, app_version:'1.9.0', …, country_code:'jp',
    /// analytics_user_properties:{"beta_tester":"true"}}` gzipped (Python's gzip, mtime 0).
    static let sdkBody = "H4sIAAAAAAAC/12PPU/DMBBA/wrKkqUxSZtQ4o21EwO7dXGuxU3is+wzIlT979ioFYhbTnr37usCziljA4PVqMwoS11uHv5BxTShleVPqoyt+B2rgcb1rqa2RjbbXds97Z/7WhoKsoZm2Ord2GJ3zDS5mqJlvypNI8ry7BKawZ4inPDOoDq8Juxm4CP5RX2gD4bS7mYv2lRgs6D6Ipvcl2Dg8Y2mlXID6CmPsbCkkqZF4CcsbkbBBIHR3079nSd6Ud/gEM2cX+gzCOP0x2rqrk6RRQvzykYHFQN65Tw59GwwyEsxIINizHsKWbCPWFyv3xfh1xNbAQAA"

    @Test func theIOSSDKsGzippedBodyInItsOwnSyntaxIsReadAsGoogleReadsIt() async throws {
        try await serving(try Examples.policy()) { client, _ in
            // The SDK registers at `…/installations/`, with a slash.
            let token = try await client.execute(uri: "/v1/projects/toaster/installations/?key=AIzaSyAnyKey", method: .post,
                                                 body: try Self.body(["fid": "c", "authVersion": "FIS_v2"])) { response in
                #expect(response.status == .ok)
                return try #require((try Self.json(response.body)["authToken"] as? [String: Any])?["token"] as? String)
            }
            let gzipped = try #require(Data(base64Encoded: Self.sdkBody))
            var eTag = ""
            for _ in 0..<2 {
                // The second fetch sends the first's ETag, as the SDK does, and still gets 200 and the body.
                try await client.execute(uri: Self.fetchURI + "?key=AIzaSyAnyKey", method: .post,
                                         headers: [.contentEncoding: "gzip", .contentType: "application/json", .ifNoneMatch: eTag,
                                                   FirebaseRoutes.installationAuth: token],
                                         body: ByteBuffer(bytes: gzipped)) { response in
                    #expect(response.status == .ok, "\(String(buffer: response.body))")
                    let entries = try Self.json(response.body)["entries"] as? [String: String]
                    #expect(entries?["min_required_version"] == "2.0.0", "jp, 1.9.0")
                    #expect(entries?["latest_version"] == "2.2.0", "beta_tester from the JSON inside")
                    eTag = response.headers[.eTag] ?? ""
                }
            }
            #expect(!eTag.isEmpty)
            // gzip's first bytes, then none of the rest: a sentence, not a guess.
            try await client.execute(uri: Self.fetchURI, method: .post, headers: [.contentEncoding: "gzip", FirebaseRoutes.installationAuth: token],
                                     body: ByteBuffer(bytes: FetchBody.gzipMagic + [0, 1, 2])) { response in
                #expect(response.status == .badRequest)
                #expect(String(buffer: response.body).contains("the body is not whole gzip"))
            }
        }
        let rewritten = String(decoding: FetchBody.standardJSON(Array(#"{a:'x"y\z', b :{"c":"it's"}, d:'', e:12, f:true}"#.utf8)), as: UTF8.self)
        #expect(rewritten == #"{"a":"x\"y\\z", "b" :{"c":"it's"}, "d":"", "e":12, "f":true}"#)
        let json = #"{"appVersion": "1.9.0", "n": [1, -2.5e3, null], "s": "a\"b:'c"}"#
        #expect(FetchBody.standardJSON(Array(json.utf8)) == Array(json.utf8), "standard JSON passes through unchanged")
        #expect(FetchBody.inflate(Array(try #require(Data(base64Encoded: Self.sdkBody))), limit: 100) == nil, "inflated past the limit")
    }

    /// The example policy whose `remoteConfig` also holds `place` (a key, its restriction, the apps).
    static func policy(place: String) throws -> String {
        try Examples.policy().replacingOccurrences(of: #""namespace": "firebase", "#, with: #""namespace": "firebase", "# + place)
    }

    /// What the web SDK sends (`rest_client.ts`): the key in the URL, `Content-Encoding: gzip`
    /// over a body that is plain JSON, `If-None-Match: *`, and the token in the body only.
    static func webFetch(_ client: any TestClientProtocol, token: String, appID: String = appID, key: String = "AIzaSyWeb") async throws -> (HTTPResponse.Status, [String: Any]) {
        try await client.execute(uri: fetchURI + "?key=\(key)", method: .post,
                                 headers: [.contentType: "application/json", .contentEncoding: "gzip", .ifNoneMatch: "*"],
                                 body: try body(["sdk_version": "12.18.0", "app_instance_id": "c", "app_instance_id_token": token, "app_id": appID,
                                                 "language_code": "ja-JP"])) { response in
            (response.status, try json(response.body))
        }
    }

    @Test func theWebSDKsFetchIsAnsweredAsTheTemplateDecides() async throws {
        try await serving(try Examples.policy()) { client, _ in
            let token = try await Self.register(client, fid: "c")
            let (status, answer) = try await Self.webFetch(client, token: token)
            #expect(status == .ok, "\(answer)")
            #expect(answer["templateVersion"] as? String == "42")
            // No app version, no country: jp_ios_old is false; the ios condition holds for an iOS app ID.
            #expect(answer["entries"] as? [String: String] == [
                "min_required_version": "1.0.0", "latest_version": "2.0.0", "force_update_store_url": "itms-apps://itunes.apple.com/app/id1234567890",
                "welcome_message": "Welcome to Toaster", "new_checkout_enabled": "false",
            ])
            // A web app has no device.os: neither the ios nor the android value, so the in-app default.
            let (_, web) = try await Self.webFetch(client, token: token, appID: "1:1234567890:web:0a1b2c3d")
            #expect((web["entries"] as? [String: String])?["force_update_store_url"] == nil, "\(web)")
            // A token in neither place is still refused.
            try await client.execute(uri: Self.fetchURI, method: .post, headers: [.contentEncoding: "gzip"],
                                     body: try Self.body(["app_instance_id": "c"])) { response in
                #expect(response.status == .unauthorized)
                #expect(String(buffer: response.body).contains("app_instance_id_token"))
            }
        }
    }

    @Test func aKeyAndAppsInThePolicyAreCheckedAsGoogleChecksThem() async throws {
        let place = #""apiKey": "AIzaSyLocal", "allowedBundleIds": ["com.example.toaster"], "appIds": ["1:1234567890:ios:0a1b2c3d4e5f6789"], "#
        try await serving(try Self.policy(place: place)) { client, _ in
            func register(key: String?, bundle: String? = "com.example.toaster", appID: String = Self.appID) async throws -> (HTTPResponse.Status, [String: Any]) {
                var headers: HTTPFields = [.contentType: "application/json"]
                if let key { headers[FirebaseRoutes.apiKey] = key }
                if let bundle { headers[FirebaseRoutes.bundleID] = bundle }
                return try await client.execute(uri: "/v1/projects/toaster/installations", method: .post, headers: headers,
                                                body: try Self.body(["fid": "c", "appId": appID])) { response in
                    (response.status, try Self.json(response.body))
                }
            }
            let (wrongKey, invalid) = try await register(key: "AIzaSyWrong")
            #expect(wrongKey == .badRequest)
            let error = try #require(invalid["error"] as? [String: Any])
            #expect(error["status"] as? String == "INVALID_ARGUMENT")
            #expect(error["message"] as? String == "API key not valid. Please pass a valid API key.")
            let detail = try #require((error["details"] as? [[String: Any]])?.first)
            #expect(detail["reason"] as? String == "API_KEY_INVALID")
            #expect(detail["@type"] as? String == "type.googleapis.com/google.rpc.ErrorInfo")
            #expect((detail["metadata"] as? [String: String])?["service"] == "firebaseinstallations.googleapis.com")
            #expect(!String(describing: invalid).contains("AIzaSyWrong"), "the key is never echoed")

            let (missing, noKey) = try await register(key: nil)
            #expect(missing == .forbidden)
            #expect((noKey["error"] as? [String: Any])?["message"] as? String == "The request is missing a valid API key.")
            let (blocked, otherApp) = try await register(key: "AIzaSyLocal", bundle: "com.example.other")
            #expect(blocked == .forbidden)
            let blockedError = try #require(otherApp["error"] as? [String: Any])
            #expect(blockedError["status"] as? String == "PERMISSION_DENIED")
            #expect(blockedError["message"] as? String == "Requests from this iOS client application com.example.other are blocked.")
            #expect((blockedError["details"] as? [[String: Any]])?.first?["reason"] as? String == "API_KEY_IOS_APP_BLOCKED")
            let (noBundle, _) = try await register(key: "AIzaSyLocal", bundle: nil)
            #expect(noBundle == .forbidden, "a key restricted to iOS apps opens nothing that names none")
            let (unknownApp, unknown) = try await register(key: "AIzaSyLocal", appID: "1:1234567890:ios:ffff")
            #expect(unknownApp == .badRequest)
            #expect((unknown["error"] as? [String: Any])?["message"] as? String == "Request contains an invalid argument.")
            let (ok, registered) = try await register(key: "AIzaSyLocal")
            #expect(ok == .ok)
            let token = try #require((registered["authToken"] as? [String: Any])?["token"] as? String)

            // The fetch: the key in the URL as the SDKs send it, the bundle in its header.
            try await client.execute(uri: Self.fetchURI + "?key=AIzaSyLocal", method: .post,
                                     headers: [FirebaseRoutes.installationAuth: token, FirebaseRoutes.bundleID: "com.example.toaster"],
                                     body: try Self.body(["app_id": Self.appID, "app_version": "1.9.0"])) { response in
                #expect(response.status == .ok)
            }
            try await client.execute(uri: Self.fetchURI + "?key=AIzaSyOther", method: .post,
                                     headers: [FirebaseRoutes.installationAuth: token, FirebaseRoutes.bundleID: "com.example.toaster"],
                                     body: try Self.body(["app_id": Self.appID])) { response in
                #expect(response.status == .badRequest)
                #expect(String(buffer: response.body).contains("firebaseremoteconfig.googleapis.com"))
            }
            try await client.execute(uri: Self.fetchURI + "?key=AIzaSyLocal", method: .post,
                                     headers: [FirebaseRoutes.installationAuth: token, FirebaseRoutes.bundleID: "com.example.toaster"],
                                     body: try Self.body(["app_id": "1:1234567890:ios:ffff"])) { response in
                #expect(response.status == .badRequest)
            }
        }
    }

    @Test func aDeletedInstallationIsRefused() async throws {
        try await serving(try Examples.policy()) { client, _ in
            let (refresh, token) = try await client.execute(uri: "/v1/projects/toaster/installations", method: .post,
                                                            body: try Self.body(["fid": "gone"])) { response in
                let answer = try Self.json(response.body)
                return (try #require(answer["refreshToken"] as? String), try #require((answer["authToken"] as? [String: Any])?["token"] as? String))
            }
            #expect(try await Self.fetch(client, token: token, [:]).0 == .ok)
            try await client.execute(uri: "/v1/projects/toaster/installations/gone", method: .delete, headers: [.authorization: "FIS_v2 wrong"]) { response in
                #expect(response.status == .unauthorized)
            }
            // The iOS SDK deletes at `…/installations/{fid}/`, with the slash.
            try await client.execute(uri: "/v1/projects/toaster/installations/gone/", method: .delete, headers: [.authorization: "FIS_v2 \(refresh)"],
                                     body: ByteBuffer(string: "{}")) { response in
                #expect(response.status == .ok)
                #expect(String(buffer: response.body) == "{}")
            }
            #expect(try await Self.fetch(client, token: token, [:]).0 == .unauthorized)
            try await client.execute(uri: "/v1/projects/toaster/installations/gone/authTokens:generate", method: .post,
                                     headers: [.authorization: "FIS_v2 \(refresh)"], body: try Self.body([:])) { response in
                #expect(response.status == .notFound, "as Google answers a deleted installation")
            }
        }
    }

    /// A web app in a browser: its preflight answered with the SDKs' headers allowed, its
    /// answers readable by the page; a request without `Origin` (every other client) untouched.
    @Test func aBrowsersPreflightIsAnsweredAndItsAnswersAreReadable() async throws {
        try await serving(try Examples.policy()) { client, _ in
            try await client.execute(uri: Self.fetchURI + "?key=AIzaSyWeb", method: .options,
                                     headers: [.origin: "https://app.example.com", .accessControlRequestMethod: "POST",
                                               .accessControlRequestHeaders: "content-encoding, content-type, if-none-match"]) { response in
                #expect(response.status == .noContent)
                #expect(response.headers[.accessControlAllowOrigin] == "https://app.example.com")
                let allowed = (response.headers[.accessControlAllowHeaders] ?? "").lowercased()
                for header in ["content-encoding", "if-none-match", "x-goog-api-key", "x-firebase-client"] { #expect(allowed.contains(header), "\(allowed)") }
                #expect(response.headers[.accessControlAllowMethods]?.contains("DELETE") == true)
            }
            let token = try await Self.register(client, fid: "c")
            try await client.execute(uri: Self.fetchURI, method: .post, headers: [.origin: "https://app.example.com", .contentEncoding: "gzip"],
                                     body: try Self.body(["app_instance_id_token": token])) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.accessControlAllowOrigin] == "https://app.example.com")
            }
            try await client.execute(uri: Self.fetchURI, method: .post, headers: [FirebaseRoutes.installationAuth: token]) { response in
                #expect(response.headers[.accessControlAllowOrigin] == nil)
            }
            try await client.execute(uri: "/lookup?id=1234567890", method: .get, headers: [.origin: "https://app.example.com"]) { response in
                #expect(response.headers[.accessControlAllowOrigin] == nil, "only Firebase's routes are a browser's")
            }
        }
    }
}
