import CHTTPFetch
import FoundationEssentials
import Glibc

/// Fetches a service's answer over HTTP(S), http:// on a plain socket and https:// with
/// libcurl (CHTTPFetch): a total deadline, a size cap, at most three redirects, any content
/// type. Every failure becomes one sentence for the status line and the trace.
struct HTTPFetcher: Sendable {
    static let maximumRedirects = 3

    let timeout: Duration

    /// A `body` makes it a POST.
    /// Blocks until the answer or the deadline.
    func fetch(_ url: String, headers: [(String, String)] = [], body: Data? = nil) throws(SourceError) -> Data {
        let milliseconds = max(1, Int(timeout.components.seconds * 1000 + timeout.components.attoseconds / 1_000_000_000_000_000))
        let lines = headers.map { "\($0.0): \($0.1)" }
        return try Self.perform(url, lines: lines, body: body, milliseconds: milliseconds, timeout: timeout).get()
    }

    private static func perform(_ url: String, lines: [String], body: Data?, milliseconds: Int,
                                timeout: Duration) -> Result<Data, SourceError> {
        var answer = toaster_http_result()
        defer { toaster_http_free(&answer) }
        // The trailing 0 gives an empty POST body a valid pointer; it is not sent.
        let payload = body.map { [UInt8]($0) + [0] }
        withCStrings(lines) { headers in
            if let payload {
                payload.withUnsafeBytes { bytes in
                    toaster_http_fetch(url, headers, lines.count, bytes.baseAddress, payload.count - 1,
                                       milliseconds, SourceLocation.maximumBytes, maximumRedirects, &answer)
                }
            } else {
                toaster_http_fetch(url, headers, lines.count, nil, 0, milliseconds, SourceLocation.maximumBytes,
                                   maximumRedirects, &answer)
            }
        }
        let host = Self.host(url)
        let seconds = timeout.components.seconds
        switch answer.failure {
        case TOASTER_HTTP_OK:
            guard (200..<300).contains(answer.status) else {
                let reason = text(&answer.reason)
                let page = text(&answer.content_type).contains("html") ? " (an HTML error page)" : ""
                return .failure(SourceError("HTTP \(answer.status)\(reason.isEmpty ? "" : " " + reason)\(page) from \(host)"))
            }
            return .success(answer.body.map { Data(bytes: $0, count: answer.body_length) } ?? Data())
        case TOASTER_HTTP_TIMEOUT:
            return .failure(SourceError("timed out after \(seconds > 0 ? "\(seconds) s" : "\(timeout)") (\(host))"))
        case TOASTER_HTTP_REFUSED:
            return .failure(SourceError("cannot connect to \(host) (connection refused)"))
        case TOASTER_HTTP_REDIRECTS:
            return .failure(SourceError("too many redirects (more than \(maximumRedirects)) from \(host)"))
        case TOASTER_HTTP_TOO_LARGE:
            return .failure(SourceError("the answer from \(host) is larger than \(SourceLocation.maximumBytes) bytes"))
        case TOASTER_HTTP_NO_LIBRARY:
            return .failure(SourceError("cannot load libcurl for HTTP (install libcurl4): \(text(&answer.message))"))
        default:
            return .failure(SourceError("cannot reach \(host): \(text(&answer.message))"))
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
