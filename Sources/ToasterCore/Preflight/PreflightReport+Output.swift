/// `preflight --format text | json | markdown`. Texts from the store and the policy are
/// untrusted: each goes through `TextSanitizer` before it reaches a terminal or a PR comment.
extension PreflightReport {
    private var columns: [(label: String, serves: String, members: [Int])] {
        columnGroups.map { members in
            (FindingCollector.list(members.map { storefronts[$0].storefront }, none: "-"), TextSanitizer.escapedLine(storefronts[members[0]].servedText), members)
        }
    }

    private var totalsLine: String? {
        guard let forced = users(.forced), let prompted = users(.optional), let stranded = users(.deadEnd) else { return nil }
        let all = rows.reduce(0) { $0 + ($1.users ?? 0) }
        return "users: \(stranded) stranded, \(forced) forced, \(prompted) prompted (of \(all); each version counted once, by its worst storefront)"
    }

    public var text: String {
        var lines: [String] = []
        if let error { lines += ["could not finish: " + TextSanitizer.escapedLine(error), ""] }
        if findings.isEmpty, error == nil { lines.append("No findings: no installed version is stranded in any storefront asked.") }
        let labelWidth = PreflightFinding.Severity.allCases.map(\.rawValue.count).max() ?? 0
        for finding in findings {
            let severity = finding.severity.rawValue.padding(toLength: labelWidth)
            var head = [severity + "  " + finding.kind.rawValue]
            if !finding.storefronts.isEmpty { head.append(FindingCollector.list(finding.storefronts, none: "")) }
            if !finding.versions.isEmpty { head.append(TextSanitizer.escapedLine(FindingCollector.list(finding.versions, none: ""))) }
            if let users = finding.users { head.append("\(users) users") }
            lines += [head.joined(separator: " · "), "  " + TextSanitizer.escapedLine(finding.message), "  fix: " + TextSanitizer.escapedLine(finding.fix), ""]
        }
        if findings.isEmpty, error == nil { lines.append("") }
        if !appStoreConnectLines.isEmpty || !templateLines.isEmpty { lines += templateLines + appStoreConnectLines + [""] }
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
        if let totalsLine { lines += ["", totalsLine] }
        return lines.joined(separator: "\n")
    }

    public var json: JSONValue {
        let findingValues = findings.map { finding in
            JSONValue.object([
                ("kind", .string(finding.kind.rawValue)), ("severity", .string(finding.severity.rawValue)),
                ("storefronts", .array(finding.storefronts.map(JSONValue.string))), ("versions", .array(finding.versions.map(JSONValue.string))),
                ("users", finding.users.map(JSONValue.number) ?? .null), ("message", .string(finding.message)), ("fix", .string(finding.fix)),
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
        let totals: JSONValue = users(.forced) == nil ? .null : .object([
            ("stranded", .number(users(.deadEnd) ?? 0)), ("forced", .number(users(.forced) ?? 0)), ("prompted", .number(users(.optional) ?? 0)),
            ("users", .number(rows.reduce(0) { $0 + ($1.users ?? 0) })),
        ])
        return .object([("now", .string(ISO8601.format(now))), ("findings", .array(findingValues)), ("storefronts", .array(answerValues)),
                        ("matrix", matrix), ("totals", totals), ("appStoreConnect", appStoreConnectJSON),
                        ("remoteConfigTemplate", templateJSON)]
                       + (error.map { [("error", JSONValue.string($0))] } ?? []))
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
        let headline = error != nil ? "could not finish" : counts.isEmpty ? "all clear" : counts.joined(separator: ", ")
        var lines = ["### toastercli preflight: " + headline, ""]
        if let error { lines += ["**could not finish:** " + cell(error), ""] }
        if !findings.isEmpty {
            lines += ["| | kind | storefronts | versions | users | what | fix |", "| --- | --- | --- | --- | --- | --- | --- |"]
            for finding in findings {
                lines.append("| " + [Self.mark(finding.severity) + " " + finding.severity.rawValue, "`\(finding.kind.rawValue)`",
                                     cell(FindingCollector.list(finding.storefronts, none: "")), cell(FindingCollector.list(finding.versions, none: "")),
                                     finding.users.map(String.init) ?? "", cell(finding.message), cell(finding.fix)].joined(separator: " | ") + " |")
            }
            lines.append("")
        }
        if !appStoreConnectLines.isEmpty || !templateLines.isEmpty { lines += (templateLines + appStoreConnectLines).map(cell) + [""] }
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
        if let totalsLine { lines += ["", totalsLine] }
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
