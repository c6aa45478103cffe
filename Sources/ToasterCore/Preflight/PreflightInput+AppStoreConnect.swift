/// What App Store Connect's facts change in an evaluation: a minimum nobody has released yet is
/// a dead end wherever it forces someone, and a forced user's iOS is checked against the build
/// they will be sent to, which App Store Connect records and the lookup only caches.
extension PreflightInput {
    /// The version a forced user ends up on, the iOS it needs, and where that minimum comes from
    /// as the finding says it (empty: the lookup alone, without App Store Connect to compare).
    /// App Store Connect is the record and the lookup a cache: when the storefront still serves
    /// a version below the minimum that forces the user and App Store Connect's newest version
    /// reaches that minimum, it is that version's build; when the storefront serves App Store
    /// Connect's newest version, the higher of the build's minimum and the lookup's.
    func osRequirement(served: LookupEntry, servedVersion: Version, layer: PolicyLayer)
        -> (version: String, minimumOS: String, source: String)? {
        let listed = served.listing.minimumOSVersion
        guard let facts = appStoreConnect, let newest = facts.newest, let build = facts.buildMinimumOSVersion,
              let newestVersion = try? Version(newest.versionString) else {
            return listed.map { (served.listing.version, $0, "") }
        }
        if let minimum = layer.answer.minimumRequiredVersion.flatMap({ try? Version($0) }), servedVersion < minimum, minimum <= newestVersion {
            return (newest.versionString, build, " (its build in App Store Connect; the lookup still serves \(served.listing.version))")
        }
        guard servedVersion == newestVersion else { return listed.map { (served.listing.version, $0, "") } }
        guard let listed, let lookupOS = try? Version(listed) else {
            return (newest.versionString, build, " (its build in App Store Connect; the lookup gives no minimum iOS)")
        }
        guard let buildOS = try? Version(build) else { return (served.listing.version, listed, "") }
        if buildOS > lookupOS {
            return (newest.versionString, build, " (its build in App Store Connect; the lookup says iOS \(listed))")
        }
        if lookupOS > buildOS {
            return (served.listing.version, listed, " (the lookup's minimumOsVersion; its build in App Store Connect says iOS \(build))")
        }
        return (served.listing.version, listed, " (its build in App Store Connect and the lookup agree)")
    }

    /// Each layer's minimum that App Store Connect has released no version for, with how App
    /// Store Connect holds it (every layer a template could give, too); none without App Store
    /// Connect's facts.
    var unreleasedMinimums: [(layer: PolicyLayer, minimum: Version, text: String, state: String)] {
        possibleLayers.compactMap(unreleased)
    }

    /// The layer's minimum, when App Store Connect has released no version for it.
    func unreleased(_ layer: PolicyLayer) -> (layer: PolicyLayer, minimum: Version, text: String, state: String)? {
        guard let facts = appStoreConnect, let text = layer.answer.minimumRequiredVersion, let minimum = try? Version(text),
              facts.released(atLeast: minimum) == nil else { return nil }
        let known = facts.versions.first { (try? Version($0.versionString)) == minimum }
        let state = known.map { "App Store Connect holds \($0.versionString) as \($0.stateText)" }
            ?? "App Store Connect has no version \(text) or later"
        return (layer, minimum, text, state)
    }
}
