import Foundation
import Hummingbird
import Synchronization
import Testing
import ToasterCore
@testable import ToasterServices
import ToasterTestSupport

/// A domain's apple-app-site-association file fetched as iOS fetches it, from a loopback server:
/// no redirect followed, HTTP 200 only, at most 128 KB, a JSON content type or a warning.
@Suite(.offThePool) struct AssociationFetcherTests {
    static let file = #"{"applinks": {"details": [{"appIDs": ["A.b"], "components": [{"/": "/links/*"}]}]}}"#

    private func fetch(_ url: String) async throws -> AssociationFetcher.Fetched {
        try AssociationFetcher(timeout: .seconds(10), trust: .system).fetch(url)
    }

    private func failure(_ url: String) async -> String {
        do {
            let fetched = try await fetch(url)
            return "no failure: \(fetched.data.count) bytes"
        } catch {
            return "\(error)"
        }
    }

    private static func answer(_ body: String, type: String?, status: HTTPResponse.Status = .ok) -> Response {
        var headers = HTTPFields()
        if let type { headers[.contentType] = type }
        return Response(status: status, headers: headers, body: .init(byteBuffer: ByteBuffer(string: body)))
    }

    @Test func aFileServedAsJSONIsReadWithoutWarning() async throws {
        let router = Router()
        router.get(".well-known/apple-app-site-association") { _, _ in Self.answer(Self.file, type: "application/json; charset=utf-8") }
        try await serving(router) { base in
            let fetched = try await fetch(base + LinkDomain.wellKnownPath)
            #expect(String(decoding: fetched.data, as: UTF8.self) == Self.file)
            #expect(fetched.warnings.isEmpty)
        }
    }

    @Test func anotherContentTypeIsAWarning() async throws {
        let router = Router()
        router.get("plain") { _, _ in Self.answer(Self.file, type: "text/plain") }
        router.get("none") { _, _ in Self.answer(Self.file, type: nil) }
        try await serving(router) { base in
            let plain = try await fetch(base + "/plain"), none = try await fetch(base + "/none")
            #expect(plain.warnings == ["is served as text/plain, not application/json as Apple asks"])
            #expect(none.warnings == ["is served as no content type, not application/json as Apple asks"])
        }
    }

    @Test func aRedirectIsRefusedNotFollowed() async throws {
        let followed = Mutex(false)
        let router = Router()
        router.get("moved") { _, _ in Response(status: .movedPermanently, headers: [.location: "/elsewhere"]) }
        router.get("elsewhere") { _, _ in
            followed.withLock { $0 = true }
            return Self.answer(Self.file, type: "application/json")
        }
        try await serving(router) { base in
            #expect(await failure(base + "/moved")
                == "\(base)/moved redirects (HTTP 301 Moved Permanently) to \(base)/elsewhere, and iOS follows no redirect: serve the file there directly")
        }
        #expect(!followed.withLock { $0 })
    }

    @Test func onlyHTTP200Counts() async throws {
        let router = Router()
        router.get("missing") { _, _ in Self.answer("<html>gone</html>", type: "text/html", status: .notFound) }
        router.get("empty") { _, _ in Response(status: .noContent) }
        try await serving(router) { base in
            #expect(await failure(base + "/missing") == "\(base)/missing answered HTTP 404 Not Found, and iOS reads the file only from an HTTP 200 answer")
            #expect(await failure(base + "/empty") == "\(base)/empty answered HTTP 204 No Content, and iOS reads the file only from an HTTP 200 answer")
        }
    }

    @Test func moreThan128KBIsRefused() async throws {
        let router = Router()
        let limit = AssociationFetcher.maximumBytes
        router.get("big") { _, _ in Self.answer(String(repeating: " ", count: limit + 1), type: "application/json") }
        router.get("full") { _, _ in Self.answer(Self.file + String(repeating: " ", count: limit - Self.file.utf8.count), type: "application/json") }
        try await serving(router) { base in
            #expect(await failure(base + "/big") == "cannot fetch \(base)/big: the answer from \(base.dropFirst(7)) is larger than 131072 bytes")
            let full = try await fetch(base + "/full")
            #expect(full.data.count == limit, "exactly 128 KB is read")
        }
    }

    @Test func aServerThatIsDownIsOneSentenceNamingTheURL() async {
        #expect(await failure("http://127.0.0.1:9/.well-known/apple-app-site-association")
            .hasPrefix("cannot fetch http://127.0.0.1:9/.well-known/apple-app-site-association: cannot connect to 127.0.0.1:9"))
    }

    @Test func theURLsIOSAsks() throws {
        let domain = try LinkDomain.origin("https://Example.com").get()
        #expect(AssociationFetcher.url(domain: domain, cdn: nil) == "https://example.com/.well-known/apple-app-site-association")
        #expect(AssociationFetcher.url(domain: domain, cdn: AssociationFetcher.appleCDN) == "https://app-site-association.cdn-apple.com/a/v1/example.com")
    }
}
