import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing
import ToasterCore
@testable import ToasterServer
import ToasterTestSupport
import ToasterWire

/// The Remote Config REST API's publish, history and rollback, in the raw requests of Google's
/// clients: the Admin SDK for Node (`remote-config-api-client-internal.ts`: `If-Match` the
/// ETag read, or `*` for `{force: true}`; `?validate_only=true`; the rollback's version in the
/// body; `X-Firebase-Client: fire-admin-node/…`) and the `firebase` CLI (`If-Match: *`,
/// `:rollback?versionNumber=N`, `:listVersions` a page at a time).
@Suite struct TemplateHistoryRoutesTests {
    static let appID = "1:1234567890:ios:0a1b2c3d4e5f6789"

    /// A server over the example policy with the example export (version 42), its app ID
    /// naming the project's number; the test gets a client holding an access token, and the
    /// policy's path.
    private func serving(_ test: @Sendable (Client, String) async throws -> Void) async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("toaster-history-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("policy.json").path
        let place = #""project": "toaster", "namespace": "firebase", "template""#
        try Examples.policy().replacingOccurrences(of: place, with: #""project": "toaster", "namespace": "firebase", "appIds": [""# + Self.appID + #""], "template""#)
            .write(toFile: path, atomically: true, encoding: .utf8)
        let key = RemoteConfigAPIRoutesTests.key
        var settings = ServerSettings(adminToken: nil, cmsAPIKey: nil)
        settings.firebaseServiceAccount = try await ServiceAccountVerifier(keyFile: Data(try ServiceAccountFixtures.keyJSON(key, tokenURI: RemoteConfigAPIRoutesTests.tokenURI).utf8))
        let router = ToasterRoutes.router(store: try PolicyStore(path: path), settings: settings)
        try await Application(router: router).test(.router) { client in
            let (_, answer) = try await RemoteConfigAPIRoutesTests.token(client, try await RemoteConfigAPIRoutesTests.assertion())
            try await test(Client(client: client, token: try #require(answer["access_token"] as? String)), path)
        }
    }

    struct Client {
        let client: any TestClientProtocol
        let token: String

        /// The status, the ETag and the JSON answer.
        func send(_ method: HTTPRequest.Method, _ uri: String, headers: HTTPFields = [:], json: Any? = nil) async throws -> (HTTPResponse.Status, String?, [String: Any]) {
            var headers = headers
            headers[.authorization] = "Bearer \(token)"
            let body = try json.map { ByteBuffer(bytes: try JSONSerialization.data(withJSONObject: $0)) }
            return try await client.execute(uri: uri, method: method, headers: headers, body: body) { response in
                (response.status, response.headers[.eTag],
                 try #require(try JSONSerialization.jsonObject(with: Data(response.body.readableBytesView)) as? [String: Any]))
            }
        }

        /// `PUT …/remoteConfig` of `template` over `ifMatch`.
        func publish(_ template: [String: Any], ifMatch: String?, query: String = "", client header: String? = nil) async throws -> (HTTPResponse.Status, String?, [String: Any]) {
            var headers: HTTPFields = [.contentType: "application/json; UTF8"]
            if let ifMatch { headers[.ifMatch] = ifMatch }
            if let header { headers[HTTPField.Name(GoogleAPI.firebaseClientHeader)!] = header }
            return try await send(.put, "/v1/projects/toaster/remoteConfig\(query)", headers: headers, json: template)
        }
    }

    /// A template as the Admin SDK sends one: its conditions and parameters, `version` with a
    /// description only; `minimum` the forced minimum it gives every device.
    static func template(minimum: String, description: String = "CI publish") -> [String: Any] {
        ["conditions": [] as [Any], "parameterGroups": [:] as [String: Any], "version": ["description": description, "versionNumber": "7"],
         "parameters": ["min_required_version": ["defaultValue": ["value": minimum], "valueType": "STRING"]]]
    }

    static func version(_ answer: [String: Any]) -> [String: Any] { answer["version"] as? [String: Any] ?? [:] }

    @Test func everyPublishIsNumberedByTheServerOverTheETagItRead() async throws {
        try await serving { client, path in
            let (status, eTag, current) = try await client.send(.get, "/v1/projects/toaster/remoteConfig")
            #expect(status == .ok)
            #expect(eTag == "etag-toaster-42")
            #expect(Self.version(current)["versionNumber"] as? String == "42")

            // The body's version number is output-only: the server gives 43.
            let (published, publishedTag, answer) = try await client.publish(Self.template(minimum: "2.0.0"), ifMatch: eTag)
            #expect(published == .ok, "\(answer)")
            #expect(publishedTag == "etag-toaster-43")
            let version = Self.version(answer)
            #expect(version["versionNumber"] as? String == "43")
            #expect(version["updateType"] as? String == "INCREMENTAL_UPDATE")
            #expect(version["updateOrigin"] as? String == "REST_API")
            #expect((version["updateUser"] as? [String: Any])?["email"] as? String == ServiceAccountFixtures.email)
            #expect(version["description"] as? String == "CI publish")
            #expect((version["updateTime"] as? String).flatMap(ISO8601.parse) != nil)

            // A stale ETag is refused as Google refuses it, and changes nothing.
            let (stale, _, refusal) = try await client.publish(Self.template(minimum: "3.0.0"), ifMatch: eTag)
            #expect(stale == .badRequest)
            let error = refusal["error"] as? [String: Any]
            #expect(error?["status"] as? String == "INVALID_ARGUMENT")
            #expect((error?["message"] as? String)?.hasPrefix("[VERSION_MISMATCH]: Expected version 42, found 43") == true, "\(refusal)")
            #expect(try await client.send(.get, "/v1/projects/toaster/remoteConfig").1 == "etag-toaster-43")

            // The Admin SDK's {force: true}, the same template again: a new version all the same.
            let (forced, forcedTag, forcedAnswer) = try await client.publish(Self.template(minimum: "2.0.0"), ifMatch: "*", client: "fire-admin-node/13.0.0")
            #expect(forced == .ok)
            #expect(forcedTag == "etag-toaster-44")
            #expect(Self.version(forcedAnswer)["updateType"] as? String == "FORCED_UPDATE")
            #expect(Self.version(forcedAnswer)["updateOrigin"] as? String == "ADMIN_SDK_NODE")

            // Kept beside the policy, the template it replaced first.
            let kept = try FileManager.default.contentsOfDirectory(atPath: path + ".versions/toaster").sorted()
            #expect(kept == ["42.json", "43.json", "44.json"])
            let policy = try String(contentsOfFile: path, encoding: .utf8)
            #expect(policy.contains(#""versionNumber":"44""#), "the policy serves the number the server gave")

            // Without If-Match: refused, nothing published.
            #expect(try await client.publish(Self.template(minimum: "2.0.0"), ifMatch: nil).0 == .badRequest)
        }
    }

    @Test func aValidationPublishesNothingAndAnswersTheETagOfOne() async throws {
        try await serving { client, _ in
            let (status, eTag, answer) = try await client.publish(Self.template(minimum: "2.0.0"), ifMatch: "etag-toaster-42", query: "?validate_only=true")
            #expect(status == .ok, "\(answer)")
            #expect(eTag?.hasSuffix(RemoteConfigAPI.validatedETagSuffix) == true)
            #expect((answer["parameters"] as? [String: Any])?["min_required_version"] != nil)
            #expect(try await client.send(.get, "/v1/projects/toaster/remoteConfig").1 == "etag-toaster-42")

            // What the policy would refuse, the REST API refuses, with the reader's sentence.
            var bad = Self.template(minimum: "2.0.0")
            bad["conditions"] = [["name": "old", "expression": "app.version < '2.0.0'"]]
            for query in ["?validate_only=true", ""] {
                let (refused, _, refusal) = try await client.publish(bad, ifMatch: "*", query: query)
                #expect(refused == .badRequest)
                let error = refusal["error"] as? [String: Any]
                #expect(error?["status"] as? String == "INVALID_ARGUMENT")
                #expect((error?["message"] as? String)?.contains("conditions[0].expression: condition \"old\" cannot be read at offset") == true, "\(refusal)")
            }
            let (_, _, notAVersion) = try await client.publish(Self.template(minimum: "two"), ifMatch: "*")
            #expect(((notAVersion["error"] as? [String: Any])?["message"] as? String)?.contains("invalid version \"two\"") == true, "\(notAVersion)")
            #expect(try await client.send(.get, "/v1/projects/toaster/remoteConfig").1 == "etag-toaster-42")
        }
    }

    @Test func theHistoryIsListedNewestFirstAPageAtATimeAndEachVersionRead() async throws {
        try await serving { client, _ in
            for minimum in ["2.0.0", "2.1.0", "2.2.0"] {
                #expect(try await client.publish(Self.template(minimum: minimum), ifMatch: "*").0 == .ok)
            }
            let (status, _, all) = try await client.send(.get, "/v1/projects/toaster/remoteConfig:listVersions")
            #expect(status == .ok)
            let numbers = { (answer: [String: Any]) in (answer["versions"] as? [[String: Any]] ?? []).compactMap { $0["versionNumber"] as? String } }
            #expect(numbers(all) == ["45", "44", "43", "42"])
            #expect(all["nextPageToken"] == nil)

            // The CLI's pages.
            var pages: [[String]] = [], token: String?
            repeat {
                let (_, _, page) = try await client.send(.get, "/v1/projects/toaster/remoteConfig:listVersions?pageSize=3" + (token.map { "&pageToken=\($0)" } ?? ""))
                pages.append(numbers(page))
                token = page["nextPageToken"] as? String
            } while token != nil
            #expect(pages == [["45", "44", "43"], ["42"]])
            #expect(numbers(try await client.send(.get, "/v1/projects/toaster/remoteConfig:listVersions?endVersionNumber=44").2) == ["44", "43", "42"])
            #expect(numbers(try await client.send(.get, "/v1/projects/toaster/remoteConfig:listVersions?endTime=2026-11-21T00:00:00Z").2) == ["42"])
            #expect(try await client.send(.get, "/v1/projects/toaster/remoteConfig:listVersions?pageSize=301").0 == .badRequest)

            // One version, by number (the Admin SDK's getTemplateAtVersion); by the project's number too.
            let (read, eTag, version) = try await client.send(.get, "/v1/projects/1234567890/remoteConfig?versionNumber=44")
            #expect(read == .ok)
            #expect(eTag == "etag-toaster-44")
            let minimum = ((version["parameters"] as? [String: Any])?["min_required_version"] as? [String: Any])?["defaultValue"] as? [String: Any]
            #expect(minimum?["value"] as? String == "2.1.0")
            #expect(try await client.send(.get, "/v1/projects/toaster/remoteConfig?versionNumber=7").0 == .notFound)
            #expect(try await client.send(.get, "/v1/projects/987/remoteConfig").0 == .notFound)
        }
    }

    @Test func aRollbackIsANewVersionWithTheOldContent() async throws {
        try await serving { client, _ in
            #expect(try await client.publish(Self.template(minimum: "2.1.0"), ifMatch: "*").0 == .ok)
            // The Admin SDK's: the version in the body.
            let (status, eTag, answer) = try await client.send(.post, "/v1/projects/toaster/remoteConfig:rollback", json: ["versionNumber": "42"])
            #expect(status == .ok, "\(answer)")
            #expect(eTag == "etag-toaster-44")
            let version = Self.version(answer)
            #expect(version["updateType"] as? String == "ROLLBACK")
            #expect(version["rollbackSource"] as? String == "42")
            #expect((answer["conditions"] as? [Any])?.count == 6, "the example export's conditions are back")
            // The CLI's: in the query.
            let (queried, queriedTag, _) = try await client.send(.post, "/v1/projects/toaster/remoteConfig:rollback?versionNumber=43")
            #expect(queried == .ok)
            #expect(queriedTag == "etag-toaster-45")
            // Not below the current one: 400; not kept: 404.
            let (current, _, refusal) = try await client.send(.post, "/v1/projects/toaster/remoteConfig:rollback", json: ["versionNumber": "45"])
            #expect(current == .badRequest, "\(refusal)")
            #expect(try await client.send(.post, "/v1/projects/toaster/remoteConfig:rollback", json: ["versionNumber": "3"]).0 == .notFound)
            #expect(try await client.send(.post, "/v1/projects/toaster/remoteConfig:rollback", json: ["version": "3"]).0 == .badRequest)
        }
    }
}
