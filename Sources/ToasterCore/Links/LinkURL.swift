/// The parts of a URL an apple-app-site-association file matches: path, query and fragment,
/// each kept percent-encoded. The host is read past, not checked: the file being checked is the
/// one the user says belongs to the URL's domain.
struct LinkURL: Sendable {
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
        guard authorityEnd > afterSlashes.startIndex else { return .failure(LinkURLProblem("it has no host")) }

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
        return .success(LinkURL(path: remainder.isEmpty ? "/" : String(remainder), query: query, fragment: fragment))
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

/// Why a URL cannot be a universal link at all, before any pattern is tried.
struct LinkURLProblem: Error, Sendable, Equatable {
    let reason: String

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
        forms[(percentEncoded ? 0 : 2) + (caseSensitive ? 0 : 1)]
    }

    private static func scalars(_ text: String) -> [UInt32] { text.unicodeScalars.map(\.value) }
}
