import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A toaster-server on a free loopback port, serving a copy of the example policy.
package final class ServerProcess {
    package static let adminToken = "pty-test-token-of-at-least-32-bytes"

    package let folder: URL
    package let baseURL: String
    /// The admin listener's, where `PUT /admin/policy` is.
    package let adminURL: String
    package let pid: pid_t

    package var policyPath: String { folder.appendingPathComponent("policy.json").path }
    package var output: String { (try? String(contentsOf: folder.appendingPathComponent("output"), encoding: .utf8)) ?? "" }

    /// `policy`: the policy file's text, nil for the example policy; `prepare` runs on the
    /// server's folder, policy in place, before the server starts; `launcher` comes before the
    /// server's own arguments (`prlimit --nofile=64`); `stateFolder`: the `--state-dir`, which
    /// outlives the server only when given (by default one in the server's folder; none at all
    /// with `defaultStateFolder`, for the server's own default).
    package init(arguments: [String] = [], policy text: String? = nil, launcher: [String] = [], stateFolder: String? = nil,
                 defaultStateFolder: Bool = false, prepare: (URL) throws -> Void = { _ in }) throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("toaster-server-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let policy = folder.appendingPathComponent("policy.json").path
        if let text {
            try text.write(toFile: policy, atomically: true, encoding: .utf8)
        } else {
            try FileManager.default.copyItem(atPath: Examples.policy.path, toPath: policy)
        }
        let token = folder.appendingPathComponent("token").path
        try Self.adminToken.write(toFile: token, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: token)
        try prepare(folder)
        let output = folder.appendingPathComponent("output").path
        pid = try Toolchain.spawn(launcher + [Toolchain.toasterServer,
                                              "--policy", policy, "--port", "0", "--admin-port", "0", "--admin-token-file", token]
                                  + (defaultStateFolder ? [] : ["--state-dir", stateFolder ?? folder.appendingPathComponent("state").path]) + arguments,
                                  output: output)
        guard let found = Toolchain.awaitOutput(output, /toaster-server: listening on (http:\/\/127\.0\.0\.1:[0-9]+)/),
              let admin = Toolchain.awaitOutput(output, /admin listening on (http:\/\/127\.0\.0\.1:[0-9]+)/) else {
            kill(pid, SIGKILL)
            throw TestFailure(description: "toaster-server did not start: \((try? String(contentsOfFile: output, encoding: .utf8)) ?? "")")
        }
        baseURL = found
        adminURL = admin
    }

    deinit {
        kill(pid, SIGTERM)
        var status: Int32 = 0
        waitpid(pid, &status, 0)
        try? FileManager.default.removeItem(at: folder)
    }

    /// The example policy with its store version replaced.
    package static func policy(storeVersion version: String) throws -> String {
        try String(contentsOf: Examples.policy, encoding: .utf8).replacingOccurrences(of: "\"version\": \"2.0.0\"", with: "\"version\": \"\(version)\"")
    }

    /// The example policy at `version`, with `fillers` more apps: a big file takes a reload or a
    /// `PUT` long enough to read and load that other requests land inside it.
    package static func policy(storeVersion version: String, fillers: Int) throws -> String {
        let example = try policy(storeVersion: version)
        let apps = (1...fillers).map { #"{"trackId":\#($0),"bundleId":"com.example.filler\#($0)","name":"filler","version":"1.0.\#($0)","countries":["kr"]}"# }
        guard let end = example.range(of: "\n  ]\n}", options: .backwards) else { throw TestFailure(description: "the example policy changed shape") }
        return example[..<end.lowerBound] + ",\n" + apps.joined(separator: ",\n") + example[end.lowerBound...]
    }

    /// The store version `/lookup` answers now.
    package func servedVersion() async throws -> String? {
        let (data, _) = try await URLSession.shared.data(from: URL(string: baseURL + "/lookup?id=1234567890&country=kr")!)
        let answer = try JSONSerialization.jsonObject(with: data) as? [String: Any]
        return (answer?["results"] as? [[String: Any]])?.first?["version"] as? String
    }

    /// The admin listener's `GET /metrics`, one line a series.
    package func metrics() async throws -> Set<String> {
        let (data, _) = try await URLSession.shared.data(from: URL(string: adminURL + "/metrics")!)
        return Set(String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init))
    }

    /// `PUT /admin/policy` with the example policy's store version replaced. Below its minimum
    /// (1.5.0) or inside its forced window (to 1.9.9) the policy strands its users, which the
    /// server refuses unless `allowingDeadEnds`.
    package func setStoreVersion(_ version: String, allowingDeadEnds: Bool = false) async throws {
        try await put(policy: try Self.policy(storeVersion: version), allowingDeadEnds: allowingDeadEnds)
    }

    /// `PUT /admin/policy`, which must be acknowledged; `?allowDeadEnds=true` with `allowingDeadEnds`.
    package func put(policy: String, allowingDeadEnds: Bool = false) async throws {
        try await admin("/admin/policy" + (allowingDeadEnds ? "?allowDeadEnds=true" : ""), method: "PUT", body: policy)
    }

    /// A request to the admin API with the admin token, which must be answered 200: its answer.
    @discardableResult
    package func admin(_ path: String, method: String = "POST", body: String = "") async throws -> String {
        var request = URLRequest(url: URL(string: adminURL + path)!)
        request.httpMethod = method
        request.setValue("Bearer \(Self.adminToken)", forHTTPHeaderField: "Authorization")
        request.httpBody = Data(body.utf8)
        let (data, response) = try await URLSession.shared.data(for: request)
        let answer = String(decoding: data, as: UTF8.self)
        guard (response as? HTTPURLResponse)?.statusCode == 200 else {
            throw TestFailure(description: "\(method) \(path) answered \(response): \(answer)")
        }
        return answer
    }

    /// Waits until the process has ended; nil when it is still running at the polling deadline.
    package func waitForExit() -> Int32? {
        Toolchain.waitForExit(pid)
    }

    /// Polls the output until `text` appears in it at least `count` times.
    package func waitForOutput(_ text: String, count: Int = 1, beyond bound: Duration = .zero) throws {
        guard Polling.until(beyond: bound, { output.components(separatedBy: text).count - 1 >= count ? true : nil }) != nil else {
            throw TestFailure(description: "no \"\(text)\" (×\(count)) in:\n\(output.suffix(3000))")
        }
    }
}
