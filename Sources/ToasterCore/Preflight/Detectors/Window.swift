import FoundationEssentials

extension DetectedFinding {
    /// `window`: a forced range or window that forces nobody.
    struct Window: Hashable {
        enum Problem: Hashable {
            case coversNoVersion(minAppVersion: String, maxAppVersion: String)
            case neverOpens(start: Date, end: Date)
            case closed(end: Date)
        }

        /// The layer the range is in, as findings name it.
        let layer: String
        let problem: Problem
    }
}

extension PreflightGrid {
    /// Each fixed layer's range that forces nobody, on every installed version inside it.
    func windows() -> [(finding: DetectedFinding.Window, site: FindingSite)] {
        input.layers.flatMap { layer -> [(finding: DetectedFinding.Window, site: FindingSite)] in
            guard let range = layer.answer.forcedRange, let lower = try? Version(range.minAppVersion),
                  let upper = try? Version(range.maxAppVersion) else { return [] }
            let problem: DetectedFinding.Window.Problem
            if upper < lower {
                problem = .coversNoVersion(minAppVersion: range.minAppVersion, maxAppVersion: range.maxAppVersion)
            } else if let start = range.start, let end = range.end, end < start {
                problem = .neverOpens(start: start, end: end)
            } else if let end = range.end, end < input.now {
                problem = .closed(end: end)
            } else {
                return []
            }
            let inside = rows.indices.filter { (try? Version(rows[$0].version)).map { lower <= $0 && $0 <= upper } ?? false }
            return (inside.isEmpty ? [nil] : inside.map { Optional($0) }).map { row in
                (DetectedFinding.Window(layer: layer.name, problem: problem), FindingSite(storefront: nil, row: row, group: nil))
            }
        }
    }
}
