import CHTTPFetch
import Dispatch
import FoundationEssentials
import ToasterFiles

/// Where a source reads its answer: `--url` checked once, up front.
public enum SourceLocation: Sendable, Equatable, CustomStringConvertible {
    case file(path: String)
    /// An http:// or https:// URL, and the CA certificates that https trusts.
    case web(url: String, trust: CertificateTrust = .system)

    /// The file's path or the URL, as a message names it.
    public var description: String {
        switch self {
        case .file(let path): path
        case .web(let url, _): url
        }
    }

    /// Answers larger than this are refused rather than read into memory, a file's as a web one's.
    public static let maximumBytes = HTTPFetcher.maximumAnswerBytes

    /// `flag`: the option that gave `text`, as its messages name it.
    public init(parsing text: String, trust: CertificateTrust = .system, flag: String = "--url") throws(SourceError) {
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased() else {
            throw SourceError(.misconfigured, "\(flag) \"\(text)\" is not a URL (expected http://, https:// or file://)")
        }
        switch scheme {
        case "file":
            // file://tmp/x.json names the host "tmp" and the path /x.json: refused rather than
            // read from a path the user did not write.
            if let host = url.host, !host.isEmpty, host.lowercased() != "localhost" {
                throw SourceError(.misconfigured, "\(flag) \"\(text)\" names the host \"\(host)\"; a file URL has none (write file:///\(host)\(url.path) for an absolute path)")
            }
            guard !url.path.isEmpty else { throw SourceError(.misconfigured, "\(flag) \"\(text)\" names no file") }
            self = .file(path: url.path)
        case "http", "https":
            guard url.host.map({ !$0.isEmpty }) == true else { throw SourceError(.misconfigured, "\(flag) \"\(text)\" names no host") }
            self = .web(url: text, trust: trust)
        default:
            throw SourceError(.misconfigured, "\(flag) \"\(text)\": the scheme \"\(scheme)\" is not supported (use http, https or file)")
        }
    }

    /// Loads libcurl in the background for a web location: loading it and its TLS library
    /// takes longer than a whole request on loopback, and the launch need not wait for it.
    public func prepare() {
        guard case .web = self else { return }
        DispatchQueue.global().async { toaster_http_preload() }
    }

    /// The answer: a file's content, or an HTTP answer with `query` items appended to the URL.
    func read(timeout: Duration, query: [(String, String)] = [], post body: Data? = nil,
              headers: [(String, String)] = []) throws(SourceError) -> Data {
        switch self {
        case .file(let path):
            do { return try BoundedFile.read(path, limit: Self.maximumBytes) } catch { throw SourceError(.misconfigured, error.description) }
        case .web(let url, let trust):
            return try HTTPFetcher(timeout: timeout, trust: trust).fetch(
                Self.appending(query, to: url),
                headers: headers + (body == nil ? [] : [("Content-Type", "application/json")]), body: body)
        }
    }

    private static func appending(_ query: [(String, String)], to url: String) -> String {
        guard !query.isEmpty, var components = URLComponents(string: url) else { return url }
        components.queryItems = (components.queryItems ?? []) + query.map { URLQueryItem(name: $0.0, value: $0.1) }
        return components.string ?? url
    }
}
