import Foundation
import Testing
import ToasterTestSupport

/// toaster-server in front of real traffic, as a process on loopback: timeouts, the connection
/// cap, running out of descriptors, the admin listener and its token, HTTP/1.1's manners.
@Suite(.offThePool) struct ServerNetworkTests {
    private static let get = "GET /lookup?id=1234567890&country=kr HTTP/1.1\r\nHost: t\r\n\r\n"

    private func occurrences(_ text: String, in server: ServerProcess) -> Int {
        server.output.components(separatedBy: text).count - 1
    }

    /// The process's user and system CPU time in seconds, from /proc.
    private func cpuSeconds(_ pid: pid_t) throws -> Double {
        let stat = try String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)
        // Fields after the command name, which is in parentheses and may hold spaces.
        let fields = stat[stat.index(after: try #require(stat.lastIndex(of: ")")))...].split(separator: " ")
        let ticks = try #require(Double(fields[11])) + (try #require(Double(fields[12])))
        return ticks / Double(sysconf(Int32(_SC_CLK_TCK)))
    }

    @Test func idleKeepAliveConnectionsAreClosed() throws {
        let server = try ServerProcess(arguments: ["--idle-timeout", "1"])
        let silent = try RawConnection(server.baseURL)
        #expect(silent.readUntilClosed() == "", "a connection that never sends is closed")
        let kept = try RawConnection(server.baseURL)
        try kept.send(Self.get)
        let answer = try #require(kept.readUntilClosed(), "the keep-alive connection is closed after its answer")
        #expect(answer.hasPrefix("HTTP/1.1 200 OK"))
    }

    @Test func slowSendersAreClosedByTheReadTimeout() throws {
        // The idle timeout alone is long; the read timeout is what closes these.
        let idleTimeout = Duration.seconds(60)
        let server = try ServerProcess(arguments: ["--idle-timeout", "60", "--read-timeout", "1"])
        let started = ContinuousClock.now
        let slowHead = try RawConnection(server.baseURL)
        try slowHead.send("GET /lookup?id=1234567890 HTTP/1.1\r\nHost: t\r\nX-Slow: ")
        let slowBody = try RawConnection(server.baseURL)
        try slowBody.send("POST /v1/projects/toaster/namespaces/firebase:fetch HTTP/1.1\r\nHost: t\r\nContent-Length: 200\r\n\r\n")
        // A byte every 100 ms on each, until both are closed: the head never ends, the body
        // would take 20 s.
        let closed = Polling.until { () -> Bool? in
            for connection in [slowHead, slowBody] where !connection.isClosed { _ = try? connection.send("x") }
            if slowHead.isClosed && slowBody.isClosed { return true }
            Thread.sleep(forTimeInterval: 0.1)
            return nil
        }
        #expect(slowHead.isClosed, "a head sent a byte at a time")
        #expect(slowBody.isClosed, "a body sent a byte at a time")
        // Closed by the read timeout, which is what the idle timeout's minute cannot have done.
        #expect(closed != nil && ContinuousClock.now - started < idleTimeout, "\(ContinuousClock.now - started)")
        // A request in time is still answered.
        let prompt = try RawConnection(server.baseURL)
        try prompt.send(Self.get)
        #expect(prompt.read(through: "\"resultCount\"")?.hasPrefix("HTTP/1.1 200 OK") == true)
    }

    @Test func aClientLeavingInTheMiddleOfARequestIsClosedAtOnce() throws {
        // Long timeouts: only the client's leaving can close these.
        let server = try ServerProcess(arguments: ["--idle-timeout", "600", "--read-timeout", "600"])
        let head = try RawConnection(server.baseURL)
        try head.send("GET /lookup?id=1234567890 HTTP/1.1\r\nHost: t\r\nX-Half: ")
        head.finishSending()
        let body = try RawConnection(server.baseURL)
        try body.send("PUT /admin/policy HTTP/1.1\r\nHost: t\r\nContent-Length: 100\r\n\r\n{")
        body.finishSending()
        #expect(head.readUntilClosed() != nil, "half a head")
        #expect(body.readUntilClosed() != nil, "half a body")
    }

    /// The indices of `connections` whose lookup has been answered, once `count` have been
    /// (or the polling deadline passed).
    private func answered(among connections: [RawConnection], count: Int) -> Set<Int> {
        var answered: Set<Int> = []
        _ = Polling.until { () -> Bool? in
            answered = Set(connections.indices.filter { connections[$0].hasReceived("\"resultCount\"") })
            return answered.count >= count ? true : nil
        }
        return answered
    }

    @Test func atTheConnectionCapNewClientsWaitAndAreServedWhenOneCloses() async throws {
        let server = try ServerProcess(arguments: ["--max-connections", "3"])
        // All at once, each with a request: NIO accepts several connections a read, and only
        // one accept per read keeps a burst from passing the cap.
        let clients = try (0..<10).map { _ in try RawConnection(server.baseURL) }
        for client in clients { try client.send(Self.get) }
        let served = answered(among: clients, count: 3)
        #expect(try await server.metrics().contains("toaster_http_open_connections 3.0"))
        try server.waitForOutput("3 connections open (--max-connections)")
        // After the metrics' round trip and the log line, still no fourth answer.
        #expect(answered(among: clients, count: 0) == served, "\(served.count) of 10 served at a cap of 3")
        #expect(served.count == 3)
        let waiting = clients.indices.filter { !served.contains($0) }.map { clients[$0] }
        // Shut down rather than closed: a server another test spawns meanwhile inherits this
        // process's sockets (RawConnection's are not close-on-exec), and while it holds a
        // copy, closing ours sends nothing.
        clients[try #require(served.first)].finishSending()
        let more = answered(among: waiting, count: 1)
        #expect(try await server.metrics().contains("toaster_http_open_connections 3.0"))
        #expect(more.count == 1 && answered(among: waiting, count: 0) == more, "one closed, one more served")
        #expect(occurrences("connections open (--max-connections)", in: server) == 1)
    }

    @Test func runningOutOfDescriptorsNeitherSpinsNorStopsTheService() throws {
        let server = try ServerProcess(launcher: ["/usr/bin/prlimit", "--nofile=48:48"])
        #expect(server.output.contains("but the limit is 48"))
        var held: [RawConnection] = []
        // The kernel completes connections into the listen backlog; the server runs out of
        // descriptors accepting them.
        for _ in 0..<60 { held.append(try RawConnection(server.baseURL)) }
        try server.waitForOutput("cannot accept connections")
        // Out of descriptors, the server comes to rest: the work it had (the connections it
        // did accept) ends, and then a second passes in which it uses almost no CPU. A server
        // retrying accept() in a loop never rests; a busy machine only delays the rest of one
        // that does not spin, so no window of fixed length is measured.
        var spent: [Double] = []
        let rested = try Polling.until { () throws -> Bool? in
            let before = try cpuSeconds(server.pid)
            Thread.sleep(forTimeInterval: 1)
            spent.append(try cpuSeconds(server.pid) - before)
            return spent.last! <= 0.05 ? true : nil
        }
        #expect(rested != nil, "CPU seconds used in each second while out of descriptors: \(spent)")
        // Shut down, not only closed, for the reason the connection cap's test gives.
        for connection in held { connection.finishSending() }
        let later = try RawConnection(server.baseURL)
        try later.send(Self.get)
        #expect(later.read(through: "\"resultCount\"")?.hasPrefix("HTTP/1.1 200 OK") == true)
        try server.waitForOutput("accepting connections again")
        // One line per time the descriptors run out (an accept that succeeds in between ends
        // it), never one per failed accept: those were thousands a second.
        #expect(occurrences("cannot accept connections", in: server) <= occurrences("accepting connections again", in: server))
    }

    @Test func headConnectAndTransferCodingsAreAnsweredAsHTTP11Says() async throws {
        let server = try ServerProcess()
        let head = try RawConnection(server.baseURL)
        try head.send("HEAD /lookup?id=1234567890&country=kr HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n")
        let headAnswer = try #require(head.readUntilClosed())
        #expect(headAnswer.hasPrefix("HTTP/1.1 200 OK"))
        #expect(headAnswer.lowercased().contains("etag:"))
        #expect(headAnswer.hasSuffix("\r\n\r\n"), "no body: \(headAnswer)")

        for (request, status) in [
            ("CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n", "HTTP/1.1 405 Method Not Allowed"),
            ("POST /v1/projects/toaster/namespaces/firebase:fetch HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: gzip, chunked\r\n\r\n0\r\n\r\n",
             "HTTP/1.1 501 Not Implemented"),
            ("POST /v1/projects/toaster/namespaces/firebase:fetch HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: gzip\r\n\r\n",
             "HTTP/1.1 400 Bad Request"),
        ] {
            let connection = try RawConnection(server.baseURL)
            try connection.send(request)
            let answer = try #require(connection.readUntilClosed(), "answered and closed: \(request)")
            #expect(answer.hasPrefix(status), "\(request): \(answer)")
        }
        // Chunked alone is still read.
        let chunked = try RawConnection(server.baseURL)
        try chunked.send("POST /v1/projects/toaster/namespaces/firebase:fetch HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked\r\n\r\n2\r\n{}\r\n0\r\n\r\n")
        #expect(chunked.read(through: "\"state\"")?.hasPrefix("HTTP/1.1 200 OK") == true)

        // Each is logged and counted like any other answer.
        for (method, path, status) in [("HEAD", "/lookup?id=1234567890&country=kr", 200), ("CONNECT", "example.com:443", 405),
                                       ("POST", "/v1/projects/toaster/namespaces/firebase:fetch", 501),
                                       ("POST", "/v1/projects/toaster/namespaces/firebase:fetch", 400)] {
            try server.waitForOutput("status=\(status)")
            let line = server.output.split(separator: "\n").first { $0.contains(" info request ") && $0.hasSuffix("status=\(status)") }
            #expect(line?.contains("method=\(method) path=\(path) ") == true, "\(method) \(status): \(server.output.suffix(2000))")
        }
        let metrics = try await server.metrics()
        for series in [#"toaster_http_requests_total{route="/lookup",status="200"} 1"#,
                       #"toaster_http_requests_total{route="unmatched",status="405"} 1"#,
                       #"toaster_http_requests_total{route="unmatched",status="501"} 1"#,
                       #"toaster_http_requests_total{route="unmatched",status="400"} 1"#] {
            #expect(metrics.contains(series), "\(series) in \(metrics.sorted())")
        }
    }

    @Test func aRequestTheDecoderCannotParseIsAnsweredLoggedAndCounted() async throws {
        let server = try ServerProcess()
        let connection = try RawConnection(server.baseURL)
        // A header line without a colon: NIO's decoder refuses it and Hummingbird answers 400.
        try connection.send("GET /lookup?id=1234567890 HTTP/1.1\r\nHost: t\r\nno colon here\r\n\r\n")
        let answer = try #require(connection.readUntilClosed())
        #expect(answer.hasPrefix("HTTP/1.1 400 Bad Request"), "\(answer)")
        let id = try #require(answer.split(separator: "\r\n").first { $0.lowercased().hasPrefix("x-request-id: ") }?.dropFirst(14),
                              "an id: \(answer)")
        try server.waitForOutput("status=400")
        let line = server.output.split(separator: "\n").first { $0.contains(" info request ") && $0.hasSuffix("status=400") }
        #expect(line?.contains(" bytes=0 ") == true, "\(server.output.suffix(2000))")
        #expect(line?.contains("method=- path=- request_id=\(id) status=400") == true, "\(server.output.suffix(2000))")
        let metrics = try await server.metrics()
        let series = #"toaster_http_requests_total{route="unmatched",status="400"} 1"#
        #expect(metrics.contains(series), "\(series) in \(metrics.sorted())")
    }

    @Test func theAdminAPIIsOnlyOnItsOwnListener() async throws {
        let server = try ServerProcess()
        #expect(server.adminURL != server.baseURL)
        let public_ = try RawConnection(server.baseURL)
        try public_.send("PUT /admin/policy HTTP/1.1\r\nHost: t\r\nAuthorization: Bearer \(ServerProcess.adminToken)\r\nContent-Length: 2\r\n\r\n{}")
        #expect(public_.read(through: "\r\n\r\n")?.hasPrefix("HTTP/1.1 404") == true)
        let admin = try RawConnection(server.adminURL)
        try admin.send(Self.get)
        #expect(admin.read(through: "\r\n\r\n")?.hasPrefix("HTTP/1.1 404") == true)
        try await server.setStoreVersion("2.2.0")
        #expect(try await server.servedVersion() == "2.2.0")
    }

    @Test func wrongTokensAreLimitedPerAddressAndLogged() throws {
        let server = try ServerProcess()
        func put(_ authorization: String) throws -> String {
            let connection = try RawConnection(server.adminURL)
            let body = try ServerProcess.policy(storeVersion: "2.3.0")
            try connection.send("PUT /admin/policy HTTP/1.1\r\nHost: t\r\nConnection: close\r\nAuthorization: \(authorization)\r\n"
                                + "Content-Length: \(body.utf8.count)\r\n\r\n\(body)")
            return connection.readUntilClosed() ?? "no answer"
        }
        #expect(try put("bearer \(ServerProcess.adminToken)").hasPrefix("HTTP/1.1 200"), "the scheme is case-insensitive")
        for attempt in 1...10 {
            #expect(try put("Bearer wrong-\(attempt)").hasPrefix("HTTP/1.1 401"), "attempt \(attempt)")
        }
        let limited = try put("Bearer wrong-11")
        #expect(limited.hasPrefix("HTTP/1.1 429"))
        #expect(limited.firstMatch(of: /\r\n[Rr]etry-[Aa]fter: [1-9][0-9]*\r\n/) != nil, "\(limited)")
        #expect(try put("Bearer \(ServerProcess.adminToken)").hasPrefix("HTTP/1.1 429"), "the right token waits too")
        // A line is written a moment after its answer: waited for, then counted exactly.
        try server.waitForOutput("PUT /admin/policy refused: a wrong or missing bearer token from 127.0.0.1", count: 10)
        try server.waitForOutput("further tries are refused (429)")
        try server.waitForOutput("PUT /admin/policy refused (429): 127.0.0.1 is locked out after too many wrong bearer tokens", count: 2)
        #expect(occurrences("PUT /admin/policy refused: a wrong or missing bearer token from 127.0.0.1", in: server) == 10)
        #expect(occurrences("further tries are refused (429)", in: server) == 1)
        #expect(occurrences("PUT /admin/policy refused (429): 127.0.0.1 is locked out after too many wrong bearer tokens", in: server) == 2)
    }

    @Test func aLooseOrShortTokenFileIsRefusedAtStart() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("toaster-token-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let binary = Toolchain.toasterServer
        let token = folder.appendingPathComponent("token").path
        try ServerProcess.adminToken.write(toFile: token, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: token)
        let loose = try Toolchain.run([binary, "--policy", Examples.policy.path, "--port", "0", "--admin-port", "0", "--admin-token-file", token])
        #expect(loose.status == 1)
        #expect(loose.stderr == "Error: --admin-token-file: \(token) is open to others (mode 644); it must be readable by its owner only: chmod 600 \(token)\n")
        try "x".write(toFile: token, atomically: false, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: token)
        let short = try Toolchain.run([binary, "--policy", Examples.policy.path, "--port", "0", "--admin-port", "0", "--admin-token-file", token])
        #expect(short.status == 1)
        #expect(short.stderr.contains("\(token) holds a token of 1 bytes; it must have at least 32"))
    }

    @Test func anIPv6ListenerIsPrintedInBrackets() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("toaster-ipv6-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = folder.appendingPathComponent("output").path
        let pid = try Toolchain.spawn([Toolchain.toasterServer, "--policy",
                                       Examples.policy.path, "--host", "::1", "--port", "0", "--admin-host", "::1", "--admin-port", "0"],
                                      output: output)
        defer {
            kill(pid, SIGTERM)
            var status: Int32 = 0
            waitpid(pid, &status, 0)
        }
        let url = try #require(Toolchain.awaitOutput(output, /toaster-server: listening on (http:\/\/\[::1\]:[0-9]+)/))
        #expect(Toolchain.awaitOutput(output, /admin listening on (http:\/\/\[::1\]:[0-9]+)/) != nil)
        let connection = try RawConnection(url)
        try connection.send(Self.get)
        #expect(connection.read(through: "\"resultCount\"")?.hasPrefix("HTTP/1.1 200 OK") == true)
    }
}
