import FoundationEssentials
import ToasterCore

extension ServicePolicy {
    /// What preflight would warn of in the policy alone, each with its app's JSON path: a forced
    /// window already over (`window`), one version written two ways (`version-string`), a forced
    /// update whose URL is no App Store link or names another app (`store-url`). Valid policies
    /// only (`validated`): what validation refuses is an error, not a warning.
    public func warnings(now: Date) -> [String] {
        apps.indices.flatMap { index -> [String] in
            let app = apps[index], at = "apps[\(index)]"
            var layers: [PolicyLayer] = []
            if let minimum = app.minRequiredVersion {
                layers.append(PolicyLayer(name: "\(at).minRequiredVersion", answer: SourceAnswer(minimumRequiredVersion: minimum)))
            }
            if let forced = app.forced {
                layers.append(PolicyLayer(name: "\(at).forced", answer: forced.sourceAnswer))
            }
            // Each storefront answers what the policy serves there once released.
            let answers = app.countries.map { country in
                let release = app.release(in: country).current
                return LookupAnswer(request: LookupRequest(storefront: country, key: .id(String(app.trackId)), form: .query),
                                    entry: LookupEntry(listing: StoreListing(appName: app.name, version: release.version),
                                                       trackID: app.trackId, bundleID: app.bundleId))
            }
            let input = PreflightInput(storefronts: app.countries, answers: answers, layers: layers, installed: nil,
                                       appID: String(app.trackId), now: now)
            guard let report = try? input.evaluate() else { return [] }
            let policyOnly: [PreflightFinding.Kind] = [.window, .versionString, .storeURL]
            return report.findings.filter { policyOnly.contains($0.kind) }.map { "\(at) (\(app.bundleId)): \($0.kind.rawValue): \($0.message)" }
        }
    }
}
