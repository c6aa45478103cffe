import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Logging
import Testing
import ToasterCore
@testable import ToasterServer
import ToasterPolicy
import ToasterTestSupport

/// Every route, through Hummingbird's in-process test client.
@Suite struct ToasterRoutesTests {
    private func withServer(_ test: @Sendable (any TestClientProtocol, PolicyStore) async throws -> Void) async throws {
        try await ExampleServer.run(test)
    }

    private func json(_ buffer: ByteBuffer) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(buffer.readableBytesView)) as? [String: Any])
    }

    @Test func storefrontsLagTheirReleasePerAnswerForm() async throws {
        let released = ISO8601DateFormatter().string(from: Date().addingTimeInterval(-3600))
        let policy = """
            {"apps":[{"trackId":42,"bundleId":"com.example.toaster","name":"Toaster","version":"2.0.0","countries":["kr","jp","us"],
              "releaseDate":"\(released)","minimumOsVersion":"16.0",
              "previous":{"version":"1.9.0","minimumOsVersion":"15.0"},
              "lagSeconds":{"query":86400},
              "storefronts":{"jp":{"version":"1.8.0","releaseDate":"2026-01-01T00:00:00Z"},"us":{"lagSeconds":{"bundleId":86400}}}}]}
            """
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("toaster-lag-\(UUID().uuidString).json").path
        try policy.write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let router = ToasterRoutes.router(store: try PolicyStore(path: path), settings: ServerSettings(adminToken: nil, cmsAPIKey: nil))
        try await Application(router: router).test(.router) { client in
            /// `version/minimumOsVersion`, or `none` for `resultCount: 0`.
            func served(_ uri: String) async throws -> String {
                try await client.execute(uri: uri, method: .get) { response in
                    guard let entry = (try json(response.body)["results"] as? [[String: Any]])?.first else { return "none" }
                    return "\(entry["version"] as? String ?? "?")/\(entry["minimumOsVersion"] as? String ?? "?")"
                }
            }
            var answers: [String] = []
            for uri in ["/kr/lookup?id=42", "/lookup?id=42&country=kr", "/jp/lookup?id=42", "/us/lookup?id=42",
                        "/us/lookup?bundleId=com.example.toaster", "/fr/lookup?id=42"] {
                answers.append(try await served(uri))
            }
            // The path form follows the release, the query form lags a day, jp has its own version,
            // us lags by bundle id only, fr does not list the app.
            #expect(answers == ["2.0.0/16.0", "1.9.0/15.0", "1.8.0/16.0", "2.0.0/16.0", "1.9.0/15.0", "none"])
        }
        let outside = policy.replacingOccurrences(of: #""us":{"lagSeconds""#, with: #""fr":{"lagSeconds""#)
        #expect(throws: PolicyError.self) { try ServicePolicy.validated(from: Data(outside.utf8)) }
        let misspelt = policy.replacingOccurrences(of: #""us":{"lagSeconds":{"bundleId""#, with: #""us":{"lagSeconds":{"bundleID""#)
        #expect {
            try ServicePolicy.validated(from: Data(misspelt.utf8))
        } throws: { error in
            "\(error)".contains("storefronts.us.lagSeconds.bundleID") && "\(error)".contains("did you mean `bundleId`?")
        }
    }

    @Test func lookupAnswersLikeTheAppStoreByIdOrBundleIdPerCountry() async throws {
        try await withServer { client, _ in
            try await client.execute(uri: "/lookup?id=1234567890&country=kr", method: .get) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.contentType]?.hasPrefix("text/javascript") == true)
                let body = try json(response.body)
                #expect(body["resultCount"] as? Int == 1)
                let entry = try #require((body["results"] as? [[String: Any]])?.first)
                #expect(entry["version"] as? String == "2.0.0")
                #expect(entry["fileSizeBytes"] is String)
            }
            try await client.execute(uri: "/lookup?bundleId=com.example.toaster&country=jp", method: .get) { response in
                let answer = try json(response.body)
                #expect(answer["resultCount"] as? Int == 1)
            }
            for uri in ["/lookup?id=1234567890&country=fr", "/lookup?id=42&country=kr", "/lookup?country=kr"] {
                try await client.execute(uri: uri, method: .get) { response in
                    #expect(response.status == .ok)
                    let answer = try json(response.body)
                    #expect(answer["resultCount"] as? Int == 0, "\(uri)")
                }
            }
        }
    }

    @Test func everyAnswerHasAnETagAndAMatchIsNotModified() async throws {
        try await withServer { client, _ in
            let tag = try await client.execute(uri: "/lookup?id=1234567890&country=kr", method: .get) { response in
                #expect(response.headers[.cacheControl] == "no-cache")
                return try #require(response.headers[.eTag])
            }
            try await client.execute(uri: "/lookup?id=1234567890&country=kr", method: .get, headers: [.ifNoneMatch: tag]) { response in
                #expect(response.status == .notModified)
                #expect(response.body.readableBytes == 0)
            }
            try await client.execute(uri: "/lookup?id=1234567890&country=kr", method: .get, headers: [.ifNoneMatch: "\"other\""]) { response in
                #expect(response.status == .ok)
            }
            try await client.execute(uri: "/healthz", method: .get) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.eTag] != nil)
            }
        }
    }

    @Test func everyGetRouteAnswersHeadWithoutABody() async throws {
        try await withServer { client, _ in
            for uri in ["/lookup?id=1234567890&country=kr", "/kr/lookup?id=1234567890", "/healthz"] {
                let tag = try await client.execute(uri: uri, method: .get) { $0.headers[.eTag] }
                try await client.execute(uri: uri, method: .head) { response in
                    #expect(response.status == .ok, "\(uri)")
                    #expect(response.body.readableBytes == 0)
                    #expect(response.headers[.eTag] == tag)
                }
            }
            try await client.execute(uri: "/api/v1/force_update", method: .head, headers: [ToasterRoutes.cmsKeyHeader: "cms-key"]) { response in
                #expect(response.status == .ok)
                #expect(response.body.readableBytes == 0)
            }
        }
    }

    @Test func remoteConfigAnswersStringsOrNoTemplate() async throws {
        try await withServer { client, _ in
            try await client.execute(uri: "/v1/projects/toaster/namespaces/firebase:fetch", method: .post) { response in
                let body = try json(response.body)
                #expect(body["state"] as? String == "UPDATE")
                let entries = try #require(body["entries"] as? [String: String])
                #expect(entries["min_required_version"] == "1.5.0")
                #expect(entries["latest_version"] == "2.0.0")
            }
            try await client.execute(uri: "/v1/projects/other/namespaces/firebase:fetch", method: .post) { response in
                let body = try json(response.body)
                #expect(body["state"] as? String == "NO_TEMPLATE")
                #expect(body["entries"] == nil)
            }
        }
    }

    @Test func cmsNeedsTheKey() async throws {
        try await withServer { client, _ in
            try await client.execute(uri: "/api/v1/force_update", method: .get) { response in
                #expect(response.status == .unauthorized)
                let answer = try json(response.body)
                #expect(answer["message"] is String)
            }
            try await client.execute(uri: "/api/v1/force_update", method: .get, headers: [ToasterRoutes.cmsKeyHeader: "cms-key"]) { response in
                #expect(response.status == .ok)
                let answer = try json(response.body)
                #expect(answer["minAppVersion"] as? String == "1.0.0")
            }
            try await client.execute(uri: "/api/v1/nothing", method: .get, headers: [ToasterRoutes.cmsKeyHeader: "cms-key"]) { response in
                #expect(response.status == .notFound)
            }
        }
    }

    @Test func adminReplacesAValidPolicyAndRejectsTheRestUnchanged() async throws {
        try await withServer { client, store in
            let original = try Data(contentsOf: URL(fileURLWithPath: store.path))
            let lifted = String(decoding: original, as: UTF8.self).replacingOccurrences(of: "\"version\": \"2.0.0\"", with: "\"version\": \"2.1.0\"")
            try await client.execute(uri: "/admin/policy", method: .put, body: ByteBuffer(string: lifted)) { response in
                #expect(response.status == .unauthorized)
            }
            try await client.execute(uri: "/admin/policy", method: .put, headers: [.authorization: "Bearer wrong"], body: ByteBuffer(string: lifted)) { response in
                #expect(response.status == .unauthorized)
            }
            for bad in ["{", #"{"apps":[{"trackId":1}]}"#, lifted.replacingOccurrences(of: "\"2.1.0\"", with: "\"two\"")] {
                try await client.execute(uri: "/admin/policy", method: .put, headers: [.authorization: "Bearer s3cret"], body: ByteBuffer(string: bad)) { response in
                    #expect(response.status == .badRequest)
                    let answer = try json(response.body)
                    #expect(answer["message"] is String)
                }
            }
            let trailingComma = lifted.replacingOccurrences(of: "\"jp\", \"us\"]", with: "\"jp\", \"us\",]")
            try await client.execute(uri: "/admin/policy", method: .put, headers: [.authorization: "Bearer s3cret"], body: ByteBuffer(string: trailingComma)) { response in
                let message = try json(response.body)["message"] as? String
                #expect(message == "not a policy: it is not JSON: line 8, column 38: expected a value")
            }
            #expect(try Data(contentsOf: URL(fileURLWithPath: store.path)) == original, "a rejected policy changes nothing")
            #expect(store.policy.apps[0].version == "2.0.0")
            try await client.execute(uri: "/admin/policy", method: .put, headers: [.authorization: "Bearer s3cret"], body: ByteBuffer(string: lifted)) { response in
                #expect(response.status == .ok)
            }
            #expect(store.policy.apps[0].version == "2.1.0")
            #expect(String(decoding: try Data(contentsOf: URL(fileURLWithPath: store.path)), as: UTF8.self) == lifted)
        }
    }

    @Test func reloadKeepsTheServedPolicyWhenTheFileIsInvalid() async throws {
        try await withServer { _, store in
            try Data("{ not json".utf8).write(to: URL(fileURLWithPath: store.path))
            await store.reload(because: "a test")
            #expect(store.policy.apps[0].version == "2.0.0")
        }
    }

    @Test(arguments: [
        (#"{"apps":[{"trackId":1,"bundleId":"a","name":"n","version":"1.0","countries":["kr"]}]}"#, nil as String?),
        (#"{"apps":[]}"#, "apps: the list is empty"),
        (#"{"apps":[{"trackId":-5,"bundleId":"a","name":"n","version":"1.0","countries":["kr"]}]}"#, "apps[0].trackId: -5 is not an App Store id"),
        (#"{"apps":[{"trackId":1,"bundleId":"","name":"n","version":"1.0","countries":["kr"]}]}"#, "apps[0].bundleId is empty"),
        (#"{"apps":[{"trackId":1,"bundleId":"a","name":" ","version":"1.0","countries":["kr"]}]}"#, "apps[0].name is empty"),
        (#"{"apps":[{"trackId":1,"bundleId":"a","name":"n","version":"1.0","countries":[]}]}"#, "apps[0].countries is empty"),
        (#"{"apps":[{"trackId":1,"bundleId":"a","name":"n","version":"1.0","countries":["kr"],"forced":{"title":"t","message":"m","startDate":"2026-12-01T00:00:00Z","endDate":"2026-11-01T00:00:00Z","minAppVersion":"1.0.0","maxAppVersion":"1.5.0","buttonTitle":"b","url":"itms-apps://itunes.apple.com/app/id1"}}]}"#,
         "apps[0].forced.endDate 2026-11-01T00:00:00Z is before its startDate 2026-12-01T00:00:00Z"),
        (#"{"apps":[{"trackId":1,"bundleId":"a","name":"n","version":"1.0","countries":["kr"],"forced":{"title":"t","message":"m","startDate":"2026-01-01T00:00:00Z","endDate":"2099-01-01T00:00:00Z","minAppVersion":"1.9.9","maxAppVersion":"1.0.0","buttonTitle":"b","url":"itms-apps://itunes.apple.com/app/id1"}}]}"#,
         "apps[0].forced.maxAppVersion 1.0.0 is below its minAppVersion 1.9.9"),
        (#"[1]"#, "not a policy"),
        (#"{"apps":[{"trackId":1,"bundleId":"a","name":"n","version":"1.x","countries":["kr"]}]}"#, "apps[0].version"),
        (#"{"apps":[{"trackId":1,"bundleId":"a","name":"n","version":"1.0","countries":["KR"]}]}"#, "apps[0].countries"),
        (#"{"apps":[{"trackId":1,"bundleId":"a","name":"n","version":"1.0","countries":["kr"],"releaseDate":"yesterday"}]}"#, "apps[0].releaseDate"),
        (#"{"apps":[{"trackId":1,"bundleId":"a","name":"n","version":"1.0","countries":["kr"]},{"trackId":1,"bundleId":"b","name":"n","version":"1.0","countries":["kr"]}]}"#, "used twice"),
        // Standard JSON only, with the line and column of a syntax error.
        ("{\"apps\": [],\n}", "not a policy: it is not JSON: line 2, column 1: expected a key in double quotes"),
        ("{\"apps\": [\n  {\"trackId\": 1,", "not a policy: it is not JSON: line 2, column 17: expected a key in double quotes"),
        (#"{"apps":[],"apps":[{"trackId":1}]}"#, #"line 1, column 12: the key "apps" appears twice in one object"#),
        // A key the format does not have is refused, with the nearest known one.
        (#"{"apps":[{"trackId":1,"bundleId":"a","name":"n","version":"1.0","countries":[],"minRequiredVersoin":"1.0"}]}"#,
         #"apps[0].minRequiredVersoin: "minRequiredVersoin" is not a policy key; did you mean `minRequiredVersion`?"#),
        (#"{"apps":[{"trackId":1,"bundleID":"a","name":"n","version":"1.0","countries":[]}]}"#, "did you mean `bundleId`?"),
        (#"{"apps":[{"trackId":1,"bundleId":"a","name":"n","version":"1.0","countries":[],"cms":{"endpont":"x"}}]}"#,
         "apps[0].cms.endpont: \"endpont\" is not a policy key; did you mean `endpoint`?"),
        (#"{"apps":[],"comment":"x"}"#, #"comment: "comment" is not a policy key (known: apps)"#),
    ])
    func validationNamesTheProblem(text: String, problem: String?) {
        do {
            _ = try ServicePolicy.validated(from: Data(text.utf8))
            #expect(problem == nil)
        } catch {
            #expect(problem.map { error.description.contains($0) } == true, "\(error.description)")
        }
    }

    /// Time zones for a policy without dateTime rules in another zone.
    struct UTCOnly: TimeZoneRules {
        func secondsFromUTC(zone: String, at instant: Date) -> Int? { nil }
    }

    @Test func policyOnlyWarningsAsPreflightWouldGiveThem() throws {
        let text = #"{"apps":[{"trackId":42,"bundleId":"com.example.toaster","name":"Toaster","version":"2.1","countries":["kr","us"],"minRequiredVersion":"2.1.0","#
            + #""forced":{"title":"t","message":"m","startDate":"2026-01-01T00:00:00Z","endDate":"2026-02-01T00:00:00Z","minAppVersion":"1.0.0","maxAppVersion":"1.5.0","buttonTitle":"b","url":"https://example.com/update"}}]}"#
        let policy = try ServicePolicy.validated(from: Data(text.utf8))
        let warnings = policy.warnings(now: ISO8601.parse("2026-11-23T09:00:00Z")!, zones: UTCOnly())
        #expect(warnings.contains { $0.hasPrefix("apps[0] (com.example.toaster): window: The window of apps[0].forced closed at 2026-02-01T00:00:00Z") })
        #expect(warnings.contains { $0.hasPrefix("apps[0] (com.example.toaster): version-string: ") && $0.contains("\"2.1\"") })
        // Without the minimum (whose default URL wins among equally forced layers), the window's URL is the alert's.
        let live = try ServicePolicy.validated(from: Data(text.replacingOccurrences(of: "2026-02-01", with: "2099-02-01")
            .replacingOccurrences(of: #""minRequiredVersion":"2.1.0","#, with: "").utf8))
        #expect(live.warnings(now: ISO8601.parse("2026-11-23T09:00:00Z")!, zones: UTCOnly()).contains { $0.contains("store-url: The update URL https://example.com/update") },
                "a forced update that opens a browser")
        let clean = try ServicePolicy.validated(from: Data(#"{"apps":[{"trackId":42,"bundleId":"b","name":"n","version":"2.0.0","countries":["kr"],"minRequiredVersion":"2.0.0"}]}"#.utf8))
        #expect(clean.warnings(now: ISO8601.parse("2026-11-23T09:00:00Z")!, zones: UTCOnly()).isEmpty)
    }

    @Test func secretsCompareByValueOnly() {
        #expect(ConstantTime.equal("s3cret", "s3cret"))
        #expect(!ConstantTime.equal("s3cret", "s3creT"))
        #expect(!ConstantTime.equal("s3cret", "s3cret2"))
        #expect(!ConstantTime.equal("", "x"))
    }
}

extension PolicyStore {
    /// The policy file of a store the tests opened with `init(path:)`.
    var path: String { (backend as? PolicyFile)?.path ?? "" }
}
