import Foundation
import Hummingbird
import Testing
@testable import ToasterServices

/// The plain-socket client that takes http:// URLs (CHTTPFetch/toaster_plain_http.c): framing,
/// redirects, name lookup, and answers cut short or malformed, each as the sentence a user reads.
///
/// One test at a time: a fetch blocks a libdispatch worker thread, which on Linux the Swift
/// concurrency pool also runs on, so an in-process server can wait for libdispatch to add a
/// thread (about once a second); in parallel the suite took 4 s, one at a time 0.1 s.
@Suite(.serialized) struct PlainHTTPTests {
    private let fetcher = HTTPFetcher(timeout: .seconds(10))

    private func text(_ url: String, body: String? = nil) async throws -> String {
        let fetcher = fetcher
        return String(decoding: try await offThePool { try fetcher.fetch(url, body: body.map { Data($0.utf8) }) }, as: UTF8.self)
    }

    /// What `router`, on loopback, answers for `path`, asked by `name`.
    private func served(_ router: Router<BasicRequestContext>, _ path: String, host name: String = "127.0.0.1") async throws -> String {
        var answer = ""
        try await serving(router) { base in
            answer = try await text(base.replacingOccurrences(of: "127.0.0.1", with: name) + path)
        }
        return answer
    }

    /// The sentence a fetch fails with.
    private func failure(_ url: String) async -> String {
        do {
            let fetcher = fetcher
            let data = try await offThePool { try fetcher.fetch(url) }
            return "no failure: \(data.count) bytes"
        } catch {
            return "\(error)"
        }
    }

    private static func redirect(_ status: HTTPResponse.Status, to location: String) -> Response {
        Response(status: status, headers: [.location: location])
    }

    private func host(_ base: String) -> String { String(base.dropFirst("http://".count)) }

    private static func pattern(_ count: Int, seed: Int) -> [UInt8] {
        (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ seed) }
    }

    @Test func aChunkedAnswerIsReassembledByteForByte() async throws {
        // Larger than the client's 68 KiB buffer, and chunks that end mid-read.
        let chunks = [Self.pattern(1, seed: 1), Self.pattern(5000, seed: 2), Self.pattern(70_000, seed: 3), Self.pattern(3, seed: 4)]
        let router = Router()
        router.get("chunks") { _, _ in
            // No content length: Hummingbird sends the body chunked.
            Response(status: .ok, body: ResponseBody { writer in
                for chunk in chunks { try await writer.write(ByteBuffer(bytes: chunk)) }
                try await writer.finish(nil)
            })
        }
        try await serving(router) { base in
            let fetcher = fetcher
            let data = try await offThePool { try fetcher.fetch(base + "/chunks") }
            #expect(data == Data(chunks.joined()))
        }
    }

    @Test func chunkExtensionsTrailersAndInterimAnswersAreSkipped() async throws {
        let answer = "HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n"
            + "4;name=value\r\nabcd\r\n3\r\nefg\r\n0\r\nX-Checksum: 1\r\n\r\n"
        try await servingRaw(answer) { base in
            let body = try await text(base + "/")
            #expect(body == "abcdefg")
        }
    }

    @Test func aRedirectChainUpToTheLimitArrives() async throws {
        let router = Router()
        router.get("start") { request, _ in
            Response(status: .found, headers: [.location: "http://\(request.head.authority ?? "")/dir/second"])
        }
        router.get("dir/second") { _, _ in Self.redirect(.movedPermanently, to: "third") }
        router.get("dir/third") { _, _ in Self.redirect(.permanentRedirect, to: "../final?step=4#ignored") }
        router.get("final") { request, _ in "arrived at step \(request.uri.queryParameters.get("step") ?? "?")" }
        // Absolute, relative and dot-segment Locations: three redirects, HTTPFetcher's limit.
        #expect(try await served(router, "/start") == "arrived at step 4")
    }

    @Test func a307KeepsThePostWhile303And302MakeItAGet() async throws {
        let router = Router()
        router.post("307") { _, _ in Self.redirect(.temporaryRedirect, to: "/echo") }
        router.post("303") { _, _ in Self.redirect(.seeOther, to: "/echo") }
        router.post("302") { _, _ in Self.redirect(.found, to: "/echo") }
        let echo: @Sendable (Request, BasicRequestContext) async throws -> String = { request, _ in
            var request = request
            let body = try await request.collectBody(upTo: 1024)
            return "\(request.method.rawValue) \(String(buffer: body))"
        }
        router.get("echo", use: echo)
        router.post("echo", use: echo)
        try await serving(router) { base in
            var answers: [String] = []
            for code in ["307", "303", "302"] { answers.append(try await text(base + "/" + code, body: "payload")) }
            #expect(answers == ["POST payload", "GET ", "GET "])
        }
    }

    @Test func aHostNameIsLookedUp() async throws {
        let router = Router()
        router.get("hello") { _, _ in "hello" }
        #expect(try await served(router, "/hello", host: "localhost") == "hello")
    }

    @Test func redirectsToHTTPSGoToLibcurlAndOtherSchemesFail() async throws {
        let router = Router()
        router.get("secure") { _, _ in Self.redirect(.found, to: "https://127.0.0.1:9/") }
        router.get("ftp") { _, _ in Self.redirect(.found, to: "ftp://127.0.0.1/file") }
        try await serving(router) { base in
            // Port 9 refuses: the plain client would call https an unsupported scheme instead.
            #expect(await failure(base + "/secure") == "cannot connect to \(host(base)) (connection refused)")
            #expect(await failure(base + "/ftp") == "cannot reach \(host(base)): redirect to an unsupported scheme")
        }
    }

    @Test func anAnswerCutShortIsOneSentence() async throws {
        for answer in ["HTTP/1.1 200 OK\r\nContent-Length: 100\r\n\r\n0123456789",
                       "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n40\r\nabc",
                       "HTTP/1.1 200 OK\r\nContent-Le"] {
            try await servingRaw(answer) { base in
                #expect(await failure(base + "/") == "cannot reach \(host(base)): the connection closed before the whole answer arrived",
                        "\(answer)")
            }
        }
    }

    @Test func headersPastTheLimitAreRefused() async throws {
        try await servingRaw("HTTP/1.1 200 OK\r\nX-Big: \(String(repeating: "a", count: 70_000))\r\n\r\n") { base in
            #expect(await failure(base + "/") == "cannot reach \(host(base)): malformed answer: headers too large")
        }
    }

    @Test func somethingElseThanHTTPIsMalformed() async throws {
        try await servingRaw("SSH-2.0-OpenSSH_9.2\r\n") { base in
            #expect(await failure(base + "/") == "cannot reach \(host(base)): malformed answer from the server")
        }
    }

    @Test func aUserNameInTheURLIsRefused() async {
        #expect(await failure("http://user@127.0.0.1:9/") == "cannot reach 127.0.0.1:9: a user name in the URL (user@host) is not supported")
    }
}
