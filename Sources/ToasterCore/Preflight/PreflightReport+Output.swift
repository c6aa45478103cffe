/// `preflight --format text | json | markdown`. Texts from the store and the policy are
/// untrusted: each goes through `TextSanitizer` before it reaches a terminal or a PR comment.
extension PreflightReport {
    private var columns: [(label: String, serves: String, members: [Int])] {
        columnGroups.map { members in
            (FindingCollector.list(members.map { storefronts[$0].storefront }, none: "-"), TextSanitizer.cleanLine(storefronts[members[0]].servedText), members)
        }
    }

    private var totalsLine: String? {
        guard let forced = users(.forced), let prompted = users(.optional), let stranded = users(.deadEnd) else { return nil }
        let all = rows.reduce(0) { $0 + ($1.users ?? 0) }
        return "users: \(stranded) stranded, \(forced) forced, \(prompted) prompted (of \(all); each version counted once, by its worst storefront)"
    }

    public var text: String {
        var lines: [String] = []
        if findings.isEmpty { lines.append("No findings: no installed version is stranded in any storefront asked.") }
        for finding in findings {
            let severity = finding.severity == .deadEnd ? "DEAD END" : "WARNING "
            var head = [severity + "  " + finding.kind.rawValue]
            if !finding.storefronts.isEmpty { head.append(FindingCollector.list(finding.storefronts, none: "")) }
            if !finding.versions.isEmpty { head.append(TextSanitizer.cleanLine(FindingCollector.list(finding.versions, none: ""))) }
            if let users = finding.users { head.append("\(users) users") }
            lines += [head.joined(separator: " · "), "  " + TextSanitizer.cleanLine(finding.message), "  fix: " + TextSanitizer.cleanLine(finding.fix), ""]
        }
        if findings.isEmpty { lines.append("") }
        if !appStoreConnectLines.isEmpty { lines += appStoreConnectLines + [""] }
        let columns = self.columns
        var table = [["installed", "users"] + columns.map(\.label), ["", ""] + columns.map(\.serves)]
        for (index, row) in rows.enumerated() {
            table.append([TextSanitizer.cleanLine(row.label), row.users.map(String.init) ?? "-"] + columns.map { cells[index][$0.members[0]].rawValue })
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
                ("storefront", .string(view.storefront)), ("serves", (view.served?.listing.version).json),
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
                JSONValue.object([("version", .string(row.version)), ("os", row.os.json), ("users", row.users.map(JSONValue.number) ?? .null),
                                  ("cells", .array(columns.map { .string(cells[index][$0.members[0]].rawValue) }))])
            })),
        ])
        let totals: JSONValue = users(.forced) == nil ? .null : .object([
            ("stranded", .number(users(.deadEnd) ?? 0)), ("forced", .number(users(.forced) ?? 0)), ("prompted", .number(users(.optional) ?? 0)),
            ("users", .number(rows.reduce(0) { $0 + ($1.users ?? 0) })),
        ])
        return .object([("now", .string(ISO8601.format(now))), ("findings", .array(findingValues)), ("storefronts", .array(answerValues)),
                        ("matrix", matrix), ("totals", totals), ("appStoreConnect", appStoreConnectJSON)])
    }

    /// For a pull-request comment: a headline, the findings table, the matrix.
    public var markdown: String {
        func cell(_ text: String) -> String {
            TextSanitizer.cleanLine(text).replacing("|", with: "\\|")
        }
        let deadEnds = findings.filter { $0.severity == .deadEnd }.count, warnings = findings.count - deadEnds
        var lines = ["### toastercli preflight: " + (findings.isEmpty ? "all clear" : "\(deadEnds) dead end\(deadEnds == 1 ? "" : "s"), \(warnings) warning\(warnings == 1 ? "" : "s")"), ""]
        if !findings.isEmpty {
            lines += ["| | kind | storefronts | versions | users | what | fix |", "| --- | --- | --- | --- | --- | --- | --- |"]
            for finding in findings {
                lines.append("| " + [finding.severity == .deadEnd ? "🛑 dead end" : "⚠️ warning", "`\(finding.kind.rawValue)`",
                                     cell(FindingCollector.list(finding.storefronts, none: "")), cell(FindingCollector.list(finding.versions, none: "")),
                                     finding.users.map(String.init) ?? "", cell(finding.message), cell(finding.fix)].joined(separator: " | ") + " |")
            }
            lines.append("")
        }
        if !appStoreConnectLines.isEmpty { lines += appStoreConnectLines.map(cell) + [""] }
        let columns = self.columns
        lines.append("| installed | users | " + columns.map { cell("\($0.label) (\($0.serves))") }.joined(separator: " | ") + " |")
        lines.append("| --- | --- |" + String(repeating: " --- |", count: columns.count))
        for (index, row) in rows.enumerated() {
            let marks = columns.map { column -> String in
                let value = cells[index][column.members[0]]
                return value == .deadEnd ? "**dead end**" : value.rawValue
            }
            lines.append("| " + ([cell(row.label), row.users.map(String.init) ?? ""] + marks).joined(separator: " | ") + " |")
        }
        if let totalsLine { lines += ["", totalsLine] }
        return lines.joined(separator: "\n")
    }
}
