import Foundation
import Testing
import ToasterTestSupport

/// toaster-server's real-time stream as the SDKs open it, over raw sockets: the announcements,
/// the refusals, the faults the admin API asks for, and the server's limits — the connection
/// cap, a graceful shutdown, a client that leaves, bodies it cannot read; and two instances on
/// one PostgreSQL.
@Suite(.offThePool) struct RealtimeStreamTests {
    static let appID = "1:1234567890:ios:0a1b2c3d4e5f6789"
    /// The iOS SDK's request body (`RCNConfigRealtime.m`), gzipped (Python's gzip, mtime 0):
    /// `{project:'1234567890', namespace:'firebase', lastKnownVersionNumber:'0',
    /// appId:'1:1234567890:ios:0a1b2c3d4e5f6789', sdkVersion:'11.5.0', appInstanceId:'cAAAAAAAAAAAAAAAAAAAAA'}`.
    static let iosBody = [UInt8](Data(base64Encoded: "H4sIAAAAAAACA22MvQrCMBRGX8Uti5Smbfy5W0cRHN1v0luI2puQG3EQ390EFBe/8fCd84wpXMhlULrrB7PZ7vatWq8YF5KIjkDNPpFFoUJvKPnI4cFnSuIDn+6LpQSqGhjjYSoV+HXAB4EWte1cPw1k5krLVabrJ1D+ujHN12fJyI5qx43/pl5v/pygRLAAAAA=")!)
    static let iosPath = "/v1/projects/1234567890/namespaces/firebase:streamFetchInvalidations?key=AIzaSyAnyKey"

    /// The example policy with the example template at `version`.
    static func policy(version: Int) throws -> String {
        try policy(version: version, template: try String(contentsOf: Examples.template, encoding: .utf8))
    }

    static func policy(version: Int, template: String) throws -> String {
        try Examples.policy(template: template.replacingOccurrences(of: #""versionNumber": "42""#, with: #""versionNumber": "\#(version)""#))
    }

    /// One request on a connection of its own, answered and closed: its status and body.
    static func request(_ base: String, _ method: String, _ path: String, headers: [String] = [], body: [UInt8] = []) throws -> (Int, String) {
        let connection = try RawConnection(base)
        let head = ([("\(method) \(path) HTTP/1.1"), "Host: t", "Connection: close", "Content-Length: \(body.count)"] + headers).joined(separator: "\r\n")
        try connection.send(bytes: Array((head + "\r\n\r\n").utf8) + body)
        let answer = try #require(connection.readUntilClosed(), "no answer to \(method) \(path)")
        let status = Int(answer.split(separator: " ").dropFirst().first ?? "") ?? 0
        return (status, answer.components(separatedBy: "\r\n\r\n").dropFirst().joined(separator: "\r\n\r\n"))
    }

    /// An installation's auth token, from `server`'s Firebase Installations.
    static func register(_ server: ServerProcess, key: String = "AIzaSyAnyKey") throws -> String {
        let (status, body) = try request(server.baseURL, "POST", "/v1/projects/toaster/installations",
                                         headers: ["Content-Type: application/json", "X-Goog-Api-Key: \(key)"],
                                         body: Array(#"{"fid": "cAAAAAAAAAAAAAAAAAAAAA", "authVersion": "FIS_v2", "appId": "\#(appID)"}"#.utf8))
        #expect(status == 200, "\(body)")
        let answer = try #require(try JSONSerialization.jsonObject(with: Data(body.utf8)) as? [String: Any])
        return try #require((answer["authToken"] as? [String: Any])?["token"] as? String)
    }

    /// A stream opened as the iOS SDK opens it, its answer's head read.
    static func iosStream(_ server: ServerProcess, token: String, receiveBuffer: Int32? = nil) throws -> RawConnection {
        let connection = try RawConnection(server.baseURL, receiveBuffer: receiveBuffer)
        let head = ["POST \(iosPath) HTTP/1.1", "Host: t", "Content-Type: application/json", "Accept: application/json", "Content-Encoding: gzip",
                    "X-Google-GFE-Can-Retry: true", "X-Goog-Api-Key: AIzaSyAnyKey", "X-Ios-Bundle-Identifier: com.example.toaster",
                    "X-Goog-Firebase-Installations-Auth: \(token)", "Content-Length: \(iosBody.count)"].joined(separator: "\r\n")
        try connection.send(bytes: Array((head + "\r\n\r\n").utf8) + iosBody)
        let answered = try #require(connection.read(through: "\r\n\r\n"), "the stream's head never came")
        #expect(answered.hasPrefix("HTTP/1.1 200 OK"), "\(answered)")
        #expect(answered.lowercased().contains("transfer-encoding: chunked"), "held open: no length")
        return connection
    }

    /// A stream opened as the web SDK opens it: the project ID in the path, JSON labelled gzip.
    static func webStream(_ server: ServerProcess, token: String, known: Int?, key: String = "AIzaSyAnyKey") throws -> RawConnection {
        let connection = try RawConnection(server.baseURL)
        let version = known.map { #", "lastKnownVersionNumber": "\#($0)""# } ?? ""
        let body = Array(#"{"project": "toaster", "namespace": "firebase", "appId": "1:1234567890:web:0f"\#(version), "sdkVersion": "0.6.0", "appInstanceId": "cAAAAAAAAAAAAAAAAAAAAA"}"#.utf8)
        let head = ["POST /v1/projects/toaster/namespaces/firebase:streamFetchInvalidations?key=\(key) HTTP/1.1", "Host: t",
                    "Content-Type: application/json", "Accept: application/json", "If-None-Match: *", "Content-Encoding: gzip",
                    "X-Goog-Api-Key: \(key)", "X-Goog-Firebase-Installations-Auth: \(token)", "Content-Length: \(body.count)"].joined(separator: "\r\n")
        try connection.send(bytes: Array((head + "\r\n\r\n").utf8) + body)
        let answered = try #require(connection.read(through: "\r\n\r\n"), "the stream's head never came")
        #expect(answered.hasPrefix("HTTP/1.1 200 OK"), "\(answered)")
        return connection
    }

    static func announcement(_ version: Int) -> String { #"{"latestTemplateVersionNumber":"\#(version)"}"# }

    @Test func aStreamAnnouncesANewerTemplateAtOnceAndEveryNewerOneAfter() async throws {
        let server = try ServerProcess(policy: try Self.policy(version: 42))
        let token = try Self.register(server)
        let ios = try Self.iosStream(server, token: token)
        #expect(ios.read(through: Self.announcement(42)) != nil, "the app knows version 0: told 42 at once")
        let web = try Self.webStream(server, token: token, known: 42)
        try await server.put(policy: try Self.policy(version: 43))
        #expect(ios.read(through: Self.announcement(43)) != nil)
        let first = try #require(web.read(through: Self.announcement(43)), "the web stream knew 42: its first message is 43")
        #expect(!first.contains("\"42\""), "\(first)")
        // A policy whose template has no newer version announces nothing: the next message is 44.
        try await server.put(policy: try Self.policy(version: 43).replacingOccurrences(of: #""version": "2.0.0""#, with: #""version": "9.9.9""#))
        try await server.put(policy: try Self.policy(version: 44))
        let next = try #require(ios.read(through: Self.announcement(44)))
        #expect(!next.contains("latestTemplateVersionNumber\":\"43"), "\(next)")
        #expect(!next.contains("featureDisabled"))
    }

    @Test func aStreamRequestThatIsNotTheSDKsIsRefusedAsGoogleRefusesIt() throws {
        let server = try ServerProcess(policy: try Self.policy(version: 42))
        let token = try Self.register(server)
        let json = "Content-Type: application/json"
        func stream(_ path: String = "/v1/projects/toaster/namespaces/firebase:streamFetchInvalidations", token: String?, _ body: String) throws -> (Int, String) {
            try Self.request(server.baseURL, "POST", path, headers: [json] + (token.map { ["X-Goog-Firebase-Installations-Auth: \($0)"] } ?? []),
                             body: Array(body.utf8))
        }
        for (answer, expected, says) in [
            (try stream(token: nil, "{}"), 401, "UNAUTHENTICATED"),
            (try stream(token: "made-up", "{}"), 401, "UNAUTHENTICATED"),
            (try stream(token: token, "not json"), 400, "INVALID_ARGUMENT"),
            (try stream(token: token, "[1]"), 400, "not a JSON object"),
            (try stream(token: token, #"{"lastKnownVersionNumber": "forty-two"}"#), 400, "is not a version number"),
            (try stream(token: token, #"{"project": "elsewhere"}"#), 400, "is not the path's toaster"),
            (try stream(token: token, #"{"appId": ["1:2:ios:3"]}"#), 400, "appId is an array"),
            (try stream("/v1/projects/toaster/namespaces/other:streamFetchInvalidations", token: token, "{}"), 404, "NOT_FOUND"),
            (try stream("/v1/projects/999/namespaces/firebase:streamFetchInvalidations", token: token, #"{"appId": "\#(Self.appID)"}"#), 404,
             "is not the number of project toaster"),
            (try stream(token: token, String(repeating: " ", count: 70_000) + "{}"), 400, "larger than"),
        ] {
            #expect(answer.0 == expected && answer.1.contains(says), "\(answer)")
        }
        // The number in the path is the app ID's: the iOS SDK's request, with its own quoting.
        let ios = try Self.iosStream(server, token: token)
        #expect(ios.read(through: Self.announcement(42)) != nil)
    }

    /// Where the policy names the project's key and apps, the stream checks them as the fetch
    /// does: the key by the project the path names, by ID or — once the token tells which
    /// project it is — by number.
    @Test func aStreamTakesOnlyThePolicysKeyAndApps() throws {
        let policy = try Self.policy(version: 42).replacingOccurrences(
            of: #""namespace": "firebase", "template""#, with: #""namespace": "firebase", "apiKey": "AIzaSyLocalKey", "appIds": ["\#(Self.appID)", "1:1234567890:web:0f"], "template""#)
        let server = try ServerProcess(policy: policy)
        let token = try Self.register(server, key: "AIzaSyLocalKey")
        let auth = "X-Goog-Firebase-Installations-Auth: \(token)", byID = "/v1/projects/toaster/namespaces/firebase:streamFetchInvalidations"
        let gzip = ["Content-Encoding: gzip", auth]
        for (answer, expected, says) in [
            (try Self.request(server.baseURL, "POST", byID, headers: [auth], body: Array("{}".utf8)), 403, "missing a valid API key"),
            (try Self.request(server.baseURL, "POST", byID + "?key=AIzaSyOther", headers: [auth], body: Array("{}".utf8)), 400, "API_KEY_INVALID"),
            (try Self.request(server.baseURL, "POST", Self.iosPath, headers: gzip, body: Self.iosBody), 400, "API_KEY_INVALID"),
            (try Self.request(server.baseURL, "POST", byID, headers: [auth, "X-Goog-Api-Key: AIzaSyLocalKey"], body: Array(#"{"appId": "1:1:ios:other"}"#.utf8)),
             400, "Request contains an invalid argument."),
        ] {
            #expect(answer.0 == expected && answer.1.contains(says), "\(answer)")
        }
        #expect(try Self.webStream(server, token: token, known: 0, key: "AIzaSyLocalKey").read(through: Self.announcement(42)) != nil)
    }

    @Test func theAdminAPIDropsStreamsAndFailsTheNextRequests() async throws {
        let server = try ServerProcess(policy: try Self.policy(version: 42))
        let token = try Self.register(server)
        let bearer = "Authorization: Bearer \(ServerProcess.adminToken)"
        func admin(_ path: String, _ body: String = "") throws -> (Int, String) {
            try Self.request(server.adminURL, "POST", path, headers: [bearer, "Content-Type: application/json"], body: Array(body.utf8))
        }
        #expect(try Self.request(server.adminURL, "POST", "/admin/realtime/drop").0 == 401, "the admin token is required")
        let streams = try (0..<2).map { _ in try Self.iosStream(server, token: token) }
        for stream in streams { #expect(stream.read(through: Self.announcement(42)) != nil) }
        let dropped = try admin("/admin/realtime/drop")
        #expect(dropped.0 == 200 && dropped.1.contains("dropped 2 real-time streams"), "\(dropped)")
        for stream in streams {
            let rest = try #require(stream.readUntilClosed(), "a dropped stream's connection is closed")
            #expect(!rest.contains("0\r\n\r\n"), "closed without ending the answer, as a drop leaves it: \(rest)")
        }

        #expect(try admin("/admin/realtime/fail", #"{"count": 2, "status": 503}"#).0 == 200)
        for _ in 0..<2 {
            let (status, body) = try Self.request(server.baseURL, "POST", "/v1/projects/toaster/namespaces/firebase:streamFetchInvalidations",
                                                  headers: ["X-Goog-Firebase-Installations-Auth: \(token)"], body: Array("{}".utf8))
            #expect(status == 503 && body.contains("UNAVAILABLE"), "\(body)")
        }
        let open = try Self.iosStream(server, token: token)
        #expect(open.read(through: Self.announcement(42)) != nil, "the third is a stream again")

        #expect(try admin("/admin/realtime/fail", #"{"count": 1, "retryIntervalSeconds": 5}"#).0 == 200)
        let (status, body) = try Self.request(server.baseURL, "POST", "/v1/projects/toaster/namespaces/firebase:streamFetchInvalidations",
                                              headers: ["X-Goog-Firebase-Installations-Auth: \(token)"], body: Array("{}".utf8))
        #expect(status == 200 && body == #"{"retryIntervalSeconds":5}"#, "200, that message, and the end: \(body)")
        #expect(try admin("/admin/realtime/fail", #"{"count": 1, "status": 503}"#).0 == 200)
        #expect(try admin("/admin/realtime/fail", #"{"count": 0}"#).0 == 200, "taken back")
        #expect(try Self.iosStream(server, token: token).read(through: Self.announcement(42)) != nil)

        for bad in [#"{"count": 1}"#, #"{"count": 1, "status": 200}"#, #"{"count": -1, "status": 503}"#, #"{"count": 1, "status": 503, "retryIntervalSeconds": 5}"#,
                    #"{"count": 1, "retryIntervalSeconds": 0}"#, #"{"count": 1, "status": 503, "extra": true}"#, "[]"] {
            let (status, said) = try admin("/admin/realtime/fail", bad)
            #expect(status == 400, "\(bad) → \(said)")
        }
        try server.waitForOutput("POST /admin/realtime/drop: 2 real-time streams dropped")
        try server.waitForOutput("POST /admin/realtime/fail: the next 2 stream requests are answered 503")
    }

    /// A stream holds a connection: at the cap, a new client waits until one ends.
    @Test func streamsCountAgainstTheConnectionCap() async throws {
        let server = try ServerProcess(arguments: ["--max-connections", "2"], policy: try Self.policy(version: 42))
        let token = try Self.register(server)
        let streams = try (0..<2).map { _ in try Self.iosStream(server, token: token) }
        let waiting = try RawConnection(server.baseURL)
        try waiting.send("GET /lookup?id=1234567890&country=kr HTTP/1.1\r\nHost: t\r\n\r\n")
        #expect(try await server.metrics().contains("toaster_http_open_connections 2.0"))
        try server.waitForOutput("2 connections open (--max-connections)")
        // After the metrics' round trip and the log line, the lookup is still not answered.
        #expect(!waiting.hasSentSomething)
        streams[0].finishSending()
        #expect(waiting.read(through: "\"resultCount\"")?.hasPrefix("HTTP/1.1 200 OK") == true, "served once a stream's client left")
        _ = streams
    }

    /// A client that closes its side is gone: its stream's connection is closed at once, not
    /// when the template next changes (long timeouts: nothing else could close it).
    @Test func aStreamWhoseClientLeavesIsClosed() throws {
        let server = try ServerProcess(arguments: ["--idle-timeout", "600", "--read-timeout", "600"], policy: try Self.policy(version: 42))
        let stream = try Self.iosStream(server, token: try Self.register(server))
        #expect(stream.read(through: Self.announcement(42)) != nil)
        stream.finishSending()
        #expect(stream.readUntilClosed() != nil)
    }

    /// A graceful shutdown ends every stream cleanly (its client reopens it elsewhere) rather
    /// than waiting out the deadline: with ten minutes of it, the server still stops.
    @Test func aGracefulShutdownEndsTheStreams() throws {
        let server = try ServerProcess(arguments: ["--shutdown-timeout", "600"], policy: try Self.policy(version: 42))
        let stream = try Self.iosStream(server, token: try Self.register(server))
        #expect(stream.read(through: Self.announcement(42)) != nil)
        kill(server.pid, SIGTERM)
        let rest = try #require(stream.readUntilClosed())
        #expect(rest.hasSuffix("0\r\n\r\n"), "the answer ended, not cut: \(rest)")
        #expect(server.waitForExit() == 0)
    }

    /// A body that never ends is closed by the read timeout, as any request's; meanwhile the
    /// server answers others, open streams and huge bodies beside it.
    @Test func aStreamRequestWhoseBodyNeverEndsIsClosed() throws {
        let server = try ServerProcess(arguments: ["--idle-timeout", "600", "--read-timeout", "1"], policy: try Self.policy(version: 42))
        let token = try Self.register(server)
        let stream = try Self.iosStream(server, token: token)
        let connection = try RawConnection(server.baseURL)
        try connection.send("POST \(Self.iosPath) HTTP/1.1\r\nHost: t\r\nContent-Length: 1000\r\n\r\n{")
        let huge = try Self.request(server.baseURL, "POST", Self.iosPath, headers: ["X-Goog-Firebase-Installations-Auth: \(token)"],
                                    body: Array(repeating: UInt8(ascii: " "), count: 1 << 20))
        #expect(huge.0 == 400, "a megabyte is refused: \(huge)")
        #expect(try Self.request(server.baseURL, "GET", "/lookup?id=1234567890&country=kr").0 == 200, "served while the body waits")
        #expect(stream.read(through: Self.announcement(42)) != nil)
        #expect(connection.readUntilClosed() == "")
    }

    /// A client that never reads its stream: once the few KiB its connection holds are full
    /// (a few hundred announcements; the number depends on buffer sizes, not on speed), the next
    /// message is not taken within 30 s and the connection is closed — not ended, not left to
    /// the stream's 5 minutes. Meanwhile the server answers everyone else. The wait is the
    /// server's 30 s, which is no setting: a test that waits them out is cheaper than a knob.
    @Test func aStreamWhoseClientNeverReadsIsCutOff() async throws {
        let server = try ServerProcess(arguments: ["--idle-timeout", "600", "--read-timeout", "600"], policy: try Self.policy(version: 42))
        let token = try Self.register(server)
        let stalled = try Self.iosStream(server, token: token, receiveBuffer: 1024)
        let reading = try Self.iosStream(server, token: token)
        let template = try String(contentsOf: Examples.template, encoding: .utf8)
        // 500 × 43 bytes: more than twice what the client's window, the server's send buffer
        // and its queue hold together.
        for version in 43..<543 { try await server.put(policy: try Self.policy(version: version, template: template)) }
        #expect(reading.read(through: Self.announcement(542)) != nil, "a stream that reads is told the last")
        #expect(try Self.request(server.baseURL, "GET", "/lookup?id=1234567890&country=kr").0 == 200, "served beside the stalled stream")
        try server.waitForOutput("a real-time stream's client took no message for 30 s: its connection is closed", beyond: .seconds(30))
        let rest = try #require(stalled.readUntilClosed(), "the stalled stream's connection is closed")
        #expect(!rest.hasSuffix("0\r\n\r\n"), "cut, not ended")
        #expect(!rest.contains(Self.announcement(542)), "what it could not take was never queued up for it: \(rest.suffix(200))")
        let counted = await Polling.until { try? await server.metrics().contains("toaster_http_open_connections 1.0") ? true : nil }
        #expect(counted != nil, "only the reading stream's connection is left open")
    }

    /// The done-when of real time on several instances: a stream opened on B announces a
    /// template published on A, through PostgreSQL.
    @Test(.enabled(if: PostgresCluster.runs, "PostgreSQL is not installed here (scripts/test installs it; under CI=true this test runs)"))
    func aStreamOnOneInstanceAnnouncesAPublishOnAnother() async throws {
        let database = try PostgresCluster()
        let rounds = ["--database-url", database.url, "--database-timeout", "\(Polling.allowance.components.seconds)"]
        let first = try ServerProcess(arguments: rounds, policy: try Self.policy(version: 42))
        let second = try ServerProcess(arguments: rounds)
        let stream = try Self.iosStream(second, token: try Self.register(second))
        #expect(stream.read(through: Self.announcement(42)) != nil)
        try await first.put(policy: try Self.policy(version: 43))
        #expect(stream.read(through: Self.announcement(43)) != nil, "B announced A's publish:\n\(second.output.suffix(2000))")
    }
}
