/// Which Remote Config template the report evaluated, as it shows it: where it was read, its
/// version, and the groups of devices its percent conditions split users into.
public struct TemplateSummary: Sendable, Equatable {
    public var source: String
    public var version: String?
    /// Each group's share of the users, in percent; one group of 100 when no percent rule decides.
    public var shares: [Double]
}

extension PreflightReport {
    /// The line for the text report and the markdown comment; none without a template.
    public var templateLines: [String] {
        guard let template else { return [] }
        var line = "\(template.source), version \(template.version ?? "unknown"): evaluated for each storefront and installed version"
        if template.shares.count > 1 {
            line += "; its percent conditions split users into groups of "
                + PreflightText.sentence(template.shares.map { "\(JSONValue.decimalText(micro: RemoteConfigReport.micro($0)))%" })
        }
        return [TextSanitizer.escapedLine(line + ".")]
    }

    /// The `remoteConfigTemplate` member of the JSON report; null without a template.
    public var templateJSON: JSONValue {
        guard let template else { return .null }
        return .object([("source", .string(template.source)), ("templateVersion", template.version.json),
                        ("groups", .array(template.shares.map { JSONValue.decimal(micro: RemoteConfigReport.micro($0)) }))])
    }
}
