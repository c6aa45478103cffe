/// The parts of a URL an apple-app-site-association file matches: path, query and fragment,
/// each kept percent-encoded; and its domain, which picks the file when there are several.
struct LinkURL: Sendable {
    let domain: LinkDomain
    /// Percent-encoded; `/` when the URL has none, as a browser requests it.
    let path: String
    /// Without the `?`; nil when the URL has no `?`.
    let query: String?
    /// Without the `#`; nil when the URL has no `#`.
    let fragment: String?

    /// The URL's parts, or why it cannot be a universal link.
    static func parse(_ text: String) -> Result<LinkURL, LinkURLProblem> {
        guard let colon = text.firstIndex(of: ":"), colon > text.startIndex,
              text[..<colon].allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) }) else {
            return .failure(LinkURLProblem("it is not an absolute URL"))
        }
        let scheme = text[..<colon].lowercased()
        guard scheme == "https" || scheme == "http" else {
            return .failure(LinkURLProblem("only http and https URLs open apps as universal links, not \(scheme):"))
        }
        let rest = text[text.index(after: colon)...]
        guard rest.hasPrefix("//") else { return .failure(LinkURLProblem("it has no host")) }
        let afterSlashes = rest.dropFirst(2)
        let authorityEnd = afterSlashes.firstIndex { "/?#".contains($0) } ?? afterSlashes.endIndex
        guard authorityEnd > afterSlashes.startIndex,
              let domain = LinkDomain(authority: afterSlashes[..<authorityEnd], scheme: scheme) else {
            return .failure(LinkURLProblem("it has no host"))
        }

        var remainder = PercentEncoding.encode(String(afterSlashes[authorityEnd...]))[...]
        var fragment: String?
        if let hash = remainder.firstIndex(of: "#") {
            fragment = String(remainder[remainder.index(after: hash)...])
            remainder = remainder[..<hash]
        }
        var query: String?
        if let question = remainder.firstIndex(of: "?") {
            query = String(remainder[remainder.index(after: question)...])
            remainder = remainder[..<question]
        }
        return .success(LinkURL(domain: domain, path: remainder.isEmpty ? "/" : String(remainder), query: query, fragment: fragment))
    }

    /// The query's `name=value` items, split before decoding so that an encoded `&` or `=`
    /// stays inside its item. An item without `=` has the empty value.
    var queryItems: [(name: String, value: String)] {
        guard let query else { return [] }
        return query.split(separator: "&").map { item in
            guard let equals = item.firstIndex(of: "=") else { return (String(item), "") }
            return (String(item[..<equals]), String(item[item.index(after: equals)...]))
        }
    }
}

/// A URL's host, lowercased, and its port when it names one other than its scheme's default:
/// what an apple-app-site-association file is served for.
public struct LinkDomain: Sendable, Hashable, CustomStringConvertible {
    public let host: String
    public let port: Int?

    /// `example.com`, or `127.0.0.1:8443`.
    public var description: String { port.map { "\(host):\($0)" } ?? host }

    /// From `user@host:port`; nil without a host or with a port that is not a number.
    init?(authority: Substring, scheme: String) {
        let hostAndPort = authority.lastIndex(of: "@").map { authority[authority.index(after: $0)...] } ?? authority
        // An IPv6 address is bracketed; its colons are not the port's.
        let portColon = hostAndPort.lastIndex(of: ":").flatMap { colon in
            hostAndPort[colon...].contains("]") ? nil : colon
        }
        let host = portColon.map { hostAndPort[..<$0] } ?? hostAndPort
        guard !host.isEmpty else { return nil }
        var port: Int?
        if let portColon, hostAndPort.index(after: portColon) < hostAndPort.endIndex {
            guard let number = Int(hostAndPort[hostAndPort.index(after: portColon)...]), (1...65535).contains(number) else { return nil }
            port = number == (scheme == "https" ? 443 : 80) ? nil : number
        }
        self.host = host.lowercased()
        self.port = port
    }

    /// The domain of `--aasa https://example.com`: an https origin with nothing after the host
    /// but an optional `/`, since iOS itself asks for `/.well-known/apple-app-site-association`.
    public static func origin(_ text: String) -> Result<LinkDomain, LinkURLProblem> {
        guard text.lowercased().hasPrefix("https://") else {
            return .failure(LinkURLProblem("iOS fetches the file only over https"))
        }
        switch LinkURL.parse(text) {
        case .failure(let problem):
            return .failure(problem)
        case .success(let url):
            guard url.path == "/", url.query == nil, url.fragment == nil, !text.contains("@") else {
                return .failure(LinkURLProblem("give the bare origin (https://\(url.domain)): iOS asks for \(wellKnownPath) itself"))
            }
            return .success(url.domain)
        }
    }

    /// Where iOS asks a domain for its file.
    public static let wellKnownPath = "/.well-known/apple-app-site-association"
}

/// Why a URL cannot be a universal link at all, before any pattern is tried (or cannot be an
/// origin to fetch a file from).
public struct LinkURLProblem: Error, Sendable, Equatable {
    public let reason: String

    init(_ reason: String) { self.reason = reason }
}

/// A URL's path, query and fragment in the four forms a component may compare them in:
/// percent-encoded or decoded (`percentEncoded`), as sent or lowercased (`caseSensitive`).
/// Made once per URL, however many components are tried.
struct LinkSubject {
    /// A class, so that handing a form to each component tried costs one reference, not five.
    final class Form {
        /// Without the slashes at its ends, as path patterns are compiled (`/buy/` is `buy`).
        let path: [UInt32]
        /// With them, for telling when a match needed them to be optional.
        let literalPath: [UInt32]
        /// Empty when the URL has none, as for iOS.
        let query: [UInt32]
        let fragment: [UInt32]
        let queryItems: [(name: [UInt32], value: [UInt32])]

        init(path: [UInt32], literalPath: [UInt32], query: [UInt32], fragment: [UInt32], queryItems: [(name: [UInt32], value: [UInt32])]) {
            self.path = path
            self.literalPath = literalPath
            self.query = query
            self.fragment = fragment
            self.queryItems = queryItems
        }
    }

    /// Encoded as sent, encoded lowercased, decoded as sent, decoded lowercased.
    private let forms: [Form]

    init(_ url: LinkURL) {
        func form(_ transform: (String) -> String) -> Form {
            let path = Self.scalars(transform(url.path))
            let slash = LinkPattern.slash
            let start = path.firstIndex { $0 != slash } ?? path.endIndex
            let end = (path.lastIndex { $0 != slash }).map { $0 + 1 } ?? start
            return Form(path: Array(path[start..<max(start, end)]), literalPath: path,
                        query: Self.scalars(transform(url.query ?? "")), fragment: Self.scalars(transform(url.fragment ?? "")),
                        queryItems: url.queryItems.map { (Self.scalars(transform($0.name)), Self.scalars(transform($0.value))) })
        }
        forms = [form { $0 }, form { $0.lowercased() }, form(PercentEncoding.decode), form { PercentEncoding.decode($0).lowercased() }]
    }

    func form(percentEncoded: Bool, caseSensitive: Bool) -> Form {
        form(Self.formKey(percentEncoded: percentEncoded, caseSensitive: caseSensitive))
    }

    /// Which of the four forms a component with these settings compares.
    static func formKey(percentEncoded: Bool, caseSensitive: Bool) -> Int {
        (percentEncoded ? 0 : 2) + (caseSensitive ? 0 : 1)
    }

    func form(_ key: Int) -> Form { forms[key] }

    private static func scalars(_ text: String) -> [UInt32] { text.unicodeScalars.map(\.value) }
}
