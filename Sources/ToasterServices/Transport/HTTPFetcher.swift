import CHTTPFetch
import FoundationEssentials
import Glibc

/// Fetches a service's answer over HTTP(S), http:// on a plain socket and https:// with
/// libcurl (CHTTPFetch): a total deadline, a size cap, at most three redirects, any content
/// type. Every failure becomes one sentence for the status line and the trace.
struct HTTPFetcher: Sendable {
    static let maximumRedirects = 3

    let timeout: Duration

    /// Blocks until the answer or the deadline; a `body` makes it a POST.
    func fetch(_ url: String, headers: [(String, String)] = [], body: Data? = nil) throws(SourceError) -> Data {
        let milliseconds = max(1, Int(timeout.components.seconds * 1000 + timeout.components.attoseconds / 1_000_000_000_000_000))
        let lines = headers.map { "\($0.0): \($0.1)" }
        var answer = toaster_http_result()
        defer { toaster_http_free(&answer) }
        // The trailing 0 gives an empty POST body a valid pointer; it is not sent.
        let payload = body.map { [UInt8]($0) + [0] }
        Self.withCStrings(lines) { headers in
            if let payload {
                payload.withUnsafeBytes { bytes in
                    toaster_http_fetch(url, headers, lines.count, bytes.baseAddress, payload.count - 1,
                                       milliseconds, SourceLocation.maximumBytes, Self.maximumRedirects, &answer)
                }
            } else {
                toaster_http_fetch(url, headers, lines.count, nil, 0, milliseconds, SourceLocation.maximumBytes,
                                   Self.maximumRedirects, &answer)
            }
        }
        let host = Self.host(url)
        switch answer.failure {
        case TOASTER_HTTP_OK:
            guard (200..<300).contains(answer.status) else {
                let reason = Self.text(&answer.reason)
                let page = Self.text(&answer.content_type).contains("html") ? " (an HTML error page)" : ""
                throw SourceError(.serverError, "HTTP \(answer.status)\(reason.isEmpty ? "" : " " + reason)\(page) from \(host)")
            }
            return answer.body.map { Data(bytes: $0, count: answer.body_length) } ?? Data()
        case TOASTER_HTTP_TIMEOUT:
            let seconds = timeout.components.seconds
            throw SourceError(.timedOut, "timed out after \(seconds > 0 ? "\(seconds) s" : "\(timeout)") (\(host))")
        case TOASTER_HTTP_REFUSED:
            throw SourceError(.unreachable, "cannot connect to \(host) (connection refused)")
        case TOASTER_HTTP_REDIRECTS:
            throw SourceError(.serverError, "too many redirects (more than \(Self.maximumRedirects)) from \(host)")
        case TOASTER_HTTP_TOO_LARGE:
            throw SourceError(.unusableAnswer, "the answer from \(host) is larger than \(SourceLocation.maximumBytes) bytes")
        case TOASTER_HTTP_NO_LIBRARY:
            throw SourceError(.misconfigured, "cannot load libcurl for HTTP (install libcurl4): \(Self.text(&answer.message))")
        default:
            throw SourceError(.unreachable, "cannot reach \(host): \(Self.text(&answer.message))")
        }
    }

    /// A fixed C character array as a Swift string.
    private static func text<T>(_ array: inout T) -> String {
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

    static func host(_ url: String) -> String {
        guard let parsed = URL(string: url), let host = parsed.host else { return url }
        return parsed.port.map { "\(host):\($0)" } ?? host
    }
}
