import Foundation
import Hummingbird
import Testing
import ToasterCore
import ToasterServer
@testable import ToasterServices
import ToasterTestSupport

/// The HTTP client against real servers on loopback: toaster-server's routes, and small
/// misbehaving ones (an HTML 503, a slow answer, redirect loops, an oversized answer).
@Suite(.offThePool) struct LiveServerTests {
    private func examplePolicyStore() throws -> PolicyStore {
        let path = "/tmp/toaster-live-\(UUID().uuidString).json"
        try FileManager.default.copyItem(atPath: Examples.policy.path, toPath: path)
        return try PolicyStore(path: path)
    }

    @Test func allThreeSourcesReadToasterServer() async throws {
        let router = ToasterRoutes.router(store: try examplePolicyStore(), settings: ServerSettings(adminToken: nil, cmsAPIKey: "k"))
        try await serving(router) { base in
            let lookup = try AppStoreSource(location: .web(url: base + "/lookup"), app: .id("1234567890"), country: "kr",
                                            cacheBuster: { "1" }).fetchAnswer()
            #expect(lookup.latestVersion == "2.0.0")
            #expect(throws: SourceError(.notListed, "app not found in store fr")) {
                try AppStoreSource(location: .web(url: base + "/lookup"), app: .bundleID("com.example.toaster"), country: "fr",
                                   cacheBuster: { "1" }).fetchAnswer()
            }
            let remote = try RemoteConfigSource(location: .web(url: base + "/v1/projects/toaster/namespaces/firebase:fetch"),
                                                keys: .default, appID: "1234567890").fetchAnswer()
            #expect(remote.minimumRequiredVersion == "1.5.0")
            let cms = try CMSSource(location: .web(url: base + "/api/v1/force_update"), apiKey: "k").fetchAnswer()
            #expect(cms.forcedRange?.maxAppVersion == "1.9.9")
            #expect(throws: SourceError.self) {
                try CMSSource(location: .web(url: base + "/api/v1/force_update"), apiKey: nil).fetchAnswer()
            }
        }
    }

    @Test func failuresAreOneClearSentence() async throws {
        let router = Router()
        router.get("html503") { _, _ in
            Response(status: .serviceUnavailable, headers: [.contentType: "text/html"],
                     body: .init(byteBuffer: ByteBuffer(string: "<html><body>Service Unavailable</body></html>")))
        }
        router.get("slow") { _, _ in
            try await Task.sleep(for: .seconds(3))
            return "{}"
        }
        router.get("loop") { _, _ in Response(status: .found, headers: [.location: "/loop2"]) }
        router.get("loop2") { _, _ in Response(status: .found, headers: [.location: "/loop"]) }
        router.get("huge") { _, _ in String(repeating: " ", count: ToasterServices.SourceLocation.maximumBytes + 10) }
        try await serving(router) { base in
            // Only the slow answer gets a short deadline: the whole suite runs in parallel on
            // two cores, and the others must fail for their own reason, not for a busy machine.
            for (path, fragment, timeout) in [("/html503", "HTTP 503 Service Unavailable (an HTML error page)", Duration.seconds(10)),
                                              ("/slow", "timed out after 0.5 seconds", .milliseconds(500)),
                                              ("/loop", "redirects", .seconds(10)), ("/huge", "larger than", .seconds(10))] {
                do {
                    _ = try HTTPFetcher(timeout: timeout).fetch(base + path)
                    Issue.record("\(path) should fail")
                } catch {
                    #expect("\(error)".contains(fragment), "\(path): \(error)")
                }
            }
        }
    }

    @Test func aServiceThatIsDownIsConnectionRefused() async throws {
        do {
            _ = try HTTPFetcher(timeout: .seconds(2)).fetch("http://127.0.0.1:9/lookup")
            Issue.record("port 9 should refuse")
        } catch {
            #expect("\(error)".contains("127.0.0.1:9"), "\(error)")
        }
    }
}
