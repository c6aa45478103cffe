import Foundation
import Hummingbird
import Testing
@testable import ToasterServices
import ToasterTestSupport

/// What the sources rely on from the libcurl transport (CHTTPFetch), for http:// as for
/// https://: framing, redirects and their POST rules, name lookup, hostile answers, each as the
/// one sentence a user reads, and fetches on several threads at once.
@Suite(.offThePool) struct HTTPFetcherTests {
    private let fetcher = HTTPFetcher(timeout: .seconds(10))

    private func text(_ url: String, body: String? = nil) async throws -> String {
        String(decoding: try fetcher.fetch(url, body: body.map { Data($0.utf8) }), as: UTF8.self)
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
    private func failure(_ url: String, timeout: Duration = .seconds(10)) async -> String {
        do {
            let data = try HTTPFetcher(timeout: timeout).fetch(url)
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
            let data = try fetcher.fetch(base + "/chunks")
            #expect(data == Data(chunks.joined()))
        }
    }

    @Test func chunkExtensionsTrailersAndInterimAnswersAreSkipped() async throws {
        let answer = "HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 103 Early Hints\r\nLink: </a.css>\r\n\r\n"
            + "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n"
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

    @Test func redirectsGoToHTTPAndHTTPSOnly() async throws {
        let router = Router()
        router.get("secure") { _, _ in Self.redirect(.found, to: "https://127.0.0.1:9/") }
        router.get("ftp") { _, _ in Self.redirect(.found, to: "ftp://127.0.0.1/file") }
        try await serving(router) { base in
            // Port 9 refuses: the redirect to https was followed.
            #expect(await failure(base + "/secure").hasPrefix("cannot connect to \(host(base)) (connection refused"))
            let ftp = await failure(base + "/ftp")
            #expect(ftp.hasPrefix("cannot reach \(host(base)): ") && ftp.contains("ftp"), "\(ftp)")
        }
    }

    @Test func anAnswerCutShortIsOneSentence() async throws {
        for answer in ["HTTP/1.1 200 OK\r\nContent-Length: 100\r\n\r\n0123456789",
                       "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n40\r\nabc"] {
            try await servingRaw(answer) { base in
                let sentence = await failure(base + "/")
                #expect(sentence.hasPrefix("cannot reach \(host(base)): ") && !sentence.contains("\n"), "\(answer): \(sentence)")
            }
        }
        // Headers cut short by the end of the connection are, for libcurl, an answer without a
        // body: the source then says its answer is unusable.
        try await servingRaw("HTTP/1.1 200 OK\r\nContent-Le") { base in
            let body = try await text(base + "/")
            #expect(body == "")
        }
    }

    @Test func somethingElseThanHTTPIsOneSentence() async throws {
        try await servingRaw("SSH-2.0-OpenSSH_9.2\r\n") { base in
            let sentence = await failure(base + "/")
            #expect(sentence.hasPrefix("cannot reach \(host(base)): ") && !sentence.contains("\n"), "\(sentence)")
        }
    }

    @Test func headersPastTheLimitAreRefused() async throws {
        try await servingRaw("HTTP/1.1 200 OK\r\nX-Big: \(String(repeating: "a", count: 200_000))\r\n\r\n") { base in
            let sentence = await failure(base + "/")
            #expect(sentence == "the answer from \(host(base)) has headers larger than libcurl accepts (100 KiB)")
        }
    }

    /// Servers that never finish: each fetch ends at its deadline at the latest, in one sentence.
    @Test(arguments: ["endless headers", "endless interim answers", "a body dripping past the deadline"])
    func anAnswerThatNeverEndsStopsAtTheDeadline(kind: String) async throws {
        let (head, repeated, pause): (String, String, UInt32) = switch kind {
        case "endless headers": ("HTTP/1.1 200 OK\r\n", "X-More: \(String(repeating: "m", count: 200))\r\n", 0)
        case "endless interim answers": ("", "HTTP/1.1 102 Processing\r\n\r\n", 1000)
        default: ("HTTP/1.1 200 OK\r\nContent-Length: 1000\r\n\r\n", "x", 50_000)
        }
        try await servingConnections({ connection in
            guard sendAll(connection, Array(head.utf8)) else { return }
            // Until the client hangs up: at its deadline, or when it refuses the answer.
            while sendAll(connection, Array(repeated.utf8)) { usleep(pause) }
        }) { base in
            let sentence = await failure(base + "/", timeout: .seconds(2))
            #expect(sentence == "timed out after 2 s (\(host(base)))" || sentence.hasPrefix("cannot reach \(host(base)): "),
                    "\(kind): \(sentence)")
            #expect(!sentence.contains("\n"))
        }
    }

    @Test func sixteenFetchesAtOnceEachGetTheirOwnAnswer() async throws {
        let count = 16
        let gate = Gate(count: count)
        let router = Router()
        // Each answer waits until all sixteen requests have arrived: they can only all succeed
        // if they are in flight at the same time.
        router.get("number/:n") { _, context in
            await gate.arrive()
            return "answer \(context.parameters.get("n") ?? "?")"
        }
        try await serving(router) { base in
            let answers = await onThreads(count) { index in
                do {
                    return String(decoding: try HTTPFetcher(timeout: .seconds(20)).fetch("\(base)/number/\(index)"), as: UTF8.self)
                } catch {
                    return "\(error)"
                }
            }
            #expect(answers == (0..<count).map { "answer \($0)" })
        }
    }
}

/// Holds every caller until `count` have arrived.
private actor Gate {
    private let count: Int
    private var waiting: [CheckedContinuation<Void, Never>] = []

    init(count: Int) { self.count = count }

    func arrive() async {
        await withCheckedContinuation { continuation in
            waiting.append(continuation)
            if waiting.count == count { waiting.forEach { $0.resume() } }
        }
    }
}

/// Runs `body` for 0..<count, all at once, each a child task of its own (on `TestThreads`,
/// a thread each as soon as one blocks); the results in index order.
private func onThreads<T: Sendable>(_ count: Int, _ body: @escaping @Sendable (Int) -> T) async -> [T] {
    await withTaskGroup(of: (Int, T).self) { group in
        for index in 0..<count {
            group.addTask { (index, body(index)) }
        }
        var results: [(Int, T)] = []
        for await result in group { results.append(result) }
        return results.sorted { $0.0 < $1.0 }.map(\.1)
    }
}
