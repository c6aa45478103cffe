import FoundationEssentials
import ToasterWire

extension PreflightInput {
    /// Decides every installed version in every storefront, then looks for every way a user
    /// could be stranded. Pure: the answers and the clock come in.
    public func evaluate() throws(PreflightError) -> PreflightReport {
        try checkPolicyVersions()
        let grid = try PreflightGrid(self)
        var findings = FindingCollector(rows: grid.rows, shares: grid.shares)
        var stranded: Set<GridCell> = []
        for (found, site) in grid.unanswered() { findings.add(.unanswered(found), at: site) }
        for (column, view) in grid.views.enumerated() {
            for cell in grid.cells(inStorefront: column) {
                let found = grid.findings(at: cell)
                for finding in found { findings.add(finding, at: grid.site(cell)) }
                if found.contains(where: \.strands) { stranded.insert(cell) }
            }
            if let found = grid.lookupsDisagree(in: column) {
                findings.add(.lookupsDisagree(found), at: FindingSite(storefront: view.storefront, row: nil, group: nil))
            }
        }
        for (found, cell) in grid.forcedUnreleased() {
            findings.add(.forcedUnreleased(found), at: grid.site(cell))
            stranded.insert(cell)
        }
        for (found, site) in grid.versionStrings() { findings.add(.versionString(found), at: site) }
        for (found, site) in grid.windows() { findings.add(.window(found), at: site) }
        let outcome = { (cell: GridCell) in grid.outcome(cell, stranded: stranded) }
        // With a template whose percent conditions split the users, the worst any group meets.
        let worst = grid.rows.indices.map { row in
            grid.views.indices.map { column in
                grid.shares.indices.map { outcome(GridCell(row: row, group: $0, storefront: column)) }.max { $0.rank < $1.rank } ?? .none
            }
        }
        var report = PreflightReport(findings: findings.findings(unanswered: unanswered), storefronts: grid.views, rows: grid.rows, cells: worst, now: now)
        report.totals = PreflightTotals(rows: grid.rows, storefronts: storefronts, shares: grid.shares, outcome: outcome)
        report.appStoreConnect = appStoreConnect
        report.template = template.map { TemplateSummary(source: $0.source, version: $0.template.version, shares: $0.groups.map(\.share)) }
        report.decisionRule = decisionRule
        return report
    }

    /// The rule the decisions followed, said once in the report: only a minimum forces where
    /// the policy names one, unless `--rules` says otherwise.
    var decisionRule: String {
        if rules != nil {
            return "--rules decides what each kind of update leads to, beside any minimum the policy names."
        }
        guard possibleLayers.contains(where: \.answer.minimumDecides) else {
            return "The policy names no minimum: the reference app's table forces a major update and offers minor and patch updates as optional (--rules changes that)."
        }
        return "Only the policy's minimum (or forced window) forces, and where a Remote Config template names none nobody is forced: "
            + "a newer latest version is offered as optional, and a revision shows nothing (--rules changes that)."
    }

    /// The fixed layers and every layer the template could give: what is read before any
    /// storefront answers (versions that cannot be read, spellings, the rows named).
    var possibleLayers: [PolicyLayer] { layers + (template?.possibleLayers ?? []) }

    /// Checks the published policy's versions before anything is asked: a policy that cannot
    /// be read needs fixing first.
    public func checkPolicyVersions() throws(PreflightError) {
        for layer in possibleLayers {
            let answer = layer.answer
            let named = [("minimum required version", answer.minimumRequiredVersion), ("latest version", answer.latestVersion),
                         (CMSAPI.ForceUpdate.CodingKeys.minAppVersion.rawValue, answer.forcedRange?.minAppVersion), (CMSAPI.ForceUpdate.CodingKeys.maxAppVersion.rawValue, answer.forcedRange?.maxAppVersion)]
            for case let (field, text?) in named {
                do { _ = try Version(text) } catch {
                    throw PreflightError(description: "\(layer.name): the \(field): \(error)")
                }
            }
        }
    }

    /// Without an installed base: every version the policy and the storefronts name, and just
    /// below each minimum and each forced range (those forced, and those just outside), oldest first.
    func namedVersions(_ views: [StorefrontView]) -> [InstalledGroup] {
        var groups: [InstalledGroup] = []
        for layer in possibleLayers {
            let answer = layer.answer
            groups += [answer.forcedRange?.minAppVersion, answer.minimumRequiredVersion].compactMap { $0.flatMap(InstalledGroup.init(justBelow:)) }
            groups += [answer.forcedRange?.minAppVersion, answer.forcedRange?.maxAppVersion, answer.minimumRequiredVersion,
                       answer.latestVersion].compactMap { $0 }.map { InstalledGroup(version: $0) }
        }
        groups += views.compactMap { $0.servedVersion == nil ? nil : $0.served.map { InstalledGroup(version: $0.listing.version) } }
        var seen: Set<Version> = []
        let versions = groups.compactMap { group -> (Version, InstalledGroup)? in
            guard let version = try? Version(group.version), seen.insert(version).inserted else { return nil }
            return (version, group)
        }
        return versions.sorted { $0.0 < $1.0 }.map(\.1)
    }
}

extension PreflightGrid {
    /// What every detector of a single cell finds there, in the order the report lists them.
    func findings(at cell: GridCell) -> [DetectedFinding] {
        [storeURL(at: cell).map(DetectedFinding.storeURL), tooFresh(at: cell).map(DetectedFinding.tooFresh),
         promptNotServed(at: cell).map(DetectedFinding.promptNotServed), forcedNotListed(at: cell).map(DetectedFinding.forcedNotListed),
         minAboveStore(at: cell).map(DetectedFinding.minAboveStore), forcedAfterUpdate(at: cell).map(DetectedFinding.forcedAfterUpdate),
         osDeadEnd(at: cell).map(DetectedFinding.osDeadEnd)].compactMap { $0 }
    }
}
