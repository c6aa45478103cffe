extension DetectedFinding {
    /// `version-string`: a version an app cannot read, or one version written several ways.
    enum VersionString: Hashable {
        case unreadable(text: String, problem: String)
        /// The ways the same version is written, in the order first met.
        case spellings([String])
    }
}

extension PreflightGrid {
    /// Each store answer an app cannot read, then each version written several ways, in every
    /// storefront that answers it and on every installed version written so.
    func versionStrings() -> [(finding: DetectedFinding.VersionString, site: FindingSite)] {
        let answered = views.filter { !$0.answeredNothing }
        var found: [(finding: DetectedFinding.VersionString, site: FindingSite)] = []
        for view in answered {
            for case let entry? in view.answers.map(\.entry) {
                let text = entry.listing.version
                do { _ = try Version(text) } catch {
                    found.append((.unreadable(text: text, problem: error.problem), FindingSite(storefront: view.storefront, row: nil, group: nil)))
                }
            }
        }
        var named: [String] = rows.map(\.version)
        for layer in input.possibleLayers {
            let answer = layer.answer
            named += [answer.minimumRequiredVersion, answer.latestVersion, answer.forcedRange?.minAppVersion,
                      answer.forcedRange?.maxAppVersion].compactMap { $0 }
        }
        named += answered.flatMap { $0.answers.compactMap { $0.entry?.listing.version } }
        var spellings: [Version: [String]] = [:], order: [Version] = []
        for text in named {
            guard let version = try? Version(text) else { continue }
            let written = String(text.trimmingWhitespace())
            if spellings[version] == nil { order.append(version) }
            if !(spellings[version, default: []].contains(written)) { spellings[version, default: []].append(written) }
        }
        for version in order {
            guard let texts = spellings[version], texts.count > 1 else { continue }
            let places = answered.filter { view in view.answers.contains { $0.entry.map { texts.contains($0.listing.version) } ?? false } }
            let affected = rows.indices.filter { texts.contains(rows[$0].version.trimmingWhitespace().description) }
            for place in places.isEmpty ? [nil] : places.map({ Optional($0.storefront) }) {
                for row in affected.isEmpty ? [nil] : affected.map({ Optional($0) }) {
                    found.append((.spellings(texts), FindingSite(storefront: place, row: row, group: nil)))
                }
            }
        }
        return found
    }
}
