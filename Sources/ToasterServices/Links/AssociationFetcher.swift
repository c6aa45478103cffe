import FoundationEssentials
import ToasterCore

/// Fetches a domain's apple-app-site-association file as iOS gets it: from
/// `https://DOMAIN/.well-known/apple-app-site-association`, or from Apple's CDN, which is where
/// devices since iOS 14 actually read it. Apple requires the file be served directly — no
/// redirect is followed — with HTTP 200, in at most 128 KB; a content type other than JSON is a
/// warning. Each failure is one sentence naming the URL.
public struct AssociationFetcher: Sendable {
    /// Apple's CDN, to which the domain is appended.
    public static let appleCDN = "https://app-site-association.cdn-apple.com/a/v1/"
    /// Apple: "The file must be … no larger than 128 KB" (Supporting associated domains).
    public static let maximumBytes = 128 * 1024

    public let timeout: Duration
    public let trust: CertificateTrust

    public init(timeout: Duration, trust: CertificateTrust) {
        self.timeout = timeout
        self.trust = trust
    }

    /// The file and what iOS would say of how it was served.
    public struct Fetched: Sendable {
        public let url: String
        public let data: Data
        /// About the answer, not the file: a content type that is not JSON.
        public let warnings: [String]
    }

    /// Where iOS gets the file of `domain`: the domain itself, or — with `cdn`, a URL prefix
    /// such as `appleCDN` — the CDN's copy.
    public static func url(domain: LinkDomain, cdn: String?) -> String {
        guard let cdn else { return "https://\(domain)\(LinkDomain.wellKnownPath)" }
        return cdn + domain.description
    }

    public func fetch(_ url: String) throws(SourceError) -> Fetched {
        let fetcher = HTTPFetcher(timeout: timeout, trust: trust, maximumBytes: Self.maximumBytes, maximumRedirects: 0)
        let answer: HTTPFetcher.Answer
        do {
            answer = try fetcher.answer(url, headers: [("Accept", "application/json")])
        } catch {
            throw SourceError(error.kind, "cannot fetch \(url): \(error.message)", httpStatus: error.httpStatus)
        }
        let status = "HTTP \(answer.status)\(answer.reason.isEmpty ? "" : " " + answer.reason)"
        if (300..<400).contains(answer.status) {
            let target = answer.location.isEmpty ? "elsewhere" : answer.location
            throw SourceError(.serverError, "\(url) redirects (\(status)) to \(target), and iOS follows no redirect: serve the file there directly",
                              httpStatus: answer.status)
        }
        guard answer.status == 200 else {
            throw SourceError(.serverError, "\(url) answered \(status), and iOS reads the file only from an HTTP 200 answer",
                              httpStatus: answer.status)
        }
        let mediaType = answer.contentType.split(separator: ";").first.map { $0.trimmingWhitespace().lowercased() } ?? ""
        let isJSON = mediaType == "application/json" || mediaType.hasSuffix("+json")
        let warnings = isJSON ? [] : ["is served as \(mediaType.isEmpty ? "no content type" : mediaType), not application/json as Apple asks"]
        return Fetched(url: url, data: answer.body, warnings: warnings)
    }
}
