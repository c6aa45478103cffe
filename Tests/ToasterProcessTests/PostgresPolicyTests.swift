import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
import ToasterTestSupport

/// Several toaster-server instances on one policy kept in a real PostgreSQL.
@Suite(.offThePool, .serialized) struct PostgresPolicyTests {
    /// Polls `server` until it serves `version`.
    private func waitForVersion(_ server: ServerProcess, _ version: String) async throws {
        guard try await Polling.until({ try await server.servedVersion() == version ? true : nil }) != nil else {
            throw TestFailure(description: "still not serving \(version):\n\(server.output.suffix(2000))")
        }
    }

    private func admin(_ server: ServerProcess, _ method: String, body: String? = nil, ifMatch: String? = nil) async throws -> (Int, String?) {
        var request = URLRequest(url: URL(string: server.adminURL + "/admin/policy")!)
        request.httpMethod = method
        request.setValue("Bearer \(ServerProcess.adminToken)", forHTTPHeaderField: "Authorization")
        if let ifMatch { request.setValue(ifMatch, forHTTPHeaderField: "If-Match") }
        request.httpBody = body.map { Data($0.utf8) }
        let (_, response) = try await URLSession.shared.data(for: request)
        let http = response as? HTTPURLResponse
        return (http?.statusCode ?? 0, http?.value(forHTTPHeaderField: "ETag"))
    }

    @Test(.enabled(if: PostgresCluster.runs, "PostgreSQL is not installed here (scripts/test installs it; under CI=true this test runs)"))
    func twoInstancesServeOnePolicyAndOutliveTheDatabase() async throws {
        let database = try PostgresCluster()
        // Both start with --policy: the first stores it in the empty table, the second finds one.
        // Each round with the database gets the polling allowance, not 3 s: a busy machine's
        // PostgreSQL answered the first one too late to start.
        let rounds = ["--database-url", database.url, "--database-timeout", "\(Polling.allowance.components.seconds)"]
        let first = try ServerProcess(arguments: rounds)
        let second = try ServerProcess(arguments: rounds)
        #expect(try await second.servedVersion() == "2.0.0")

        // A PUT on one is served by the other, told by NOTIFY.
        try await first.setStoreVersion("3.0.0")
        try await waitForVersion(second, "3.0.0")

        // Two editors: the second's ETag is stale once the first has written.
        let (_, read) = try await admin(second, "GET")
        try await first.setStoreVersion("3.1.0")
        let (stale, _) = try await admin(second, "PUT", body: try ServerProcess.policy(storeVersion: "3.2.0"), ifMatch: read)
        #expect(stale == 412)
        try await waitForVersion(second, "3.1.0")

        // The database goes away: both keep serving the last policy, a PUT is refused.
        try database.stop()
        try first.waitForOutput("the policy database is unreachable")
        try second.waitForOutput("the policy database is unreachable")
        #expect(try await first.servedVersion() == "3.1.0")
        #expect(try await second.servedVersion() == "3.1.0")
        let (refused, _) = try await admin(first, "PUT", body: try ServerProcess.policy(storeVersion: "3.9.0"))
        #expect(refused == 503)

        // It comes back: both reconnect, and a change is picked up again.
        try database.start()
        try first.waitForOutput("the policy database is reachable again")
        try second.waitForOutput("the policy database is reachable again")
        try await second.setStoreVersion("4.0.0")
        try await waitForVersion(first, "4.0.0")
        #expect(first.output.contains("PUT /admin/policy refused (503)"))
        #expect(!first.output.contains("3.9.0"))
    }

    /// Two instances on one database behind a load balancer: an installation made on one
    /// fetches on the other, a deletion on one is refused on the other, and after both
    /// restart the same token still fetches (the signing key is the database's).
    @Test(.enabled(if: PostgresCluster.runs, "PostgreSQL is not installed here (scripts/test installs it; under CI=true this test runs)"))
    func installationsAreValidOnEveryInstanceAndAcrossRestarts() async throws {
        let database = try PostgresCluster()
        let policy = try Examples.policy()
        let rounds = ["--database-url", database.url, "--database-timeout", "\(Polling.allowance.components.seconds)"]
        var first: ServerProcess? = try ServerProcess(arguments: rounds, policy: policy)
        var second: ServerProcess? = try ServerProcess(arguments: rounds, policy: policy)
        let one = FirebaseClient(base: try #require(first).baseURL), other = FirebaseClient(base: try #require(second).baseURL)
        let installation = try await one.register(fid: "shared-fid")
        let (status, answer) = try await other.fetch(token: installation.authToken)
        #expect(status == 200, "\(answer)")
        #expect((answer["entries"] as? [String: String])?["min_required_version"] == "2.0.0", "jp, 1.9.0")
        #expect(try await other.refresh(installation) == 200)

        let doomed = try await other.register(fid: "doomed-fid")
        #expect(try await one.fetch(token: doomed.authToken).0 == 200)
        #expect(try await other.delete(doomed) == 200)
        try await one.waitForFetch(token: doomed.authToken, status: 401)
        #expect(try await one.refresh(doomed) == 404)

        first = nil
        second = nil
        let restartedFirst = try ServerProcess(arguments: rounds, policy: policy)
        let restartedSecond = try ServerProcess(arguments: rounds, policy: policy)
        for server in [restartedFirst, restartedSecond] {
            let client = FirebaseClient(base: server.baseURL)
            #expect(try await client.fetch(token: installation.authToken).0 == 200, "the same token after both restarted")
            #expect(try await client.fetch(token: doomed.authToken).0 == 401, "still deleted")
        }
    }
}
