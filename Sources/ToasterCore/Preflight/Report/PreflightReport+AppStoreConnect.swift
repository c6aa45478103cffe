/// What App Store Connect said, as the report shows it: the newest version's state, its build's
/// minimum iOS, its phased release (and that it paces only automatic updates), and how many
/// storefronts the app is available in.
extension PreflightReport {
    /// Lines for the text report and the markdown comment; none when App Store Connect was not asked.
    public var appStoreConnectLines: [String] {
        guard let facts = appStoreConnect else { return [] }
        var lines: [String] = []
        if let newest = facts.newest {
            var line = "App Store Connect: \(newest.versionString) is \(newest.stateText)"
            if let type = newest.releaseType { line += " (\(type.lowercased().replacing("_", with: " ")) release)" }
            if let os = facts.buildMinimumOSVersion { line += "; its build needs iOS \(os)" }
            lines.append(TextSanitizer.escapedLine(line + "."))
        }
        if let phased = facts.phasedRelease {
            lines.append(TextSanitizer.escapedLine("Phased release: \(phased.text); \(PhasedRelease.note)."))
        }
        let total = facts.availableStorefronts.count + facts.unavailableStorefronts.count
        lines.append("Available in \(facts.availableStorefronts.count) of \(total) storefronts.")
        return lines
    }

    /// The `appStoreConnect` member of the JSON report; null when App Store Connect was not asked.
    public var appStoreConnectJSON: JSONValue {
        guard let facts = appStoreConnect else { return .null }
        let phased: JSONValue = facts.phasedRelease.map { phased in
            .object([("phasedReleaseState", .string(phased.state)), ("currentDayNumber", phased.currentDayNumber.map(JSONValue.number) ?? .null),
                     ("days", .number(PhasedRelease.days)), ("startDate", phased.startDate.json), ("note", .string(PhasedRelease.note))])
        } ?? .null
        return .object([
            ("availableStorefronts", .array(facts.availableStorefronts.map(JSONValue.string))),
            ("unavailableStorefronts", .array(facts.unavailableStorefronts.map(JSONValue.string))),
            ("versions", .array(facts.versions.map { version in
                .object([("versionString", .string(version.versionString)), ("appVersionState", .string(version.state)),
                         ("releaseType", version.releaseType.json), ("earliestReleaseDate", version.earliestReleaseDate.json)])
            })),
            ("newest", (facts.newest?.versionString).json), ("minOsVersion", facts.buildMinimumOSVersion.json), ("phasedRelease", phased),
        ])
    }
}
