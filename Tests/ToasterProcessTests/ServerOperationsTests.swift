import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
import ToasterTestSupport

/// toaster-server as an operator runs it: its log lines, its shutdown, and answers that keep
/// coming while a policy is replaced.
@Suite(.offThePool) struct ServerOperationsTests {
    @Test func aPutWhoseBodyNeverEndsIsClosedAtTheShutdownDeadline() async throws {
        let deadline = Duration.seconds(6)
        let server = try ServerProcess(arguments: ["--shutdown-timeout", "6"])
        let stalled = try RawConnection(server.adminURL)
        try stalled.send("PUT /admin/policy HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer \(ServerProcess.adminToken)\r\n"
                         + "Content-Length: 100000\r\n\r\n{\"apps\": [")
        // A whole exchange on another connection after it: by then the server has read the
        // stalled request's head and waits for its body.
        #expect(try await server.servedVersion() == "2.0.0")
        let signalled = ContinuousClock.now
        kill(server.pid, SIGTERM)
        try server.waitForOutput("shutting down")
        // The listeners stop a moment after that line: polled, each try a new connection.
        let refused = Polling.until { (try? RawConnection(server.baseURL)) == nil ? true : nil }
        #expect(refused != nil, "the public listener still accepts after SIGTERM")
        // The server's deadline starts once it has the signal, after `signalled`: however
        // slow the machine, the stalled PUT cannot be closed sooner than that after it.
        #expect(stalled.readUntilClosed() == "", "closed at the deadline, without an answer")
        let held = ContinuousClock.now - signalled
        #expect(held >= deadline, "the stalled PUT was closed \(held) after SIGTERM, before the shutdown deadline")
        #expect(server.waitForExit() != nil, "still running after SIGTERM:\n\(server.output.suffix(2000))")
        #expect(server.output.contains("PUT /admin/policy refused: the body ended early"))
        // The end of a shutdown is no error: Hummingbird logs a cancelled listener as two.
        let errors = server.output.split(separator: "\n").filter { $0.contains(" error ") }
        #expect(errors.isEmpty, "\(errors)")
    }

    @Test func everyRequestIsLoggedAndEveryAdminEventToo() async throws {
        let server = try ServerProcess()
        var request = URLRequest(url: URL(string: server.baseURL + "/lookup?id=1234567890&country=kr")!)
        request.setValue("trace-7", forHTTPHeaderField: "X-Request-Id")
        let (_, response) = try await URLSession.shared.data(for: request)
        #expect((response as? HTTPURLResponse)?.value(forHTTPHeaderField: "X-Request-Id") == "trace-7")
        var wrong = URLRequest(url: URL(string: server.adminURL + "/admin/policy")!)
        wrong.httpMethod = "PUT"
        wrong.setValue("Bearer nope", forHTTPHeaderField: "Authorization")
        wrong.httpBody = Data("{}".utf8)
        _ = try await URLSession.shared.data(for: wrong)
        try await server.setStoreVersion("2.5.0")
        kill(server.pid, SIGHUP)
        try server.waitForOutput("reloaded the policy")
        try server.waitForOutput("status=200", count: 2)
        let lines = server.output.split(separator: "\n").map(String.init)
        let access = try #require(lines.first { $0.contains("request_id=trace-7") })
        for field in ["info request ", "method=GET", "path=/lookup?id=1234567890&country=kr", "status=200", "duration_ms="] {
            #expect(access.contains(field), "\(access)")
        }
        #expect(lines.contains { $0.contains("PUT /admin/policy refused: a wrong or missing bearer token") })
        // The ETag once, without its own quotes inside the log's.
        #expect(lines.contains { $0.contains("PUT /admin/policy: policy replaced") && $0.contains(#/ etag=[0-9a-f]{16}( |$)/#) })
        #expect(lines.contains { $0.contains("reloaded the policy") && $0.contains("reason=SIGHUP") && $0.contains(#/ etag=[0-9a-f]{16}( |$)/#) })
    }

    @Test func jsonLogsAreOneObjectALine() async throws {
        let server = try ServerProcess(arguments: ["--log-format", "json"])
        _ = try await server.servedVersion()
        try server.waitForOutput("\"message\":\"request\"")
        for line in server.output.split(separator: "\n") where line.hasPrefix("{") {
            let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            #expect(object?["time"] is String && object?["level"] is String, "\(line)")
        }
    }

    /// Synchronous, over raw connections: an async test's every `await` waits for a thread of
    /// the test process's two-thread pool, which the other tests' polling holds, and a loaded
    /// CI run then counted its own waits rather than the server's.
    @Test func lookupsAreAnsweredWhileLargePoliciesArePut() throws {
        let server = try ServerProcess(arguments: ["--access-log", "off"])
        // About 0.9 MB: validating and storing it takes far longer than a few lookups.
        let large = try ServerProcess.policy(storeVersion: "2.0.0", fillers: 8000)
        let puts = try (1...2).map { _ in try RawConnection(server.adminURL) }
        for put in puts {
            try put.send("PUT /admin/policy HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer \(ServerProcess.adminToken)\r\n"
                         + "Content-Length: \(large.utf8.count)\r\n\r\n" + large)
        }
        let lookups = try RawConnection(server.baseURL)
        // Bounded: at most 2,000 lookups, and none once both PUTs are answered.
        var answeredMeanwhile = 0
        for _ in 1...2000 {
            guard !puts.allSatisfy(\.hasSentSomething) else { break }
            try lookups.send("GET /lookup?id=1234567890&country=kr HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            let answer = try #require(lookups.read(through: "}]}"), "a lookup went unanswered")
            #expect(answer.hasPrefix("HTTP/1.1 200 OK") && answer.contains(#""version":"2.0.0""#))
            if !puts.allSatisfy(\.hasSentSomething) { answeredMeanwhile += 1 }
        }
        for put in puts {
            let answer = put.read(through: "\r\n\r\n")
            #expect(answer?.hasPrefix("HTTP/1.1 200 OK") == true, "\(answer ?? "no answer")")
        }
        // With validation and fsync on Swift's two-thread pool, two PUTs held every lookup.
        #expect(answeredMeanwhile >= 5, "\(answeredMeanwhile) lookups answered while two PUTs ran")
    }
}
