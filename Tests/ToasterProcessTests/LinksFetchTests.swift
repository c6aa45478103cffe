import Foundation
import Testing
import ToasterTestSupport

/// `links check --aasa https://DOMAIN`: the file fetched over https from a loopback service
/// (trusted with --ca-file), from a stand-in for Apple's CDN, from several domains at once; and
/// the usage errors of the new forms.
@Suite(.offThePool) struct LinksFetchTests {
    static let app = "ABCDE12345.com.example.toaster"

    static func file(_ path: String) -> String {
        #"{"applinks": {"details": [{"appIDs": ["\#(app)"], "components": [{"/": "\#(path)"}]}]}}"#
    }

    private func check(_ arguments: [String], environment: [String] = []) throws -> (status: Int32, stdout: String, stderr: String) {
        try Toolchain.run(environment + [Toolchain.toastercli, "links", "check", "--app-id", Self.app] + arguments)
    }

    @Test func theFileIsFetchedFromTheWellKnownPathOverHTTPS() throws {
        let service = try LoopbackService(answering: Self.file("/links/*"), tls: true)
        let result = try check(["--aasa", service.baseURL, "--ca-file", service.certificate,
                                service.baseURL + "/links/1", service.baseURL + "/other"])
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stdout.contains("match     \(service.baseURL)/links/1  details[0] components[0]"), "\(result.stdout)")
        #expect(result.stdout.contains(#"closest: details[0] components[0] {"/": "/links/*"}: the path /other does not match "/links/*""#))
        #expect(service.requests.first?.hasPrefix("GET /.well-known/apple-app-site-association HTTP/1.1") == true, "\(service.requests)")
    }

    @Test func severalDomainsAnswerEachURLFromItsHostsFile() throws {
        let links = try LoopbackService(answering: Self.file("/links/*"), tls: true)
        let videos = try LoopbackService(answering: Self.file("/videos/*"), tls: true)
        // Each service's certificate is its own CA: trust both.
        let bundle = FileManager.default.temporaryDirectory.appendingPathComponent("links-ca-\(UUID().uuidString).pem").path
        defer { try? FileManager.default.removeItem(atPath: bundle) }
        try (String(contentsOfFile: links.certificate, encoding: .utf8) + String(contentsOfFile: videos.certificate, encoding: .utf8))
            .write(toFile: bundle, atomically: true, encoding: .utf8)
        let result = try check(["--aasa", links.baseURL, "--aasa", videos.baseURL, "--ca-file", bundle, "--format", "json",
                                links.baseURL + "/links/1", videos.baseURL + "/videos/1", links.baseURL + "/videos/1",
                                "https://elsewhere.example/links/1"])
        let document = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        let verdicts = (document?["results"] as? [[String: Any]])?.map { $0["verdict"] as? String }
        #expect(verdicts == ["match", "match", "no match", "no match"], "\(result.stdout) \(result.stderr)")
        #expect(document?["file"] as? [String] == [links.baseURL, videos.baseURL])
        let reasons = (document?["results"] as? [[String: Any]])?.map { $0["reason"] as? String }
        #expect(reasons?.last??.hasPrefix("no file was given for elsewhere.example") == true, "\(String(describing: reasons))")
    }

    @Test func theCDNFormAsksTheCDNForTheDomain() throws {
        let cdn = try LoopbackService(answering: Self.file("/links/*"), tls: true)
        let result = try check(["--cdn", "--aasa", "https://example.com", "--ca-file", cdn.certificate, "https://example.com/links/1"],
                               environment: ["TOASTER_AASA_CDN=\(cdn.baseURL)/a/v1/"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(cdn.requests.first?.hasPrefix("GET /a/v1/example.com HTTP/1.1") == true, "\(cdn.requests)")
    }

    @Test func aFetchThatFailsIsOneSentenceAndStatus2() throws {
        let result = try check(["--aasa", "https://127.0.0.1:9", "https://127.0.0.1:9/links/1"])
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("Error: cannot fetch https://127.0.0.1:9/.well-known/apple-app-site-association: "), "\(result.stderr)")
        #expect(result.stdout.isEmpty)
    }

    @Test(arguments: [
        (["--aasa", "http://example.com"], "--aasa http://example.com: iOS fetches the file only over https"),
        (["--aasa", "https://example.com/x"], "--aasa https://example.com/x: give the bare origin (https://example.com)"),
        (["--aasa", "https://a.example", "--aasa", "/tmp/file"], "--aasa: a file names no domain"),
        (["--cdn", "--aasa", "/tmp/file"], "--cdn fetches a domain's file from Apple's CDN"),
        (["--aasa", "https://a.example", "--aasa", "https://A.example/"], "--aasa names a.example twice"),
        (["--aasa", "https://a.example", "--timeout", "0"], "--timeout must be more than 0"),
    ])
    func usageMistakesNameTheFlag(arguments: [String], message: String) throws {
        let result = try check(arguments + ["https://a.example/1"])
        #expect(result.status == 64)
        #expect(result.stderr.contains(message), "\(result.stderr)")
    }
}
