import FoundationEssentials
import ToasterCore

extension ServicePolicy {
    /// Decodes and checks a policy: every version parses, every date is ISO 8601, ids and
    /// places are unique. Nothing half-valid is ever served.
    public static func validated(from data: Data) throws(PolicyError) -> ServicePolicy {
        let policy: ServicePolicy
        do {
            policy = try JSONDecoder().decode(ServicePolicy.self, from: data)
        } catch let error as DecodingError {
            throw PolicyError("not a policy: \(Self.describe(error))")
        } catch {
            throw PolicyError("not a policy: \(error)")
        }
        try policy.validate()
        return policy
    }

    func validate() throws(PolicyError) {
        var trackIds: Set<Int> = [], bundleIds: Set<String> = [], places: Set<String> = []
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
            guard trackIds.insert(app.trackId).inserted else { throw PolicyError("\(at).trackId \(app.trackId) is used twice") }
            guard bundleIds.insert(app.bundleId).inserted else { throw PolicyError("\(at).bundleId \"\(app.bundleId)\" is used twice") }
            try version(app.version, "version")
            try version(app.minRequiredVersion, "minRequiredVersion")
            try date(app.releaseDate, "releaseDate")
            for country in app.countries where country.count != 2 || country != country.lowercased() {
                throw PolicyError("\(at).countries: \"\(country)\" is not a two-letter lower-case country code")
            }
            if let place = app.remoteConfig, !places.insert("rc:\(place.project)/\(place.namespace)").inserted {
                throw PolicyError("\(at).remoteConfig \(place.project)/\(place.namespace) is used twice")
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
            if let forced = app.forced {
                try version(forced.minAppVersion, "forced.minAppVersion")
                try version(forced.maxAppVersion, "forced.maxAppVersion")
                try date(forced.startDate, "forced.startDate")
                try date(forced.endDate, "forced.endDate")
            }
        }
    }

    private static func describe(_ error: DecodingError) -> String {
        switch error {
        case .keyNotFound(let key, let context): "\"\(path(context.codingPath + [key]))\" is missing"
        case .typeMismatch(_, let context), .valueNotFound(_, let context): "\"\(path(context.codingPath))\" has the wrong type"
        case .dataCorrupted(let context): context.codingPath.isEmpty ? "it is not JSON" : "\"\(path(context.codingPath))\" is unreadable"
        @unknown default: "\(error)"
        }
    }

    private static func path(_ keys: [any CodingKey]) -> String {
        let text = keys.map { $0.intValue.map { "[\($0)]" } ?? "." + $0.stringValue }.joined()
        return text.hasPrefix(".") ? String(text.dropFirst()) : text
    }
}
