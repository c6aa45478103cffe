import FoundationEssentials
import ToasterCore

extension ServicePolicy {
    /// What preflight would warn of in the policy alone, each with its app's JSON path: a forced
    /// window already over (`window`), one version written two ways (`version-string`), a forced
    /// update whose URL is no App Store link or names another app (`store-url`). Valid policies
    /// only (`validated`): what validation refuses is an error, not a warning.
    public func warnings(now: Date, zones: any TimeZoneRules) -> [String] {
        findings(now: now, zones: zones) { [.window, .versionString, .storeURL].contains($0.kind) }
    }

    /// The storefronts the policy strands, each with its app's JSON path: preflight's core run
    /// over the policy's own minimum, forced window and template (every condition, evaluated per
    /// storefront and version) against what each listed storefront serves once released — a
    /// minimum above it (`min-above-store`), a forced window that covers it
    /// (`forced-after-update`), a forced version it does not serve (`forced-not-listed`). A
    /// `store-url` stays a warning: the alert still opens something. What `--check-policy`,
    /// `PUT /admin/policy` and a reload of the file refuse.
    public func deadEnds(now: Date, zones: any TimeZoneRules) -> [String] {
        findings(now: now, zones: zones) { $0.severity == .deadEnd && $0.kind != .storeURL }
    }

    private func findings(now: Date, zones: any TimeZoneRules, _ wanted: (PreflightFinding) -> Bool) -> [String] {
        apps.indices.flatMap { index -> [String] in
            let app = apps[index], at = "apps[\(index)]"
            guard let report = try? preflightInput(app, at: at, now: now, zones: zones).evaluate() else { return [] }
            return report.findings.filter(wanted).map { "\(at) (\(app.bundleId)): \($0.kind.rawValue): \($0.message)" }
        }
    }

    /// The app as `preflight --policy` reads it: its minimum, its forced window and its template
    /// are the layers; each listed storefront answers the release it serves, with its minimum iOS.
    private func preflightInput(_ app: AppPolicy, at: String, now: Date, zones: any TimeZoneRules) throws(PreflightError) -> PreflightInput {
        var layers: [PolicyLayer] = []
        if let minimum = app.minRequiredVersion {
            layers.append(PolicyLayer(name: "\(at).minRequiredVersion", answer: SourceAnswer(minimumRequiredVersion: minimum)))
        }
        if let forced = app.forced {
            layers.append(PolicyLayer(name: "\(at).forced", answer: forced.sourceAnswer))
        }
        let answers = app.countries.map { country in
            let release = app.release(in: country).current
            return LookupAnswer(request: LookupRequest(storefront: country, key: .id(String(app.trackId)), form: .query),
                                entry: LookupEntry(listing: StoreListing(appName: app.name, version: release.version, releaseDate: release.releaseDate,
                                                                         minimumOSVersion: release.minimumOsVersion),
                                                   trackID: app.trackId, bundleID: app.bundleId))
        }
        var input = PreflightInput(storefronts: app.countries, answers: answers, layers: layers, installed: nil,
                                   appID: String(app.trackId), now: now)
        if let place = app.remoteConfig, let template = place.template {
            let device = RemoteConfigDevice(appVersion: app.version, firebaseAppID: place.appIds?.first, now: now)
            input.template = try TemplatePolicy(template: template, source: "\(at).remoteConfig.template", keys: place.keys, device: device, zones: zones)
        }
        return input
    }
}
