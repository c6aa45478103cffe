import FoundationEssentials

/// One place an evaluation decides: an installed version (`row`), a group of devices (`group`:
/// those a template's percent conditions split users into; one group without them) and a
/// storefront (`storefront`, its column in the report).
struct GridCell: Hashable, Sendable {
    let row: Int
    let group: Int
    let storefront: Int
}

/// How one cell was decided: the layers, the strongest decision and the layer that made it.
struct CellDecision {
    let layers: [PolicyLayer]
    let report: DecisionReport
    let layer: PolicyLayer
    /// For a forced user the storefront offers a newer version: the decision on that version.
    let afterUpdate: (report: DecisionReport, layer: PolicyLayer)?
}

/// What keeps a forced user forced: the decision on the installed version when the store has
/// nothing newer (`afterUpdate` false), else the one on the version they update to.
struct ForcedLoop {
    let report: DecisionReport
    let layer: PolicyLayer
    let afterUpdate: Bool

    var cause: PolicyCause { layer.cause(of: report.reason) }
}

/// Every installed version, group of devices and storefront of an evaluation, each decided
/// once: what every detector reads.
struct PreflightGrid {
    let input: PreflightInput
    let views: [StorefrontView]
    let rows: [InstalledGroup]
    /// Each group of devices' share of the users, in percent: one group of 100 without a
    /// template's percent conditions.
    let shares: [Double]
    /// One per cell, row by row, then group, then storefront; nil where the storefront answered
    /// nothing, so nothing was decided.
    private let decisions: [CellDecision?]

    /// Decides every cell, storefront by storefront, then installed version, then group of devices.
    init(_ input: PreflightInput) throws(PreflightError) {
        self.input = input
        views = input.storefronts.map { code in
            StorefrontView(storefront: code, answers: input.answers.filter { $0.request.storefront == code },
                           unanswered: input.unanswered.last { $0.request.storefront == code }?.reason)
        }
        rows = input.installed ?? input.namedVersions(views.filter { !$0.answeredNothing })
        // Without a template, or one whose percent conditions decide nothing, one group: everyone.
        shares = (input.template?.groups ?? [RemoteConfigDeviceGroup(percentiles: [:], share: 100)]).map(\.share)
        var decisions = [CellDecision?](repeating: nil, count: rows.count * shares.count * views.count)
        for (column, view) in views.enumerated() where !view.answeredNothing {
            for row in rows.indices {
                for group in shares.indices {
                    let cell = GridCell(row: row, group: group, storefront: column)
                    decisions[Self.index(cell, groups: shares.count, storefronts: views.count)] =
                        try input.decideCell(view: view, version: rows[row].version, group: group)
                }
            }
        }
        self.decisions = decisions
    }

    private static func index(_ cell: GridCell, groups: Int, storefronts: Int) -> Int {
        (cell.row * groups + cell.group) * storefronts + cell.storefront
    }

    /// nil: the storefront answered nothing.
    subscript(cell: GridCell) -> CellDecision? {
        decisions[Self.index(cell, groups: shares.count, storefronts: views.count)]
    }

    /// A storefront's cells, by installed version then group of devices.
    func cells(inStorefront column: Int) -> [GridCell] {
        rows.indices.flatMap { row in shares.indices.map { GridCell(row: row, group: $0, storefront: column) } }
    }

    /// Every cell, by installed version, then storefront, then group of devices.
    var cellsByRow: [GridCell] {
        rows.indices.flatMap { row in
            views.indices.flatMap { column in shares.indices.map { GridCell(row: row, group: $0, storefront: column) } }
        }
    }

    func view(_ cell: GridCell) -> StorefrontView { views[cell.storefront] }

    /// Where a finding about one cell counts: its storefront, installed version and group of devices.
    func site(_ cell: GridCell) -> FindingSite {
        FindingSite(storefront: views[cell.storefront].storefront, row: cell.row, group: cell.group)
    }

    /// What keeps a forced user forced in the cell, if anything does.
    func loop(at cell: GridCell) -> ForcedLoop? {
        guard let decided = self[cell], decided.report.decision == .forced, view(cell).served != nil,
              let servedVersion = view(cell).servedVersion else { return nil }
        if servedVersion <= decided.report.current {
            return ForcedLoop(report: decided.report, layer: decided.layer, afterUpdate: false)
        }
        guard let after = decided.afterUpdate, after.report.decision == .forced else { return nil }
        return ForcedLoop(report: after.report, layer: after.layer, afterUpdate: true)
    }

    /// What a user in the cell meets, once the detectors have said which cells strand their users.
    func outcome(_ cell: GridCell, stranded: Set<GridCell>) -> PreflightCell {
        guard let decided = self[cell] else { return .unanswered }
        switch decided.report.decision {
        case .none: return .none
        case .optional: return .optional
        case .forced: return stranded.contains(cell) ? .deadEnd : .forced
        }
    }
}

extension PreflightInput {
    /// One cell's decision: for a forced user the storefront offers a newer version, the version
    /// they update to is decided as well.
    fileprivate func decideCell(view: StorefrontView, version: String, group: Int) throws(PreflightError) -> CellDecision {
        let decidedWith = try layers(storefront: view.storefront, version: version, group: group)
        let (report, layer) = try decide(version, in: view, layers: decidedWith)
        var afterUpdate: (report: DecisionReport, layer: PolicyLayer)?
        if report.decision == .forced, let served = view.served, let servedVersion = view.servedVersion, report.current < servedVersion {
            let version = served.listing.version
            afterUpdate = try decide(version, in: view, layers: try layers(storefront: view.storefront, version: version, group: group))
        }
        return CellDecision(layers: decidedWith, report: report, layer: layer, afterUpdate: afterUpdate)
    }

    /// The layers one group of devices is decided with in a storefront on a version: the
    /// fixed ones, then what the template gives there; or the store and the rules alone when no
    /// policy is given.
    private func layers(storefront: String, version: String, group: Int) throws(PreflightError) -> [PolicyLayer] {
        let all = try layers + (template.map { template throws(PreflightError) in
            [try template.layer(storefront: storefront, version: version, group: group)]
        } ?? [])
        return all.isEmpty ? [PolicyLayer(name: "the store version and the rules", answer: SourceAnswer())] : all
    }

    /// The strongest decision over the layers for `version` in a storefront, and the layer that made it.
    private func decide(_ version: String, in view: StorefrontView, layers: [PolicyLayer]) throws(PreflightError) -> (report: DecisionReport, layer: PolicyLayer) {
        let decider = UpdateDecider(rules: rules, appID: appID ?? view.served?.trackID.map(String.init) ?? "", language: .en)
        var best: (report: DecisionReport, layer: PolicyLayer)?
        for layer in layers {
            var answer = layer.answer
            if answer.latestVersion == nil, view.servedVersion != nil { answer.latestVersion = view.served?.listing.version }
            answer.listing = view.served?.listing
            let report: DecisionReport
            do { report = try decider.decide(current: version, answer: answer, now: now) } catch {
                throw PreflightError(description: "\(layer.name): \(error)")
            }
            if best.map({ report.decision.severity > $0.report.decision.severity }) ?? true { best = (report, layer) }
        }
        return best!
    }
}
