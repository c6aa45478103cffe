/// How preflight's findings, board and report write lists, counts and versions.
enum PreflightText {
    /// A message's first word capitalized: `condition x forces …` begins `Condition x forces …`.
    static func capitalized(_ text: String) -> String { text.prefix(1).uppercased() + text.dropFirst() }

    /// A readable list: at most six items, then how many more.
    static func list(_ items: [String], none: String) -> String {
        guard !items.isEmpty else { return none }
        let shown = items.prefix(6).joined(separator: ", ")
        return items.count > 6 ? "\(shown) and \(items.count - 6) more" : shown
    }

    /// A list as a sentence writes it: `a and b`, `a, b and c`; after six items, how many more.
    static func sentence(_ items: [String]) -> String {
        guard items.count > 1 else { return items.first ?? "" }
        if items.count > 6 { return items.prefix(6).joined(separator: ", ") + " and \(items.count - 6) more" }
        return items.dropLast().joined(separator: ", ") + " and " + items[items.count - 1]
    }

    /// The installed versions as "users on …" reads them: the versions, then those standing for
    /// every version below a minimum (`1.9.0 and versions below 2.0.0`).
    /// A group a template's percent condition reaches only in part says its share:
    /// `1.9.0 (10% of them)`.
    static func usersOn(_ groups: [InstalledGroup], shares: [Double]) -> String {
        var versions: [String] = [], below: [String] = []
        for (group, share) in zip(groups, shares) {
            let part = share < 100 ? " (\(JSONValue.decimalText(micro: RemoteConfigReport.micro(share)))% of them)" : ""
            if let minimum = group.below {
                if !below.contains(minimum + part) { below.append(minimum + part) }
            } else if !versions.contains(group.version + part) {
                versions.append(group.version + part)
            }
        }
        let items = versions + (below.isEmpty ? [] : ["versions below " + sentence(below)])
        return items.isEmpty ? "no installed version" : sentence(items)
    }

    /// An age in hours: `24`, or `1.5`.
    static func hours(_ age: Duration) -> String {
        let hours = Double(age.wholeSeconds) / 3600
        return hours == hours.rounded() ? String(Int(hours)) : String(hours)
    }
}

/// The storefronts a finding covers, as its sentences name them.
struct FindingPlaces: CustomStringConvertible {
    let codes: [String]

    /// At most six, then how many more.
    var description: String { PreflightText.list(codes, none: "no storefront") }

    /// The country an answer form is written with: the storefront's own, or `{cc}` standing
    /// for each of several.
    var country: String { codes.count == 1 ? codes[0] : "{cc}" }

    /// `does` for one storefront, `do` for several.
    var does: String { codes.count == 1 ? "does" : "do" }

    /// `it serves` for one storefront, `they serve` for several.
    var serves: String { codes.count == 1 ? "it serves" : "they serve" }
}
