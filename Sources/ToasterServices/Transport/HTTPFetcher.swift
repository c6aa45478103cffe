import CHTTPFetch
import FoundationEssentials
import Glibc
import ToasterCore

/// Fetches a service's answer over HTTP(S) with libcurl (CHTTPFetch): a total deadline, a size
/// cap (`maximumBytes`), at most `maximumRedirects` redirects (none followed with 0), any content
/// type, proxies from the environment, the CA certificates `trust` names. Every failure becomes
/// one sentence for the status line and the trace. Fetches on several threads at once are
/// independent.
struct HTTPFetcher: Sendable {
    /// Answers larger than this are refused rather than read into memory.
    static let maximumAnswerBytes = 4 << 20

    let timeout: Duration
    var trust: CertificateTrust = .system
    var maximumBytes = Self.maximumAnswerBytes
    var maximumRedirects = 3

    /// An answer as the server gave it, whatever its status.
    struct Answer: Sendable {
        let status: Int
        /// The reason phrase (`Not Found`), empty when the server sent none.
        let reason: String
        /// As the server sent it (`application/json; charset=utf-8`), empty when absent.
        let contentType: String
        /// Where a redirect that was not followed points; empty otherwise.
        let location: String
        /// The `Retry-After` value as sent, empty when absent.
        let retryAfter: String
        let body: Data
    }

    /// Blocks until the answer or the deadline; a `body` makes it a POST. An answer outside 2xx
    /// is a failure.
    func fetch(_ url: String, headers: [(String, String)] = [], body: Data? = nil) throws(SourceError) -> Data {
        let answer = try self.answer(url, headers: headers, body: body)
        guard (200..<300).contains(answer.status) else {
            let page = answer.contentType.contains("html") ? " (an HTML error page)" : ""
            throw SourceError(.serverError, "HTTP \(answer.status)\(answer.reason.isEmpty ? "" : " " + answer.reason)\(page) from \(Self.host(url))",
                              httpStatus: answer.status, retryAfter: RetryAfter.delay(answer.retryAfter, now: Date()))
        }
        return answer.body
    }

    /// Blocks until the answer or the deadline, and returns it whatever its status: only what
    /// keeps an answer from arriving whole is a failure.
    func answer(_ url: String, headers: [(String, String)] = [], body: Data? = nil) throws(SourceError) -> Answer {
        var answer = toaster_http_result()
        defer { toaster_http_free(&answer) }
        withRequest(url, headers: headers, body: body) { toaster_http_fetch(&$0, &answer) }
        guard answer.failure == TOASTER_HTTP_OK else { throw failure(of: &answer, url: url) }
        return Self.answer(of: &answer)
    }

    /// The C request for these arguments, valid while `perform` runs.
    func withRequest(_ url: String, headers: [(String, String)], body: Data?, _ perform: (inout toaster_http_request) -> Void) {
        let milliseconds = max(1, Int(timeout.wholeMilliseconds))
        let lines = headers.map { "\($0.0): \($0.1)" }
        // The trailing 0 gives an empty POST body a valid pointer; it is not sent.
        let payload = body.map { [UInt8]($0) + [0] }
        Self.withCStrings(lines) { headers in
            Self.withOptionalCString(trust.file) { file in
                Self.withOptionalCString(trust.directory) { directory in
                    var request = toaster_http_request(
                        url: nil, headers: headers, header_count: lines.count, body: nil, body_length: 0,
                        timeout_ms: milliseconds, max_bytes: maximumBytes, max_redirects: maximumRedirects,
                        ca_file: file, ca_directory: directory)
                    url.withCString { url in
                        request.url = url
                        guard let payload else { return perform(&request) }
                        payload.withUnsafeBytes { bytes in
                            request.body = bytes.baseAddress
                            request.body_length = payload.count - 1
                            perform(&request)
                        }
                    }
                }
            }
        }
    }

    /// The answer a request that did not fail received.
    static func answer(of result: inout toaster_http_result) -> Answer {
        Answer(status: result.status, reason: text(&result.reason), contentType: text(&result.content_type),
               location: text(&result.location), retryAfter: text(&result.retry_after),
               body: result.body.map { Data(bytes: $0, count: result.body_length) } ?? Data())
    }

    /// Why the request to `url` failed, in one sentence.
    func failure(of answer: inout toaster_http_result, url: String) -> SourceError {
        let host = Self.host(url)
        let message = Self.text(&answer.message)
        switch answer.failure {
        case TOASTER_HTTP_TIMEOUT:
            let seconds = timeout.wholeSeconds
            return SourceError(.timedOut, "timed out after \(seconds > 0 ? "\(seconds) s" : "\(timeout)") (\(host))")
        case TOASTER_HTTP_REFUSED:
            return SourceError(.unreachable, "cannot connect to \(host) (connection refused: \(message))")
        case TOASTER_HTTP_REDIRECTS:
            return SourceError(.serverError, "too many redirects (more than \(maximumRedirects)) from \(host)")
        case TOASTER_HTTP_TOO_LARGE:
            return SourceError(.unusableAnswer, "the answer from \(host) is larger than \(maximumBytes) bytes")
        case TOASTER_HTTP_HEADERS_TOO_LARGE:
            return SourceError(.unusableAnswer, "the answer from \(host) has headers larger than libcurl accepts (100 KiB)")
        case TOASTER_HTTP_CERTIFICATE:
            return SourceError(.untrustedCertificate, Self.certificateSentence(host: host, verdict: answer.certificate_verdict, message: message, trust: trust))
        case TOASTER_HTTP_CA_UNUSABLE:
            return SourceError(.misconfigured, "cannot use the CA certificates \(trust.origin.map { "\($0) names" } ?? "libcurl was built with") (\(message))")
        case TOASTER_HTTP_NO_LIBRARY:
            return SourceError(.misconfigured, "cannot load libcurl for HTTP (install libcurl4): \(message)")
        default:
            return SourceError(.unreachable, "cannot reach \(host): \(message)")
        }
    }

    /// OpenSSL's verdicts for a chain that ends at no trusted CA (X509_V_ERR_UNABLE_TO_GET_ISSUER_CERT,
    /// DEPTH_ZERO_SELF_SIGNED_CERT, SELF_SIGNED_CERT_IN_CHAIN, UNABLE_TO_GET_ISSUER_CERT_LOCALLY,
    /// UNABLE_TO_VERIFY_LEAF_SIGNATURE): the case a company CA causes, which another CA file fixes.
    private static let unknownAuthority: Set<Int> = [2, 18, 19, 20, 21]

    private static func certificateSentence(host: String, verdict: Int, message: String, trust: CertificateTrust) -> String {
        guard unknownAuthority.contains(verdict) else { return "the certificate of \(host) is refused (\(message))" }
        let trusted = trust.origin.map { "the CA certificates \($0) names" } ?? "the system's CA certificates"
        return "the certificate of \(host) is signed by none of \(trusted) (\(message)); "
            + "name the CA that signed it with --ca-file FILE or SSL_CERT_FILE"
    }

    /// A fixed C character array as a Swift string.
    static func text<T>(_ array: inout T) -> String {
        withUnsafeBytes(of: &array) { bytes in
            String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
        }
    }

    private static func withCStrings<R>(_ strings: [String], _ body: (UnsafePointer<UnsafePointer<CChar>?>?) -> R) -> R {
        let copies = strings.map { strdup($0) }
        defer { copies.forEach { free($0) } }
        let pointers = copies.map { UnsafePointer($0) }
        return pointers.withUnsafeBufferPointer { body($0.baseAddress) }
    }

    private static func withOptionalCString<R>(_ string: String?, _ body: (UnsafePointer<CChar>?) -> R) -> R {
        guard let string else { return body(nil) }
        return string.withCString { body($0) }
    }

    static func host(_ url: String) -> String {
        guard let parsed = URL(string: url), let host = parsed.host else { return url }
        return parsed.port.map { "\(host):\($0)" } ?? host
    }
}

/// An answer's `Retry-After` (RFC 9110 §10.2.3): whole seconds, or an HTTP date
/// (`Sun, 06 Nov 1994 08:49:37 GMT`, read by the C library's `strptime` in CHTTPFetch).
enum RetryAfter {
    /// The wait it asks for from `now`; nil when there is none or it cannot be read. A date
    /// already past asks for no wait.
    static func delay(_ value: String, now: Date) -> Duration? {
        let text = value.trimmingWhitespace()
        guard !text.isEmpty else { return nil }
        if text.allSatisfy(\.isASCIIDigit) {
            return text.count <= 9 ? Int64(text).map { .seconds($0) } : .seconds(999_999_999)
        }
        var epoch: Int64 = 0
        guard text.withCString({ toaster_http_date($0, &epoch) }) == 1 else { return nil }
        let seconds = Double(epoch) - now.timeIntervalSince1970
        return .seconds(max(0, seconds))
    }
}
