/// What `links check` found: a verdict per URL and the warnings about the files, as text (one
/// aligned line per URL, the warnings for standard error) and as one JSON document.
public struct LinkReport: Sendable {
    public let verdicts: [LinkVerdict]
    /// The `--aasa` given: files or origins.
    public let files: [String]
    public let appID: String
    /// About the files themselves (and their fetching), not one URL.
    public let warnings: [LinkWarning]

    public init(verdicts: [LinkVerdict], files: [String], appID: String, warnings: [LinkWarning]) {
        self.verdicts = verdicts
        self.files = files
        self.appID = appID
        self.warnings = warnings
    }

    /// Whether any warning was given, about the files or a URL.
    public var hasWarnings: Bool { !warnings.isEmpty || verdicts.contains { !$0.warnings.isEmpty } }

    /// The lines for standard error: the files' warnings first, then each URL's own (a URL's
    /// warnings about the file are the file's, already listed).
    public var notes: [String] {
        (warnings.map { "warning: \($0)" } + verdicts.flatMap { verdict in
            verdict.warnings.filter { !warnings.contains($0) }.map { "warning: \(verdict.url): \($0)" }
        }).map(TextSanitizer.escapedLine)
    }

    /// One aligned line per URL: outcome, URL, then the deciding rule or the reason.
    public var text: String {
        let shownURLs = verdicts.map { TextSanitizer.escapedLine($0.url) }
        let urlWidth = shownURLs.map(DisplayWidth.of).max() ?? 0
        let labelWidth = ([LinkOutcome.match, .excluded, .noMatch].map(\.label.count).max() ?? 0)
        return zip(verdicts, shownURLs).map { verdict, url in
            let label = verdict.outcome.label
            let detail = verdict.decidedBy.map { "\($0.label) \($0.text)" }
                ?? (verdict.reason ?? "") + (verdict.nearMiss.map { "; closest: \($0.rule.label) \($0.rule.text): \($0.message)" } ?? "")
            return label + String(repeating: " ", count: labelWidth - label.count + 2)
                + url + String(repeating: " ", count: urlWidth - DisplayWidth.of(url) + 2)
                + TextSanitizer.escapedLine(detail)
        }.joined(separator: "\n")
    }

    public var json: JSONValue {
        .object([
            ("file", files.count == 1 ? .string(files[0]) : .array(files.map(JSONValue.string))),
            ("appID", .string(appID)),
            ("warnings", Self.json(warnings)),
            ("results", .array(verdicts.map { verdict in
                .object([
                    ("url", .string(verdict.url)),
                    ("verdict", .string(verdict.outcome.label)),
                    ("path", .string(verdict.path)),
                    ("decidedBy", verdict.decidedBy.map { place in
                        .object([
                            ("details", .number(place.details)),
                            (place.list.rawValue, .number(place.index)),
                            ("rule", .string(place.text)),
                        ])
                    } ?? .null),
                    ("reason", verdict.reason.json),
                    ("nearMiss", verdict.nearMiss.map(Self.json) ?? .null),
                    ("warnings", Self.json(verdict.warnings)),
                ])
            })),
        ])
    }

    /// `failure` is `case` when the part matches only ignoring case, else `pattern`.
    private static func json(_ miss: LinkNearMiss) -> JSONValue {
        .object([
            ("details", .number(miss.rule.details)),
            (miss.rule.list.rawValue, .number(miss.rule.index)),
            ("rule", .string(miss.rule.text)),
            ("part", .string(miss.part.rawValue)),
            ("item", miss.item.json),
            ("failure", .string(miss.onlyCase ? "case" : "pattern")),
            ("message", .string(miss.message)),
        ])
    }

    private static func json(_ warnings: [LinkWarning]) -> JSONValue {
        .array(warnings.map { .object([("place", .string($0.place)), ("message", .string($0.message))]) })
    }
}
