import Foundation
import Testing
import ToasterTestSupport

/// `toastercli check` over the network the way curl goes there: through the proxy the
/// environment names (and around it for no_proxy hosts), and over https to a service whose
/// certificate a CA of the user's own signs. Each run gets its environment as a child process
/// would, never through the test process's own.
@Suite(.offThePool) struct NetworkCheckTests {
    /// The variables that steer libcurl and the curl tool, unset so that the machine's own
    /// proxy or CA settings cannot change a run.
    private static let steering = ["http_proxy", "https_proxy", "HTTPS_PROXY", "all_proxy", "ALL_PROXY", "no_proxy", "NO_PROXY",
                                   "CURL_CA_BUNDLE", "SSL_CERT_FILE", "SSL_CERT_DIR"]

    private static func lookup(version: String) -> String {
        #"{"resultCount":1,"results":[{"version":"\#(version)","trackId":1234567890,"trackName":"Toaster"}]}"#
    }

    /// `toastercli check --source appstore --url URL`, of the steering variables only those in `environment`.
    private func check(_ url: String, environment: [String: String] = [:], _ arguments: [String] = [])
        throws -> (status: Int32, stdout: String, stderr: String) {
        try Toolchain.run(Self.steering.flatMap { ["-u", $0] } + environment.map { "\($0.key)=\($0.value)" }
            + [Toolchain.toastercli, "check", "--source", "appstore", "--url", url, "--app-version", "1.0.0", "--timeout", "10"]
            + arguments)
    }

    @Test func httpGoesThroughTheProxyAndAroundItForNoProxyHosts() throws {
        let proxy = try LoopbackService(answering: Self.lookup(version: "3.0.0"))
        let service = try LoopbackService(answering: Self.lookup(version: "2.0.0"))
        let proxyURL = proxy.baseURL
        // A name that resolves nowhere: only the proxy can answer for it.
        let proxied = try check("http://toaster-upstream.invalid:8080/lookup", environment: ["http_proxy": proxyURL])
        #expect(proxied.status == 0, "\(proxied.stderr)")
        #expect(proxied.stdout.contains("3.0.0"), "\(proxied.stdout)")
        let received = try #require(proxy.requests.first)
        #expect(received.hasPrefix("GET http://toaster-upstream.invalid:8080/lookup?id=1234567890&country=kr&_="), "\(received)")
        #expect(received.hasSuffix("Host: toaster-upstream.invalid:8080"), "\(received)")
        for variable in ["no_proxy", "NO_PROXY"] {
            let direct = try check(service.baseURL + "/lookup", environment: ["http_proxy": proxyURL, variable: "127.0.0.1"])
            #expect(direct.status == 0, "\(variable): \(direct.stderr)")
            #expect(direct.stdout.contains("2.0.0"), "\(variable): \(direct.stdout)")
        }
        #expect(proxy.requests.count == 1, "the proxy saw a no_proxy request: \(proxy.requests)")
        #expect(service.requests.count == 2)
        #expect(service.requests.allSatisfy { $0.hasPrefix("GET /lookup?id=1234567890") }, "\(service.requests)")
    }

    @Test func aSelfSignedServiceFailsInOneSentenceUntilItsCAIsTrusted() throws {
        let server = try LoopbackService(answering: Self.lookup(version: "2.0.0"), tls: true)
        let url = server.baseURL + "/lookup"
        let host = String(server.baseURL.dropFirst("https://".count))

        let untrusted = try check(url)
        #expect(untrusted.status == 1)
        #expect(untrusted.stderr.hasPrefix("Error: appstore: the certificate of \(host) is signed by none of the system's CA certificates"),
                "\(untrusted.stderr)")
        #expect(untrusted.stderr.contains("--ca-file FILE or SSL_CERT_FILE"))
        #expect(untrusted.stderr.split(separator: "\n").count == 1, "\(untrusted.stderr)")

        for (environment, arguments) in [([:], ["--ca-file", server.certificate]), (["SSL_CERT_FILE": server.certificate], []),
                                         (["CURL_CA_BUNDLE": server.certificate], [])] {
            let trusted = try check(url, environment: environment, arguments + ["--format", "json"])
            #expect(trusted.status == 0, "\(environment) \(arguments): \(trusted.stderr)")
            #expect(trusted.stdout.contains(#""latest":"2.0.0""#), "\(trusted.stdout)")
        }

        // As in curl, CURL_CA_BUNDLE comes first, and --ca-file before any variable.
        let other = try LoopbackService(answering: Self.lookup(version: "2.0.0"), tls: true)
        let bundleFirst = try check(url, environment: ["CURL_CA_BUNDLE": other.certificate, "SSL_CERT_FILE": server.certificate])
        #expect(bundleFirst.stderr.contains("signed by none of the CA certificates CURL_CA_BUNDLE names"), "\(bundleFirst.stderr)")
        let optionFirst = try check(url, environment: ["CURL_CA_BUNDLE": other.certificate], ["--ca-file", server.certificate])
        #expect(optionFirst.status == 0, "\(optionFirst.stderr)")

        let unusable = try check(url, environment: ["SSL_CERT_FILE": "/nonexistent/ca.pem"])
        #expect(unusable.status == 1)
        #expect(unusable.stderr.hasPrefix("Error: appstore: cannot use the CA certificates SSL_CERT_FILE names"), "\(unusable.stderr)")
        #expect(unusable.stderr.split(separator: "\n").count == 1, "\(unusable.stderr)")
    }

    @Test func aCAFileThatCannotBeUsedStopsTheCheckBeforeAnyRequest() throws {
        let missing = try check("https://127.0.0.1:9/lookup", ["--ca-file", "/nonexistent/ca.pem"])
        #expect(missing.status == 1)
        #expect(missing.stderr == "Error: --ca-file: cannot open /nonexistent/ca.pem: No such file or directory\n", "\(missing.stderr)")
        let text = FileManager.default.temporaryDirectory.appendingPathComponent("not-a-ca-\(UUID().uuidString).txt").path
        try "just text\n".write(toFile: text, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: text) }
        let notPEM = try check("https://127.0.0.1:9/lookup", ["--ca-file", text])
        #expect(notPEM.status == 1)
        #expect(notPEM.stderr == "Error: --ca-file: \(text) holds no PEM certificate (-----BEGIN CERTIFICATE-----)\n", "\(notPEM.stderr)")
    }
}
