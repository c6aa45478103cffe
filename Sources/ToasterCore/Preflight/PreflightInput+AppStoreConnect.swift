/// What App Store Connect's facts change in an evaluation: a minimum nobody has released yet is
/// a dead end wherever it forces someone, and a forced user's iOS is checked against the build
/// they will be sent to when the lookup still serves an older version.
extension PreflightInput {
    /// The version a forced user ends up on and the iOS it needs. When the storefront still
    /// serves a version below the minimum that forces the user (the lookup has not caught up)
    /// and App Store Connect's newest version reaches that minimum, it is that version's
    /// build; otherwise what the lookup serves.
    func osRequirement(served: LookupEntry, servedVersion: Version, layer: PolicyLayer)
        -> (version: String, minimumOS: String, fromBuild: Bool)? {
        if let facts = appStoreConnect, let newest = facts.newest, let os = facts.buildMinimumOSVersion,
           let minimum = layer.policy.minimumRequiredVersion.flatMap({ try? Version($0) }),
           let newestVersion = try? Version(newest.versionString), servedVersion < minimum, minimum <= newestVersion {
            return (newest.versionString, os, true)
        }
        return served.listing.minimumOSVersion.map { (served.listing.version, $0, false) }
    }

    /// Each layer's minimum that App Store Connect has released no version for, with how App
    /// Store Connect holds it; none without App Store Connect's facts.
    var unreleasedMinimums: [(layer: PolicyLayer, minimum: Version, text: String, state: String)] {
        guard let facts = appStoreConnect else { return [] }
        return layers.compactMap { layer in
            guard let text = layer.policy.minimumRequiredVersion, let minimum = try? Version(text),
                  facts.released(atLeast: minimum) == nil else { return nil }
            let known = facts.versions.first { (try? Version($0.versionString)) == minimum }
            let state = known.map { "App Store Connect holds \($0.versionString) as \($0.stateText)" }
                ?? "App Store Connect has no version \(text) or later"
            return (layer, minimum, text, state)
        }
    }

    /// `forced-unreleased`: a layer's minimum that App Store Connect has released no version
    /// for reaches no device, wherever it forces users; their cells become dead ends.
    func noteUnreleased(views: [StorefrontView], rows: [InstalledGroup], cells: inout [[PreflightCell]], into findings: inout FindingCollector) {
        for (layer, minimum, text, state) in unreleasedMinimums {
            for (row, group) in rows.enumerated() {
                guard let version = try? Version(group.version), version < minimum else { continue }
                for (column, view) in views.enumerated() where cells[row][column] == .forced || cells[row][column] == .deadEnd {
                    cells[row][column] = .deadEnd
                    findings.add(.forcedUnreleased, .deadEnd, "\(text)|\(layer.name)", storefront: view.storefront, row: row) { places, versions in
                        ("\(layer.name) forces users on \(versions) in \(places) to \(text), which is not released: \(state), so the App Store cannot offer it and the alert comes back.",
                         "Release \(text) in App Store Connect before publishing this minimum; preflight --watch reports it as stuck until someone does.")
                    }
                }
            }
        }
    }
}
