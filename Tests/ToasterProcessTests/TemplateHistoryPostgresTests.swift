import Foundation
import Testing
import ToasterTestSupport

/// The templates' history in PostgreSQL: two instances behind one load balancer number every
/// publish from one sequence, list the same history, and go on from it after both restart.
@Suite(.offThePool, .serialized) struct TemplateHistoryPostgresTests {
    static let path = "/v1/projects/toaster/remoteConfig"

    /// A template forcing `minimum`, as a CI job publishes one.
    static func template(minimum: String) -> String {
        #"{"conditions": [], "parameters": {"min_required_version": {"defaultValue": {"value": "\#(minimum)"}, "valueType": "STRING"}}}"#
    }

    /// The version numbers `base` lists, newest first.
    static func listed(_ publisher: TemplatePublisher, _ base: String, token: String) async throws -> [String] {
        let answer = try await publisher.send("GET", base + path + ":listVersions", token: token)
        let object = try JSONSerialization.jsonObject(with: Data(answer.text.utf8)) as? [String: Any]
        return (object?["versions"] as? [[String: Any]] ?? []).compactMap { $0["versionNumber"] as? String }
    }

    @Test(.enabled(if: PostgresCluster.runs, "PostgreSQL is not installed here (scripts/test installs it; under CI=true this test runs)"))
    func twoInstancesKeepOneHistoryAndNeverUseANumberTwice() async throws {
        let database = try PostgresCluster()
        let publisher = try TemplatePublisher()
        let arguments = ["--database-url", database.url, "--database-timeout", "\(Polling.allowance.components.seconds)",
                         "--firebase-service-account", publisher.serverKeyFile]
        let policy = try Examples.policy()
        var first: ServerProcess? = try ServerProcess(arguments: arguments, policy: policy)
        var second: ServerProcess? = try ServerProcess(arguments: arguments, policy: policy)
        let instances = [try #require(first).baseURL, try #require(second).baseURL]
        let tokens = try instances.map { try publisher.token($0) }

        // Six publishes at once, three on each instance, each forced over whatever is current.
        let tags = try await withThrowingTaskGroup(of: String?.self) { group in
            for index in 0..<6 {
                group.addTask {
                    let answer = try await publisher.send("PUT", instances[index % 2] + Self.path, token: tokens[index % 2],
                                                          body: Self.template(minimum: "2.0.\(index)"), headers: ["If-Match": "*"])
                    #expect(answer.status == 200, "\(answer.text)")
                    return answer.eTag
                }
            }
            return try await group.reduce(into: [String?]()) { $0.append($1) }
        }
        #expect(tags.compactMap { $0 }.sorted() == (43...48).map { "etag-toaster-\($0)" }, "one number each, none twice: \(tags)")
        let history = (42...48).reversed().map(String.init)
        #expect(try await Self.listed(publisher, instances[0], token: tokens[0]) == history)
        #expect(try await Self.listed(publisher, instances[1], token: tokens[1]) == history)

        // Both restart: the history is the database's, and numbering goes on from it.
        first = nil
        second = nil
        let restarted = [try ServerProcess(arguments: arguments, policy: policy), try ServerProcess(arguments: arguments, policy: policy)]
        let fresh = try restarted.map { try publisher.token($0.baseURL) }
        let rollback = try await publisher.send("POST", restarted[1].baseURL + Self.path + ":rollback?versionNumber=42", token: fresh[1])
        #expect(rollback.status == 200, "\(rollback.text)")
        #expect(rollback.eTag == "etag-toaster-49")
        #expect(try await Self.listed(publisher, restarted[0].baseURL, token: fresh[0]) == ["49"] + history)
        // The other instance serves the rollback too, told by the database.
        let served = await Polling.until {
            try? await publisher.send("GET", restarted[0].baseURL + Self.path, token: fresh[0]).eTag == "etag-toaster-49" ? true : nil
        }
        #expect(served != nil)
    }
}
