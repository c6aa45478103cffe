import ToasterCore

extension AppStoreConnectApp {
    /// Checks an app's `appStoreConnect` object: known states, readable versions and dates,
    /// storefront codes, a phased release day within its seven.
    func validate(at place: String) throws(PolicyError) {
        for code in territories ?? [] where !AppStoreStorefronts.all.contains(code) {
            throw PolicyError("\(place).territories: \"\(code)\" is not an App Store storefront code")
        }
        var seen: Set<Version> = []
        for (index, release) in versions.enumerated() {
            let at = "\(place).versions[\(index)]"
            let version: Version
            do { version = try Version(release.versionString) } catch { throw PolicyError("\(at).versionString: \(error)") }
            guard seen.insert(version).inserted else { throw PolicyError("\(at).versionString \(release.versionString) is listed twice") }
            try Self.check(release.appVersionState, among: AppStoreConnectRelease.states, at: "\(at).appVersionState")
            if let type = release.releaseType { try Self.check(type, among: AppStoreConnectRelease.releaseTypes, at: "\(at).releaseType") }
            if let date = release.earliestReleaseDate, ISO8601.parse(date) == nil {
                throw PolicyError("\(at).earliestReleaseDate: \"\(date)\" is not an ISO 8601 date")
            }
            if let os = release.minOsVersion {
                do { _ = try Version(os) } catch { throw PolicyError("\(at).minOsVersion: \(error)") }
            }
            if let phased = release.phasedRelease {
                try Self.check(phased.phasedReleaseState, among: PhasedReleasePolicy.states, at: "\(at).phasedRelease.phasedReleaseState")
                if let day = phased.currentDayNumber, !(0...PhasedRelease.days).contains(day) {
                    throw PolicyError("\(at).phasedRelease.currentDayNumber: \(day) is not between 0 and \(PhasedRelease.days)")
                }
                if let date = phased.startDate, ISO8601.parse(date) == nil {
                    throw PolicyError("\(at).phasedRelease.startDate: \"\(date)\" is not an ISO 8601 date")
                }
            }
        }
    }

    private static func check(_ value: String, among known: [String], at place: String) throws(PolicyError) {
        guard !known.contains(value) else { return }
        let nearest = NearestName.to(value, among: known).map { "; did you mean \($0)?" } ?? " (known: \(known.joined(separator: ", ")))"
        throw PolicyError("\(place): \"\(value)\" is not a value App Store Connect uses\(nearest)")
    }
}
