import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Synchronization
import Testing
import ToasterTestSupport

/// toaster-server as a process: start-up errors and SIGHUP reloads.
@Suite(.offThePool) struct ServerProcessTests {
    @Test func sighupReloadsAValidFileAndKeepsServingOnAnInvalidOne() async throws {
        let server = try ServerProcess()
        try "{ \"apps\": [ broken".write(toFile: server.policyPath, atomically: true, encoding: .utf8)
        kill(server.pid, SIGHUP)
        try server.waitForOutput("reload refused")
        #expect(try await server.servedVersion() == "2.0.0")
        try ServerProcess.policy(storeVersion: "2.5.0").write(toFile: server.policyPath, atomically: true, encoding: .utf8)
        kill(server.pid, SIGHUP)
        try server.waitForOutput("reloaded")
        #expect(try await server.servedVersion() == "2.5.0")
    }

    /// A policy whose minimum no storefront serves strands everyone below it: `--check-policy`
    /// names each dead end and exits 1, and a SIGHUP of such a file keeps the policy served.
    @Test func aPolicyThatStrandsAStorefrontFailsTheCheckAndIsNotReloaded() async throws {
        let stranding = try ServerProcess.policy(storeVersion: "2.5.0")
            .replacingOccurrences(of: "\"minRequiredVersion\": \"1.5.0\"", with: "\"minRequiredVersion\": \"3.0.0\"")
        let file = try PreflightFixtures.file(stranding, "policy.json")
        let checked = try Toolchain.run([Toolchain.toasterServer, "--check-policy", file])
        #expect(checked.status == 1)
        #expect(checked.stdout.hasPrefix("\(file): dead-end: apps[0] (com.example.toaster): min-above-store: "), "\(checked.stdout)")
        #expect(checked.stdout.contains("3.0.0") && checked.stdout.contains("2.5.0"), "\(checked.stdout)")
        #expect(checked.stderr == "Error: policy \(file) strands users in a storefront it serves (1 dead end, above)\n")
        let server = try ServerProcess()
        try stranding.write(toFile: server.policyPath, atomically: true, encoding: .utf8)
        kill(server.pid, SIGHUP)
        try server.waitForOutput("reload refused")
        #expect(server.output.contains("min-above-store"), "the log says why")
        #expect(try await server.servedVersion() == "2.0.0", "the old policy is still served")
    }

    @Test func rejectedAdminPolicyLeavesTheAnswersUnchanged() async throws {
        let server = try ServerProcess()
        var request = URLRequest(url: URL(string: server.adminURL + "/admin/policy")!)
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

    @Test func startUpFailuresAreOneClearLine() throws {
        let bad = FileManager.default.temporaryDirectory.appendingPathComponent("bad-policy-\(UUID().uuidString).json")
        try #"{"apps":[{"trackId":1}]}"#.write(to: bad, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: bad) }
        let binary = Toolchain.toasterServer
        let invalid = try Toolchain.run([binary, "--policy", bad.path, "--port", "0", "--admin-port", "0"])
        #expect(invalid.status == 1)
        #expect(invalid.stderr.contains(#"apps[0]: no "bundleId""#), "\(invalid.stderr)")

        let server = try ServerProcess()
        let port = try #require(server.baseURL.split(separator: ":").last.map(String.init))
        let busy = try Toolchain.run([binary, "--policy", Examples.policy.path, "--port", port, "--admin-port", "0"])
        #expect(busy.status == 1)
        #expect(busy.stderr == "Error: cannot listen on 127.0.0.1:\(port): port \(port) is already in use\n")
        let busyAdmin = try Toolchain.run([binary, "--policy", Examples.policy.path, "--port", "0", "--admin-port", port])
        #expect(busyAdmin.status == 1)
        #expect(busyAdmin.stderr == "Error: cannot listen on 127.0.0.1:\(port): port \(port) is already in use\n")
    }
}

/// toaster-server as a process: a policy write is never undone, and never left half-done.
@Suite(.offThePool) struct PolicyWriteTests {
    /// SIGHUP sent as fast as the server takes them, on a thread of its own, until stopped.
    private final class Hangups: Sendable {
        private let running = Atomic<Bool>(true)

        init(pid: pid_t) {
            Thread { [self] in
                while running.load(ordering: .relaxed) {
                    kill(pid, SIGHUP)
                    sched_yield()
                }
            }.start()
        }

        func stop() { running.store(false, ordering: .relaxed) }
    }

    private func reloads(_ server: ServerProcess) -> Int {
        server.output.components(separatedBy: "reloaded the policy").count - 1
    }

    /// Waits until the server finishes a reload it was sent after this call: every reload
    /// started before has ended then (the server handles SIGHUPs one at a time).
    private func waitForAFreshReload(_ server: ServerProcess) throws {
        for _ in 0..<2 {
            let before = reloads(server)
            kill(server.pid, SIGHUP)
            try server.waitForOutput("reloaded the policy", count: before + 1)
        }
    }

    @Test func reloadsRacingPutsNeverServeAPolicyOlderThanAnAcknowledgedPut() async throws {
        let initial = try ServerProcess.policy(storeVersion: "2.0.0", fillers: 400)
        let server = try ServerProcess { folder in
            try initial.write(to: folder.appendingPathComponent("policy.json"), atomically: true, encoding: .utf8)
        }
        let hangups = Hangups(pid: server.pid)
        var stale: [String] = []
        // 30 rounds, each raced by at least one reload: SIGHUPs never stop coming, so a reload
        // is under way or waiting whenever a PUT is, and each round waits until a reload has
        // ended after its PUT was acknowledged before it starts the next. How many reloads a
        // round sees is the machine's; that every round has one is not.
        let rounds = 30
        for round in 1...rounds {
            let acknowledged = "2.0.\(round)"
            try await server.put(policy: try ServerProcess.policy(storeVersion: acknowledged, fillers: 400))
            let endedBefore = reloads(server)
            // A reload that read the old file installs it when it ends, a little after the
            // acknowledgement, and the next reload mends it: several reads catch that window.
            for _ in 1...8 {
                let served = try await server.servedVersion()
                if served != acknowledged { stale.append("\(acknowledged) acknowledged, \(served ?? "nothing") served") }
            }
            try server.waitForOutput("reloaded the policy", count: endedBefore + 1)
            let served = try await server.servedVersion()
            if served != acknowledged { stale.append("\(acknowledged) acknowledged, \(served ?? "nothing") served after a reload") }
        }
        hangups.stop()
        try waitForAFreshReload(server)
        #expect(try await server.servedVersion() == "2.0.\(rounds)", "after the last reload")
        #expect(stale.isEmpty, "\(stale.count) of \(rounds): \(stale.prefix(5))")
    }

    @Test func aStartRemovesTheTemporaryFileOfAWriteThatNeverFinished() throws {
        // What a server killed between writing and renaming leaves: policy.json.tmp-PID of a
        // process that has ended. One of a live process (this one) may be a write in progress.
        let ended = try Toolchain.spawn(["/bin/true"], output: "/dev/null")
        var status: Int32 = 0
        waitpid(ended, &status, 0)
        let live = getpid()
        let server = try ServerProcess { folder in
            try "{\"apps\": [".write(to: folder.appendingPathComponent("policy.json.tmp-\(ended)"), atomically: false, encoding: .utf8)
            try "{}".write(to: folder.appendingPathComponent("policy.json.tmp-\(live)"), atomically: false, encoding: .utf8)
        }
        let abandoned = server.folder.appendingPathComponent("policy.json.tmp-\(ended)").path
        #expect(!FileManager.default.fileExists(atPath: abandoned))
        #expect(server.output.contains("removed \(abandoned), left by a policy write that never finished"))
        #expect(FileManager.default.fileExists(atPath: server.folder.appendingPathComponent("policy.json.tmp-\(live)").path))
    }

    @Test func checkPolicyValidatesAFileForCI() throws {
        let binary = Toolchain.toasterServer
        let valid = try Toolchain.run([binary, "--check-policy", Examples.policy.path])
        #expect(valid.status == 0)
        #expect(valid.stdout == "\(Examples.policy.path): a valid policy (1 app)\n")
        let typo = FileManager.default.temporaryDirectory.appendingPathComponent("typo-policy-\(UUID().uuidString).json")
        try String(contentsOf: Examples.policy, encoding: .utf8)
            .replacingOccurrences(of: "\"minRequiredVersion\"", with: "\"minRequiredVersoin\"").write(to: typo, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: typo) }
        let invalid = try Toolchain.run([binary, "--check-policy", typo.path])
        #expect(invalid.status == 1)
        #expect(invalid.stdout.isEmpty)
        #expect(invalid.stderr == "Error: policy \(typo.path): apps[0].minRequiredVersoin: \"minRequiredVersoin\" is not a policy key; did you mean `minRequiredVersion`?\n")
        // A template in the policy is read whole: an expression's problem by its path and offset.
        let template = FileManager.default.temporaryDirectory.appendingPathComponent("template-policy-\(UUID().uuidString).json")
        try Examples.policy().replacingOccurrences(of: "percent <= 10", with: "percent <= 1O").write(to: template, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: template) }
        let refused = try Toolchain.run([binary, "--check-policy", template.path])
        #expect(refused.status == 1)
        #expect(refused.stderr.hasPrefix("Error: policy \(template.path): apps[0].remoteConfig.template.conditions[2].expression: "
            + "condition \"ios_rollout_2_1\" cannot be read at offset "), "\(refused.stderr)")
        let neither = try Toolchain.run([binary])
        #expect(neither.status == 64)
        #expect(neither.stderr.contains("--policy FILE is required (or --check-policy FILE to only check one)"))
    }
}
