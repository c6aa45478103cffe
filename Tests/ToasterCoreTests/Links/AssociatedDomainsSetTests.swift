import Testing
@testable import ToasterCore

/// Several domains' files: each URL answered from the file of its host.
@Suite struct AssociatedDomainsSetTests {
    static let app = LinkFixtures.app

    static func site(_ origin: String, _ path: String) throws -> AssociatedDomains.Site {
        let domain = try LinkDomain.origin(origin).get()
        return .init(domain: domain, file: try LinkFixtures.components(#"{"/": "\#(path)"}"#))
    }

    @Test func eachURLIsAnsweredFromItsHostsFile() throws {
        let domains = AssociatedDomains([try Self.site("https://a.example", "/a/*"), try Self.site("https://B.example:8443/", "/b/*")])
        #expect(domains.verdict(for: "https://a.example/a/1", appID: Self.app).outcome == .match)
        #expect(domains.verdict(for: "https://a.example/b/1", appID: Self.app).outcome == .noMatch)
        #expect(domains.verdict(for: "https://b.example:8443/b/1", appID: Self.app).outcome == .match)
        #expect(domains.verdict(for: "https://a.example:443/a/1", appID: Self.app).outcome == .match, "the default port is no port")
        let elsewhere = domains.verdict(for: "https://b.example/b/1", appID: Self.app)
        #expect(elsewhere.outcome == .noMatch)
        #expect(elsewhere.reason == "no file was given for b.example (only for a.example, b.example:8443)")
        #expect(domains.verdict(for: "ftp://a.example/a/1", appID: Self.app).reason?.hasPrefix("only http and https") == true)
    }

    @Test func warningsNameTheirDomainWhenThereAreSeveral() throws {
        let typo = AssociatedDomains.Site(domain: try LinkDomain.origin("https://a.example").get(),
                                          file: try LinkFixtures.components(#"{"/": "/a", "exclued": true}"#))
        let domains = AssociatedDomains([typo, try Self.site("https://b.example", "/b")])
        #expect(domains.warnings.map(\.place) == ["a.example applinks.details[0].components[0]"])
        #expect(domains.verdict(for: "https://a.example/a", appID: Self.app).warnings.map(\.place) == ["a.example applinks.details[0].components[0]"])
    }

    @Test(arguments: [
        ("https://example.com", "example.com"), ("https://Example.COM/", "example.com"), ("https://127.0.0.1:8443", "127.0.0.1:8443"),
        ("https://example.com:443", "example.com"),
    ])
    func anOriginIsItsDomain(text: String, domain: String) throws {
        #expect(try LinkDomain.origin(text).get().description == domain)
    }

    @Test(arguments: [
        ("http://example.com", "iOS fetches the file only over https"),
        ("https://example.com/.well-known/apple-app-site-association",
         "give the bare origin (https://example.com): iOS asks for /.well-known/apple-app-site-association itself"),
        ("https://example.com/?a", "give the bare origin (https://example.com): iOS asks for /.well-known/apple-app-site-association itself"),
        ("https://", "it has no host"),
        ("https://example.com:99999", "it has no host"),
    ])
    func notAnOrigin(text: String, reason: String) {
        #expect(LinkDomain.origin(text) == .failure(LinkURLProblem(reason)))
    }
}
