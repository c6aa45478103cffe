extension DetectedFinding {
    /// `forced-unreleased`: a minimum App Store Connect has released no version for reaches no
    /// device, wherever it forces users.
    struct ForcedUnreleased: Hashable {
        let minimum: String
        let cause: PolicyCause
        /// How App Store Connect holds the version, as the message says it.
        let state: String
    }
}

extension PreflightGrid {
    /// Each cell a layer's unreleased minimum forces, layer by layer in the order the cells use
    /// them, then by installed version, storefront and group of devices.
    func forcedUnreleased() -> [(finding: DetectedFinding.ForcedUnreleased, cell: GridCell)] {
        guard input.appStoreConnect != nil else { return [] }
        let cells = cellsByRow
        var used: [PolicyLayer] = []
        for layer in cells.flatMap({ self[$0]?.layers ?? [] }) where !used.contains(layer) { used.append(layer) }
        return used.compactMap(input.unreleased).flatMap { layer, minimum, text, state in
            let found = DetectedFinding.ForcedUnreleased(minimum: text, cause: layer.cause(of: .belowMinimumRequired), state: state)
            return cells.filter { cell in
                guard let version = try? Version(rows[cell.row].version), version < minimum, let decided = self[cell] else { return false }
                return decided.report.decision == .forced && decided.layers.contains(layer)
            }.map { (found, $0) }
        }
    }
}
