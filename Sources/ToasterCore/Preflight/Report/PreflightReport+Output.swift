/// `preflight --format text | json | markdown`. Texts from the store and the policy are
/// untrusted: each goes through `TextSanitizer` before it reaches a terminal or a PR comment.
extension PreflightReport {
    private var columns: [(label: String, serves: String, members: [Int])] {
        columnGroups.map { members in
            (PreflightText.list(members.map { storefronts[$0].storefront }, none: "-"), TextSanitizer.escapedLine(storefronts[members[0]].servedText), members)
        }
    }

    /// The users each outcome reaches: a line for all of them, and with a country column a
    /// line per storefront asked (and one for users where nothing was asked).
    private var totalsLines: [String] {
        guard let totals else { return [] }
        /// `51330 stranded, 0 forced, 0 prompted (of 63374; how)`, or why nothing is known.
        func counts(_ counts: PreflightTotals.Counts, how: String = "") -> String {
            guard counts.isKnown else { return "unknown: no lookup answered (\(counts.users) users)" }
            return "\(counts.stranded) stranded, \(counts.forced) forced, \(counts.prompted) prompted"
                + (counts.unknown > 0 ? ", \(counts.unknown) unknown (no lookup answered)" : "") + " (of \(counts.users)\(how))"
        }
        guard let places = totals.storefronts else {
            return ["users: " + counts(totals.all, how: "; each version counted once, by its worst storefront")]
        }
        var lines = ["users: " + counts(totals.all, how: "; each user counted in their own storefront")]
        lines += places.filter { $0.counts.users > 0 }.map { "  \($0.storefront): " + counts($0.counts) }
        if !totals.notAsked.isEmpty {
            lines.append("  not asked: " + totals.notAsked.map { "\($0.storefront) \($0.counts.users)" }.joined(separator: ", ")
                         + " users in storefronts preflight did not ask")
        }
        return lines
    }

    /// What the report says before the matrix: what waiting would end, the template, the rule,
    /// App Store Connect.
    private var contextLines: [String] {
        notYetLines + templateLines + (decisionRule.map { [TextSanitizer.escapedLine($0)] } ?? []) + appStoreConnectLines
    }

    /// "Not yet" (status 4) and from when: what `--watch` would wait on, said by the plain run.
    /// With a dead end beside it, only when the store catching up ends that too.
    private var notYetLines: [String] {
        guard case .waiting(let why) = watchStep, error == nil, !hasUnanswered else { return [] }
        let when = switch safeAt {
        case .at(let date)?: "safe to force from \(ISO8601.format(date))"
        case .pastUsualLag?: "no time can be given: the storefronts lag past the usual 24 h"
        case nil: "no time can be given"
        }
        guard !hasDeadEnd else {
            return safeAt?.date.map { ["Once the store catches up (\(why)): safe to force from \(ISO8601.format($0))."] } ?? []
        }
        return ["Not yet (status 4): --watch would wait on \(why); \(when)."]
    }

    public var text: String {
        var lines: [String] = []
        if let partial { lines += ["partial: " + TextSanitizer.escapedLine(partial), ""] }
        if let error { lines += ["could not finish: " + TextSanitizer.escapedLine(error), ""] }
        if findings.isEmpty, error == nil { lines.append("No findings: no installed version is stranded in any storefront asked.") }
        let labelWidth = PreflightFinding.Severity.allCases.map(\.rawValue.count).max() ?? 0
        for finding in findings {
            let severity = finding.severity.rawValue.padding(toLength: labelWidth)
            var head = [severity + "  " + finding.kind.rawValue]
            if !finding.storefronts.isEmpty { head.append(PreflightText.list(finding.storefronts, none: "")) }
            if !finding.versions.isEmpty { head.append(TextSanitizer.escapedLine(PreflightText.list(finding.versions, none: ""))) }
            if let users = finding.users { head.append("\(users) users") }
            if let condition = finding.condition { head.append("condition " + TextSanitizer.escapedLine(condition)) }
            lines += [head.joined(separator: " · "), "  " + TextSanitizer.escapedLine(finding.message), "  fix: " + TextSanitizer.escapedLine(finding.fix), ""]
        }
        if findings.isEmpty, error == nil { lines.append("") }
        if !contextLines.isEmpty { lines += contextLines + [""] }
        guard !storefronts.isEmpty else { return lines.joined(separator: "\n") }
        let columns = self.columns
        var table = [["installed", "users"] + columns.map(\.label), ["", ""] + columns.map(\.serves)]
        for (index, row) in rows.enumerated() {
            table.append([TextSanitizer.escapedLine(row.label), row.users.map(String.init) ?? "-"] + columns.map { cells[index][$0.members[0]].rawValue })
        }
        let widths = (0..<(columns.count + 2)).map { column in table.map { DisplayWidth.of($0[column]) }.max() ?? 0 }
        for line in table {
            let padded = zip(line, widths).map { $0 + String(repeating: " ", count: $1 - DisplayWidth.of($0)) }
            var line = padded.joined(separator: "  ")
            while line.last == " " { line.removeLast() }
            lines.append(line)
        }
        if !totalsLines.isEmpty { lines += [""] + totalsLines }
        return lines.joined(separator: "\n")
    }

    public var json: JSONValue {
        let findingValues = findings.map { finding in
            JSONValue.object([
                ("kind", .string(finding.kind.rawValue)), ("severity", .string(finding.severity.rawValue)),
                ("storefronts", .array(finding.storefronts.map(JSONValue.string))), ("versions", .array(finding.versions.map(JSONValue.string))),
                ("users", finding.users.map(JSONValue.number) ?? .null), ("condition", finding.condition.json),
                ("message", .string(finding.message)), ("fix", .string(finding.fix)),
            ])
        }
        let answerValues = storefronts.map { view in
            JSONValue.object([
                ("storefront", .string(view.storefront)), ("serves", (view.served?.listing.version).json), ("unanswered", view.unanswered.json),
                ("answers", .array(view.answers.map { answer in
                    JSONValue.object([
                        ("form", .string(answer.request.formName)), ("version", (answer.entry?.listing.version).json),
                        ("trackId", answer.entry?.trackID.map(JSONValue.number) ?? .null),
                        ("releaseDate", answer.entry?.listing.releaseDate.json ?? .null),
                        ("minimumOsVersion", answer.entry?.listing.minimumOSVersion.json ?? .null),
                    ])
                })),
            ])
        }
        let columns = self.columns
        let matrix = JSONValue.object([
            ("columns", .array(columns.map { column in
                JSONValue.object([("storefronts", .array(column.members.map { .string(storefronts[$0].storefront) })),
                                  ("serves", (storefronts[column.members[0]].served?.listing.version).json)])
            })),
            ("rows", .array(rows.enumerated().map { index, row in
                JSONValue.object([("version", .string(row.version)), ("below", row.below.json), ("os", row.os.json),
                                  ("users", row.users.map(JSONValue.number) ?? .null),
                                  ("cells", .array(columns.map { .string(cells[index][$0.members[0]].rawValue) }))])
            })),
        ])
        return .object([("now", .string(ISO8601.format(now))), ("partial", partial.json), ("safeAt", (safeAt?.date).map { .string(ISO8601.format($0)) } ?? .null),
                        ("findings", .array(findingValues)),
                        ("storefronts", .array(answerValues)), ("matrix", matrix), ("totals", totalsJSON), ("decisionRule", decisionRule.json),
                        ("appStoreConnect", appStoreConnectJSON), ("remoteConfigTemplate", templateJSON)]
                       + (error.map { [("error", JSONValue.string($0))] } ?? []))
    }

    /// `totals`: null without user counts; each count null where no lookup answered for them.
    private var totalsJSON: JSONValue {
        guard let totals else { return .null }
        func counts(_ counts: PreflightTotals.Counts) -> [(String, JSONValue)] {
            let known = counts.isKnown
            return [("stranded", known ? .number(counts.stranded) : .null), ("forced", known ? .number(counts.forced) : .null),
                    ("prompted", known ? .number(counts.prompted) : .null), ("unknown", .number(counts.unknown)), ("users", .number(counts.users))]
        }
        return .object(counts(totals.all) + [
            ("storefronts", totals.storefronts.map { places in
                .array(places.map { .object([("storefront", .string($0.storefront))] + counts($0.counts)) })
            } ?? .null),
            ("notAsked", .array(totals.notAsked.map { .object([("storefront", .string($0.storefront)), ("users", .number($0.counts.users))]) })),
        ])
    }

    /// For a pull-request comment: a headline, the findings table, the matrix.
    public var markdown: String {
        func cell(_ text: String) -> String {
            TextSanitizer.escapedLine(text).replacing("|", with: "\\|")
        }
        let counts = PreflightFinding.Severity.allCases.compactMap { severity -> String? in
            let count = findings.count { $0.severity == severity }
            return count == 0 ? nil : "\(count) × \(severity.rawValue)"
        }
        let outcome = error != nil ? "could not finish" : counts.isEmpty ? "all clear" : counts.joined(separator: ", ")
        let headline = partial == nil ? outcome : "partial, " + outcome
        var lines = ["### toastercli preflight: " + headline, ""]
        if let partial { lines += ["**partial:** " + cell(partial), ""] }
        if let error { lines += ["**could not finish:** " + cell(error), ""] }
        if !findings.isEmpty {
            lines += ["| | kind | storefronts | versions | users | condition | what | fix |", "| --- | --- | --- | --- | --- | --- | --- | --- |"]
            for finding in findings {
                lines.append("| " + [Self.mark(finding.severity) + " " + finding.severity.rawValue, "`\(finding.kind.rawValue)`",
                                     cell(PreflightText.list(finding.storefronts, none: "")), cell(PreflightText.list(finding.versions, none: "")),
                                     finding.users.map(String.init) ?? "", finding.condition.map { "`\(cell($0))`" } ?? "",
                                     cell(finding.message), cell(finding.fix)].joined(separator: " | ") + " |")
            }
            lines.append("")
        }
        if !contextLines.isEmpty { lines += contextLines.map(cell) + [""] }
        guard !storefronts.isEmpty else { return lines.joined(separator: "\n") }
        let columns = self.columns
        lines.append("| installed | users | " + columns.map { cell("\($0.label) (\($0.serves))") }.joined(separator: " | ") + " |")
        lines.append("| --- | --- |" + String(repeating: " --- |", count: columns.count))
        for (index, row) in rows.enumerated() {
            let marks = columns.map { column -> String in
                let value = cells[index][column.members[0]]
                return value == .deadEnd ? "**\(value.rawValue)**" : value.rawValue
            }
            lines.append("| " + ([cell(row.label), row.users.map(String.init) ?? ""] + marks).joined(separator: " | ") + " |")
        }
        if !totalsLines.isEmpty { lines += [""] + totalsLines.map(cell) }
        return lines.joined(separator: "\n")
    }

    private static func mark(_ severity: PreflightFinding.Severity) -> String {
        switch severity {
        case .deadEnd: "🛑"
        case .error: "❌"
        case .warning: "⚠️"
        }
    }
}

extension String {
    /// The text followed by spaces up to `length` characters.
    fileprivate func padding(toLength length: Int) -> String { self + String(repeating: " ", count: max(0, length - count)) }
}
