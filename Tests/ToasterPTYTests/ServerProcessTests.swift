import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing

/// toaster-server as a process: start-up errors and SIGHUP reloads.
@Suite struct ServerProcessTests {
    private func waitForOutput(_ server: ServerProcess, _ text: String) throws {
        let end = ContinuousClock.now + TmuxTerminal.deadline
        while !server.output.contains(text) {
            guard ContinuousClock.now < end else { throw PTYError(description: "no \"\(text)\" in:\n\(server.output)") }
            Thread.sleep(forTimeInterval: 0.02)
        }
    }

    @Test func sighupReloadsAValidFileAndKeepsServingOnAnInvalidOne() async throws {
        let server = try ServerProcess()
        try "{ \"apps\": [ broken".write(toFile: server.policyPath, atomically: true, encoding: .utf8)
        kill(server.pid, SIGHUP)
        try waitForOutput(server, "reload refused")
        #expect(try await server.servedVersion() == "2.0.0")
        try ServerProcess.policy(storeVersion: "2.5.0").write(toFile: server.policyPath, atomically: true, encoding: .utf8)
        kill(server.pid, SIGHUP)
        try waitForOutput(server, "reloaded")
        #expect(try await server.servedVersion() == "2.5.0")
    }

    @Test func rejectedAdminPolicyLeavesTheAnswersUnchanged() async throws {
        let server = try ServerProcess()
        var request = URLRequest(url: URL(string: server.baseURL + "/admin/policy")!)
        request.httpMethod = "PUT"
        request.setValue("Bearer \(ServerProcess.adminToken)", forHTTPHeaderField: "Authorization")
        request.httpBody = Data(try ServerProcess.policy(storeVersion: "not.a.version").utf8)
        let (body, response) = try await URLSession.shared.data(for: request)
        #expect((response as? HTTPURLResponse)?.statusCode == 400)
        #expect(String(decoding: body, as: UTF8.self).contains("apps[0].version"))
        #expect(try await server.servedVersion() == "2.0.0")
        try await server.setStoreVersion("3.0.0")
        #expect(try await server.servedVersion() == "3.0.0")
    }

    @Test func startUpErrorsAreOneClearLine() throws {
        let bad = FileManager.default.temporaryDirectory.appendingPathComponent("bad-policy-\(UUID().uuidString).json")
        try #"{"apps":[{"trackId":1}]}"#.write(to: bad, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: bad) }
        let binary = Toolchain.binaryDirectory.appendingPathComponent("toaster-server").path
        let invalid = try Toolchain.run([binary, "--policy", bad.path, "--port", "0"])
        #expect(invalid.status == 1)
        #expect(invalid.stderr.contains("apps[0].bundleId\" is missing"))

        let server = try ServerProcess()
        let port = try #require(server.baseURL.split(separator: ":").last.map(String.init))
        let busy = try Toolchain.run([binary, "--policy", ServerProcess.example.path, "--port", port])
        #expect(busy.status == 1)
        #expect(busy.stderr.contains("cannot listen on 127.0.0.1:\(port)"))
        #expect(busy.stderr.contains("in use"))
    }
}
