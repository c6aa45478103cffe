import FoundationEssentials
import ToasterCore

extension ServicePolicy {
    /// Reads and checks a policy: standard JSON (no trailing comma, no key twice; a syntax error
    /// says its line and column), no key the format does not have (a misspelt one would
    /// otherwise be ignored without a word), every version parses, every date is ISO 8601, ids
    /// and places are unique, every Remote Config template reads. Nothing half-valid is ever
    /// served.
    public static func validated(from data: Data) throws(PolicyError) -> ServicePolicy {
        // Unknown keys before types: a misspelt required key is then named as misspelt, not missing.
        let tree: JSONTree
        var policy: ServicePolicy
        do { tree = try StrictJSON.parse(data) } catch { throw PolicyError("not a policy: \(error)") }
        try refuseUnknownKeys(in: tree)
        do { policy = try StrictJSON.decode(ServicePolicy.self, tree: tree) } catch { throw PolicyError("not a policy: \(error)") }
        try policy.validate()
        try policy.readTemplates(in: tree)
        return policy
    }

    func validate() throws(PolicyError) {
        guard !apps.isEmpty else { throw PolicyError("apps: the list is empty: the server would answer every lookup with no app") }
        var trackIds: Set<Int> = [], bundleIds: Set<String> = [], places: Set<String> = []
        var restrictions: [String: (project: String, bundles: [String], at: String)] = [:]
        for (index, app) in apps.enumerated() {
            let at = "apps[\(index)]"
            func version(_ text: String?, _ field: String) throws(PolicyError) {
                guard let text else { return }
                do { _ = try Version(text) } catch { throw PolicyError("\(at).\(field): \(error)") }
            }
            func date(_ text: String?, _ field: String) throws(PolicyError) {
                guard let text else { return }
                guard ISO8601.parse(text) != nil else { throw PolicyError("\(at).\(field): \"\(text)\" is not an ISO 8601 date") }
            }
            guard app.trackId > 0 else { throw PolicyError("\(at).trackId: \(app.trackId) is not an App Store id (a whole number above 0)") }
            for (field, text) in [("bundleId", app.bundleId), ("name", app.name)] where text.trimmingWhitespace().isEmpty {
                throw PolicyError("\(at).\(field) is empty: lookups and alerts would name no app")
            }
            guard !app.countries.isEmpty else {
                throw PolicyError("\(at).countries is empty: the app would be listed in no storefront (name at least one, such as [\"kr\"])")
            }
            guard trackIds.insert(app.trackId).inserted else { throw PolicyError("\(at).trackId \(app.trackId) is used twice") }
            guard bundleIds.insert(app.bundleId).inserted else { throw PolicyError("\(at).bundleId \"\(app.bundleId)\" is used twice") }
            try version(app.version, "version")
            try version(app.minRequiredVersion, "minRequiredVersion")
            try date(app.releaseDate, "releaseDate")
            for (position, country) in app.countries.enumerated() {
                if let problem = AppStoreStorefronts.problem(country) { throw PolicyError("\(at).countries[\(position)]: \(problem)") }
            }
            if let place = app.remoteConfig {
                guard places.insert("rc:\(place.project)/\(place.namespace)").inserted else {
                    throw PolicyError("\(at).remoteConfig \(place.project)/\(place.namespace) is used twice")
                }
                try place.validate(at: "\(at).remoteConfig")
                // A project's key is one key wherever it is named: one restriction.
                if let key = place.apiKey {
                    let restriction = (place.allowedBundleIds ?? []).sorted()
                    if let earlier = restrictions[key], earlier.project != place.project || earlier.bundles != restriction {
                        throw PolicyError("\(at).remoteConfig.apiKey is also \(earlier.at)'s, with another project or allowedBundleIds: "
                            + "one key has one project and one restriction")
                    }
                    restrictions[key] = (place.project, restriction, "\(at).remoteConfig")
                }
            }
            if let place = app.cms, !places.insert("cms:\(place.endpoint)").inserted {
                throw PolicyError("\(at).cms endpoint \"\(place.endpoint)\" is used twice")
            }
            for release in [app.previous] + (app.storefronts ?? [:]).values.map(\.previous) {
                try version(release?.version, "previous.version")
                try version(release?.minimumOsVersion, "previous.minimumOsVersion")
                try date(release?.releaseDate, "previous.releaseDate")
            }
            for lag in [app.lagSeconds] + (app.storefronts ?? [:]).values.map(\.lagSeconds) {
                for case let seconds? in [lag?.query, lag?.bundleId] where !(seconds >= 0 && seconds <= 31_536_000) {
                    throw PolicyError("\(at).lagSeconds: \(seconds) is not between 0 and 31536000 seconds")
                }
            }
            for (country, release) in (app.storefronts ?? [:]).sorted(by: { $0.key < $1.key }) {
                guard app.countries.contains(country) else {
                    throw PolicyError("\(at).storefronts.\(country): the app is not listed there (add it to countries)")
                }
                try version(release.version, "storefronts.\(country).version")
                try version(release.minimumOsVersion, "storefronts.\(country).minimumOsVersion")
                try date(release.releaseDate, "storefronts.\(country).releaseDate")
            }
            try app.appStoreConnect?.validate(at: "\(at).appStoreConnect")
            if let forced = app.forced {
                try version(forced.minAppVersion, "forced.minAppVersion")
                try version(forced.maxAppVersion, "forced.maxAppVersion")
                try date(forced.startDate, "forced.startDate")
                try date(forced.endDate, "forced.endDate")
                if let start = ISO8601.parse(forced.startDate), let end = ISO8601.parse(forced.endDate), end < start {
                    throw PolicyError("\(at).forced.endDate \(forced.endDate) is before its startDate \(forced.startDate): the window never opens")
                }
                if let lower = try? Version(forced.minAppVersion), let upper = try? Version(forced.maxAppVersion), upper < lower {
                    throw PolicyError("\(at).forced.maxAppVersion \(forced.maxAppVersion) is below its minAppVersion \(forced.minAppVersion): "
                                      + "the range covers no version")
                }
            }
        }
    }
}
