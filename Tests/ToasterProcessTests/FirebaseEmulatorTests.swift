import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
import ToasterTestSupport

/// A client of toaster-server's Firebase over HTTP, as the SDKs speak to it.
struct FirebaseClient {
    static let appID = "1:1234567890:ios:0a1b2c3d4e5f6789"
    static let fetchPath = "/v1/projects/toaster/namespaces/firebase:fetch"
    let base: String

    struct Installation {
        let fid: String
        let refreshToken: String
        let authToken: String
    }

    /// A status and the answer's JSON object (empty for a body that is none).
    func send(_ path: String, method: String = "POST", headers: [String: String] = [:], body: Data) async throws -> (Int, [String: Any]) {
        var request = URLRequest(url: URL(string: base + path)!)
        request.httpMethod = method
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        request.httpBody = body
        let (data, response) = try await URLSession.shared.data(for: request)
        return ((response as? HTTPURLResponse)?.statusCode ?? 0, (try? JSONSerialization.jsonObject(with: data) as? [String: Any]) ?? [:])
    }

    func json(_ object: [String: Any]) throws -> Data { try JSONSerialization.data(withJSONObject: object) }

    func register(fid: String, headers: [String: String] = [:]) async throws -> Installation {
        let (status, answer) = try await send("/v1/projects/toaster/installations", headers: headers,
                                              body: try json(["fid": fid, "authVersion": "FIS_v2", "appId": Self.appID, "sdkVersion": "w:0.6.4"]))
        guard status == 200, let refresh = answer["refreshToken"] as? String, let fid = answer["fid"] as? String,
              let token = (answer["authToken"] as? [String: Any])?["token"] as? String else {
            throw TestFailure(description: "registration answered \(status): \(answer)")
        }
        return Installation(fid: fid, refreshToken: refresh, authToken: token)
    }

    /// The iOS SDK's fetch, its token in the header.
    func fetch(token: String, device: [String: Any] = ["app_version": "1.9.0", "country_code": "jp"]) async throws -> (Int, [String: Any]) {
        try await send(Self.fetchPath, headers: ["X-Goog-Firebase-Installations-Auth": token, "Content-Type": "application/json"],
                       body: try json(device.merging(["app_id": Self.appID]) { $1 }))
    }

    func refresh(_ installation: Installation) async throws -> Int {
        try await send("/v1/projects/toaster/installations/\(installation.fid)/authTokens:generate",
                       headers: ["Authorization": "FIS_v2 \(installation.refreshToken)"], body: try json(["installation": ["sdkVersion": "i:11.5.0"]])).0
    }

    func delete(_ installation: Installation) async throws -> Int {
        try await send("/v1/projects/toaster/installations/\(installation.fid)/", method: "DELETE",
                       headers: ["Authorization": "FIS_v2 \(installation.refreshToken)"], body: Data("{}".utf8)).0
    }

    /// Polls until `token`'s fetch answers `status`.
    func waitForFetch(token: String, status: Int) async throws {
        let deadline = Polling.Deadline()
        while try await fetch(token: token).0 != status {
            guard !deadline.hasPassed else { throw TestFailure(description: "the fetch never answered \(status)") }
            try await Task.sleep(for: .milliseconds(20))
        }
    }
}

/// toaster-server as the local Firebase every Google client can use: the web SDK's dialect,
/// templates refused as a client would refuse them, installations that outlive the process.
@Suite(.offThePool) struct FirebaseEmulatorTests {
    /// Exactly what firebase-js-sdk's `rest_client.ts` sends: `?key=` in the URL,
    /// `Content-Encoding: gzip` over plain JSON, `If-None-Match: *`, and the installation's
    /// token in the body as `app_instance_id_token`, no header.
    @Test func theWebSDKsFetchIsAnsweredAsTheTemplateDecides() async throws {
        let server = try ServerProcess(policy: try Examples.policy())
        let client = FirebaseClient(base: server.baseURL)
        let installation = try await client.register(fid: "c")
        let body = try client.json(["sdk_version": "12.18.0", "app_instance_id": installation.fid, "app_instance_id_token": installation.authToken,
                                    "app_id": FirebaseClient.appID, "language_code": "ja-JP", "custom_signals": ["beta": "true"]])
        let headers = ["Content-Type": "application/json", "Content-Encoding": "gzip", "If-None-Match": "*"]
        let (status, answer) = try await client.send(FirebaseClient.fetchPath + "?key=AIzaSyWebKey", headers: headers, body: body)
        #expect(status == 200, "\(answer)")
        #expect(answer["state"] as? String == "UPDATE")
        #expect(answer["templateVersion"] as? String == "42")
        let entries = try #require(answer["entries"] as? [String: String])
        #expect(entries["min_required_version"] == "1.0.0", "no country and no app version: jp_ios_old is false")
        #expect(entries["force_update_store_url"] == "itms-apps://itunes.apple.com/app/id1234567890")
        // The token only in the body, without the gzip label either (the REST form).
        var plain = headers
        plain["Content-Encoding"] = nil
        let (restStatus, rest) = try await client.send(FirebaseClient.fetchPath, headers: plain, body: body)
        #expect(restStatus == 200)
        #expect(rest["entries"] as? [String: String] == entries)
    }

    /// Each of the two apart, with a device the template's condition holds for (jp, 1.9.0):
    /// the token only in the body, and plain JSON labelled gzip with the token in the header.
    @Test(arguments: ["the token only in the body", "plain JSON labelled gzip"])
    func eachDialectAloneGetsTheConditionalValue(which: String) async throws {
        let server = try ServerProcess(policy: try Examples.policy())
        let client = FirebaseClient(base: server.baseURL)
        let installation = try await client.register(fid: "c")
        var device: [String: Any] = ["app_instance_id": installation.fid, "app_id": FirebaseClient.appID, "app_version": "1.9.0", "country_code": "jp"]
        var headers = ["Content-Type": "application/json"]
        if which == "plain JSON labelled gzip" {
            headers["Content-Encoding"] = "gzip"
            headers["X-Goog-Firebase-Installations-Auth"] = installation.authToken
        } else {
            device["app_instance_id_token"] = installation.authToken
        }
        let (status, answer) = try await client.send(FirebaseClient.fetchPath, headers: headers, body: try client.json(device))
        #expect(status == 200, "\(which): \(answer)")
        #expect((answer["entries"] as? [String: String])?["min_required_version"] == "2.0.0", "\(which): jp_ios_old holds")
        // Without the token in either place, the same request is refused.
        device["app_instance_id_token"] = nil
        headers["X-Goog-Firebase-Installations-Auth"] = nil
        #expect(try await client.send(FirebaseClient.fetchPath, headers: headers, body: try client.json(device)).0 == 401, "\(which)")
    }

    /// The issue's two templates: a forced update's minimum that is no version, and a document
    /// that is no template. Each refused by PUT (400 naming the path), by --check-policy
    /// (status 1) and on reload; the answers unchanged after each.
    @Test(arguments: [
        ("two.zero", "apps[0].remoteConfig.template.parameterGroups.force_update.parameters.min_required_version.defaultValue.value: invalid version \"two.zero\""),
        ("foo", "apps[0].remoteConfig.template.foo: \"foo\" is not a Remote Config template key"),
    ])
    func aBadTemplateIsRefusedEverywhereAndChangesNothing(which: String, path: String) async throws {
        let bad = which == "foo" ? try Examples.policy(template: #"{"foo": "bar"}"#)
            : try Examples.policy().replacingOccurrences(of: #""value": "1.0.0""#, with: #""value": "two.zero""#)
        let server = try ServerProcess(policy: try Examples.policy())
        let client = FirebaseClient(base: server.baseURL)
        let installation = try await client.register(fid: "c")
        let (_, before) = try await client.fetch(token: installation.authToken, device: ["app_version": "1.9.0", "country_code": "kr"])
        #expect((before["entries"] as? [String: String])?["min_required_version"] == "1.0.0")

        let (refused, body) = try await Self.put(policy: bad, to: server)
        #expect(refused == 400)
        #expect(String(decoding: body, as: UTF8.self).contains(path.replacingOccurrences(of: "\"", with: "\\\"")), "\(String(decoding: body, as: UTF8.self))")

        let file = FileManager.default.temporaryDirectory.appendingPathComponent("bad-template-\(UUID().uuidString).json")
        try bad.write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        let checked = try Toolchain.run([Toolchain.toasterServer, "--check-policy", file.path])
        #expect(checked.status == 1)
        #expect(checked.stderr.contains(path), "\(checked.stderr)")

        try bad.write(toFile: server.policyPath, atomically: true, encoding: .utf8)
        kill(server.pid, SIGHUP)
        try server.waitForOutput("reload refused")
        #expect(server.output.contains(path), "\(server.output.suffix(2000))")
        let (status, after) = try await client.fetch(token: installation.authToken, device: ["app_version": "1.9.0", "country_code": "kr"])
        #expect(status == 200)
        #expect(after["entries"] as? [String: String] == before["entries"] as? [String: String])
    }

    /// `&&` without its spaces (Firebase's condition reference requires one on each side) is
    /// refused by `check --template`, `--check-policy` and `PUT` alike, in one sentence naming
    /// the condition and the offset; the server keeps answering what it answered.
    @Test func aConditionWithAGluedAndIsRefusedByCheckTheServerAndPut() async throws {
        let spaced = "device.os == 'ios' && device.country in ['jp']"
        let template = try String(contentsOf: Examples.template, encoding: .utf8)
        #expect(template.contains(spaced))
        let glued = template.replacingOccurrences(of: spaced, with: "device.os == 'ios'&&device.country in ['jp']")
        let sentence = #"conditions[1].expression: condition "jp_ios_old" cannot be read at offset 18 ("&&device.country in ['jp…"): "#
            + "&& takes a space before and after it, as Firebase's condition reference requires"

        let file = FileManager.default.temporaryDirectory.appendingPathComponent("glued-template-\(UUID().uuidString).json")
        try glued.write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        let checked = try Toolchain.run([Toolchain.toastercli, "check", "--template", file.path, "--app-version", "1.9.0", "--country", "jp"])
        #expect(checked.status == 1)
        #expect(checked.stderr.split(separator: "\n").contains { $0.hasSuffix(sentence) }, "\(checked.stderr)")

        let policy = try Examples.policy(template: glued)
        let policyFile = try PreflightFixtures.file(policy, "policy.json")
        let refused = try Toolchain.run([Toolchain.toasterServer, "--check-policy", policyFile])
        #expect(refused.status == 1)
        #expect(refused.stderr == "Error: policy \(policyFile): apps[0].remoteConfig.template.\(sentence)\n", "\(refused.stderr)")

        let running = try ServerProcess(policy: try Examples.policy())
        let (status, body) = try await Self.put(policy: policy, to: running)
        #expect(status == 400)
        let answer = try #require(try JSONSerialization.jsonObject(with: body) as? [String: Any])
        #expect((answer["message"] as? String)?.hasSuffix("apps[0].remoteConfig.template." + sentence) == true, "\(answer)")
        let client = FirebaseClient(base: running.baseURL)
        let installation = try await client.register(fid: "glued")
        let (_, fetched) = try await client.fetch(token: installation.authToken, device: ["app_version": "1.9.0", "country_code": "jp"])
        #expect((fetched["entries"] as? [String: String])?["min_required_version"] == "2.0.0", "the template before the PUT still answers")
    }

    /// `PUT /admin/policy` with the admin token: the status and the body.
    private static func put(policy: String, to server: ServerProcess) async throws -> (Int, Data) {
        var request = URLRequest(url: URL(string: server.adminURL + "/admin/policy")!)
        request.httpMethod = "PUT"
        request.setValue("Bearer \(ServerProcess.adminToken)", forHTTPHeaderField: "Authorization")
        request.httpBody = Data(policy.utf8)
        let (body, response) = try await URLSession.shared.data(for: request)
        return ((response as? HTTPURLResponse)?.statusCode ?? 0, body)
    }

    /// One instance without a database: the key made in the state folder (0600) on the first
    /// start, so that the tokens it issued — and its deletions — outlive a restart.
    @Test func installationsOutliveARestartThroughTheStateFolder() async throws {
        let state = try StateFolder()
        let folder = state.path + "/server"
        var server: ServerProcess? = try ServerProcess(policy: try Examples.policy(), stateFolder: folder)
        var client = FirebaseClient(base: try #require(server).baseURL)
        let kept = try await client.register(fid: "kept-fid"), deleted = try await client.register(fid: "deleted-fid")
        #expect(try await client.delete(deleted) == 200)
        #expect(try await client.fetch(token: deleted.authToken).0 == 401)
        var info = stat()
        #expect(stat(folder + "/installations.key", &info) == 0 && info.st_mode & 0o777 == 0o600)
        #expect(stat(folder, &info) == 0 && info.st_mode & 0o777 == 0o700)
        server = nil

        let restarted = try ServerProcess(policy: try Examples.policy(), stateFolder: folder)
        client = FirebaseClient(base: restarted.baseURL)
        #expect(try await client.fetch(token: kept.authToken).0 == 200, "the same token, after a restart")
        #expect(try await client.refresh(kept) == 200)
        #expect(try await client.fetch(token: deleted.authToken).0 == 401, "still deleted")
        #expect(try await client.refresh(deleted) == 404)
        // Another state folder is another key: its server knows none of these.
        let stranger = try ServerProcess(policy: try Examples.policy())
        #expect(try await FirebaseClient(base: stranger.baseURL).fetch(token: kept.authToken).0 == 401)
    }

    /// A `--state-dir` that cannot be made stops the start; the default one only says that
    /// installations will last as long as the process, and the server serves.
    @Test func aStateFolderThatCannotBeMadeStopsOnlyWhenGiven() async throws {
        let state = try StateFolder()
        let file = state.path + "/a-file"
        try "".write(toFile: file, atomically: true, encoding: .utf8)
        let given = try Toolchain.run([Toolchain.toasterServer, "--policy", Examples.policy.path,
                                       "--port", "0", "--admin-port", "0", "--state-dir", file + "/state"])
        #expect(given.status == 1)
        #expect(given.stderr.hasPrefix("Error: --state-dir: cannot make \(file)/state"), "\(given.stderr)")
        let server = try ServerProcess(policy: try Examples.policy(), launcher: ["/usr/bin/env", "-u", "STATE_DIRECTORY", "XDG_STATE_HOME=\(file)"],
                                       defaultStateFolder: true)
        #expect(server.output.contains("Firebase installations will last only as long as this process (give --state-dir)"), "\(server.output)")
        let client = FirebaseClient(base: server.baseURL)
        #expect(try await client.fetch(token: try await client.register(fid: "c").authToken).0 == 200)
    }
}
