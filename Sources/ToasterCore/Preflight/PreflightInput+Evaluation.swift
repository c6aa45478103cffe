import FoundationEssentials
import ToasterWire

extension PreflightInput {
    /// Decides every installed version in every storefront, then looks for every way a user
    /// could be stranded. Pure: the answers and the clock come in.
    public func evaluate() throws(PreflightError) -> PreflightReport {
        try checkPolicyVersions()
        let views = storefronts.map { code in
            StorefrontView(storefront: code, answers: answers.filter { $0.request.storefront == code },
                           unanswered: unanswered.last { $0.request.storefront == code }?.reason)
        }
        let answered = views.filter { !$0.answeredNothing }
        let rows = installed ?? namedVersions(answered)
        // Without a template, or one whose percent conditions decide nothing, one group: everyone.
        let groups = template?.groups ?? [RemoteConfigDeviceGroup(percentiles: [:], share: 100)]
        var findings = FindingCollector(rows: rows, shares: groups.map(\.share))
        noteUnanswered(views, into: &findings)
        // `cells[row][group][column]`, and the layers each was decided with.
        var cells = Array(repeating: Array(repeating: Array(repeating: PreflightCell.none, count: views.count), count: groups.count), count: rows.count)
        var cellLayers = Array(repeating: Array(repeating: Array(repeating: [PolicyLayer](), count: groups.count), count: views.count), count: rows.count)
        for (column, view) in views.enumerated() {
            for (index, row) in rows.enumerated() {
                for group in groups.indices {
                    guard !view.answeredNothing else {
                        cells[index][group][column] = .unanswered
                        continue
                    }
                    let layers = { (version: String) throws(PreflightError) in try self.layers(storefront: view.storefront, version: version, group: group) }
                    cellLayers[index][column][group] = try layers(row.version)
                    findings.group = group
                    cells[index][group][column] = try evaluate(row: index, row, in: view, layers: layers, into: &findings)
                    findings.group = nil
                }
            }
            if !view.answeredNothing {
                noteDisagreement(view, forcing: cells.contains { $0.contains { [.forced, .deadEnd].contains($0[column]) } }, into: &findings)
            }
        }
        noteUnreleased(views: views, rows: rows, layers: cellLayers, cells: &cells, into: &findings)
        noteVersionStrings(answered, rows: rows, into: &findings)
        noteWindows(rows: rows, into: &findings)
        let worst = cells.map { byGroup in views.indices.map { column in byGroup.map { $0[column] }.max { $0.rank < $1.rank } ?? .none } }
        var report = PreflightReport(findings: findings.findings, storefronts: views, rows: rows, cells: worst, now: now)
        report.totals = PreflightTotals(rows: rows, storefronts: storefronts, cells: cells, shares: groups.map(\.share))
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

    /// The layers one group of devices is decided with in a storefront on a version: the
    /// fixed ones, then what the template gives there; or the store and the rules alone when no
    /// policy is given.
    private func layers(storefront: String, version: String, group: Int) throws(PreflightError) -> [PolicyLayer] {
        let all = try layers + (template.map { template throws(PreflightError) in
            [try template.layer(storefront: storefront, version: version, group: group)]
        } ?? [])
        return all.isEmpty ? [PolicyLayer(name: "the store version and the rules", answer: SourceAnswer())] : all
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

    /// `layers` gives the layers a version is decided with, here and for this group of devices:
    /// the installed one, and the one a forced user updates to.
    private func evaluate(row index: Int, _ row: InstalledGroup, in view: StorefrontView, layers: (String) throws(PreflightError) -> [PolicyLayer],
                          into findings: inout FindingCollector) throws(PreflightError) -> PreflightCell {
        let (report, layer) = try decide(row.version, in: view, layers: try layers(row.version))
        guard report.decision != .none else { return .none }
        let code = view.storefront
        let cause = layer.cause(of: report.reason)
        noteStoreURL(report.updateURL, layer: layer, view: view, row: index, into: &findings)
        noteFreshness(view, current: report.current, forced: report.decision == .forced, cause: cause, row: index, into: &findings)
        guard report.decision == .forced else {
            notePromptNotServed(report, cause: cause, view: view, row: index, into: &findings)
            return .optional
        }
        guard let served = view.served else {
            findings.add(.forcedNotListed, .deadEnd, "not listed|\(cause.name)", storefront: code, row: index, condition: cause.condition) { places, versions in
                ("The app is not listed in \(places), yet \(cause.name) forces users on \(versions) there: the update button leads to no app.",
                 "List the app in these storefronts, or leave them out of the forced update until it is listed.")
            }
            return .deadEnd
        }
        guard let servedVersion = view.servedVersion else { return .forced }
        // What keeps the user forced: at once when the store has nothing newer, else the version they update to.
        var loop: (report: DecisionReport, layer: PolicyLayer, afterUpdate: Bool)?
        if servedVersion <= report.current {
            loop = (report, layer, false)
        } else {
            let after = try decide(served.listing.version, in: view, layers: try layers(served.listing.version))
            if after.report.decision == .forced { loop = (after.report, after.layer, true) }
        }
        if let (looping, loopLayer, afterUpdate) = loop {
            let loopCause = loopLayer.cause(of: looping.reason)
            if looping.reason == .belowMinimumRequired {
                noteMinimumAboveStore(loopLayer, cause: loopCause, served: served.listing.version, storefront: code, row: index, into: &findings)
            } else if afterUpdate {
                findings.add(.forcedAfterUpdate, .deadEnd, "\(served.listing.version)|\(loopCause.name)", storefront: code, row: index,
                             condition: loopCause.condition) { places, versions in
                    ("Users on \(versions) in \(places) update to \(served.listing.version), which \(loopCause.name) still forces (\(looping.reason.rawValue)): the alert comes back after updating.",
                     "Keep \(served.listing.version) out of the forced range (maxAppVersion below it), or force only once a version outside it is served.")
                }
            } else {
                findings.add(.forcedNotListed, .deadEnd, "nothing newer|\(served.listing.version)|\(loopCause.name)", storefront: code, row: index,
                             condition: loopCause.condition) { places, versions in
                    ("\(FindingCollector.capitalized(loopCause.name)) forces users on \(versions) in \(places), where the store serves \(served.listing.version): nothing newer, so the App Store shows Open and the alert comes back.",
                     "Wait until the store in \(places) serves the version the update is for (toastercli preflight --watch) before forcing it.")
                }
            }
        }
        var stranded = loop != nil
        if let os = row.os, let device = try? Version(os),
           let requirement = osRequirement(served: served, servedVersion: servedVersion, layer: layer),
           let required = try? Version(requirement.minimumOS), device < required {
            stranded = true
            let (target, requiredText, whose) = requirement
            let forcing = cause.condition.map { " by condition \(TextSanitizer.cleanLine($0))" } ?? ""
            findings.add(.osDeadEnd, .deadEnd, "\(target)|\(requiredText)|\(os)|\(whose)", storefront: code, row: index, condition: cause.condition) { places, versions in
                ("\(target) needs iOS \(requiredText)\(whose), but users on \(versions) with iOS \(os) in \(places) are forced to it\(forcing): they cannot install it and are locked out.",
                 "Exempt devices below iOS \(requiredText) from the forced update, or keep the minimum at a version that still supports iOS \(os).")
            }
        }
        return stranded ? .deadEnd : .forced
    }

    private func noteMinimumAboveStore(_ layer: PolicyLayer, cause: PolicyCause, served: String, storefront: String, row: Int, into findings: inout FindingCollector) {
        let minimum = layer.answer.minimumRequiredVersion ?? "?"
        findings.add(.minAboveStore, .deadEnd, "\(minimum)|\(served)|\(cause.name)", storefront: storefront, row: row, condition: cause.condition) { places, versions in
            // A template's condition is named first: it is what the team edits.
            layer.template != nil
            ? ("\(FindingCollector.capitalized(cause.name)) forces users on \(versions) in \(places) to \(minimum), which \(places) "
               + "\(places.codes.count == 1 ? "does" : "do") not serve (\(served) is served there): the App Store shows Open and the alert comes back.",
               "Give users on \(versions) in \(places) a minimum of at most \(served) in \(cause.name) now, and raise it to \(minimum) once "
               + "\(places.codes.count == 1 ? "it serves" : "they serve") it (toastercli preflight --watch).")
            : ("The minimum required version \(minimum) (\(cause.name)) is above \(served), the version served in \(places): users on \(versions) are forced to an update they cannot get, and the App Store shows Open.",
             "Publish a minimum of at most \(served) now, and raise it to \(minimum) once every storefront serves it (toastercli preflight --watch).")
        }
    }

    /// An optional alert offering a version the storefront does not serve: the App Store offers
    /// an older one, or shows Open to users already on it.
    private func notePromptNotServed(_ report: DecisionReport, cause: PolicyCause, view: StorefrontView, row: Int, into findings: inout FindingCollector) {
        guard let latest = report.latest else { return }
        let servedText = view.served?.listing.version
        if let servedVersion = view.servedVersion, latest <= servedVersion { return }
        // An unreadable store version is a version-string finding of its own.
        if servedText != nil, view.servedVersion == nil { return }
        findings.add(.promptNotServed, .warning, "\(latest)|\(servedText ?? "")|\(cause.name)", storefront: view.storefront, row: row,
                     condition: cause.condition) { places, versions in
            let one = places.codes.count == 1
            let there = servedText.map { "\(one ? "does" : "do") not serve (\($0) is served there): the App Store offers \($0), or shows Open to users already on it" }
                ?? "\(one ? "does" : "do") not list the app: the update button leads to no app"
            return ("Users on \(versions) in \(places) are prompted (optional) to update to \(latest) by \(cause.name), which \(places) \(there).",
                    "Keep the latest version \(cause.name) gives users in \(places) at \(servedText ?? "a version the store lists") until "
                    + "\(one ? "it serves" : "they serve") \(latest) (toastercli preflight --watch says when).")
        }
    }

    /// The alert's button must open this app's App Store page.
    private func noteStoreURL(_ url: String, layer: PolicyLayer, view: StorefrontView, row: Int, into findings: inout FindingCollector) {
        let code = view.storefront
        let origin = layer.urlCause
        guard case .appStore = ExternalApp.opening(url, listing: nil) else {
            findings.add(.storeURL, .deadEnd, "not a store|\(url)", storefront: code, row: row, condition: origin.condition) { places, versions in
                ("The update URL \(url) (\(origin.name)) is not an App Store link: users on \(versions) in \(places) are sent to a browser, not to the update.",
                 "Use \(AppStoreURL.forApp(id: view.served?.trackID.map(String.init) ?? "{trackId}")) as the update URL.")
            }
            return
        }
        guard let trackID = view.served?.trackID, let named = url.firstMatch(of: /\/id([0-9]+)/).map({ String($0.1) }),
              named != String(trackID) else { return }
        findings.add(.storeURL, .deadEnd, "other app|\(url)|\(trackID)", storefront: code, row: row, condition: origin.condition) { places, versions in
            ("The update URL \(url) (\(origin.name)) names app id\(named), but the lookup in \(places) answers trackId \(trackID): users on \(versions) are sent to another app's page.",
             "Use \(AppStoreURL.forApp(id: String(trackID))) as the update URL.")
        }
    }

    /// A release younger than the minimum age may not have reached every device's store yet.
    private func noteFreshness(_ view: StorefrontView, current: Version, forced: Bool, cause: PolicyCause, row: Int, into findings: inout FindingCollector) {
        guard let served = view.served, let version = view.servedVersion, current < version,
              let releaseText = served.listing.releaseDate, let released = ISO8601.parse(releaseText) else { return }
        let safeAt = released.addingTimeInterval(Double(minimumReleaseAge.wholeSeconds))
        guard now < safeAt else { return }
        let hours = max(0, Int(now.timeIntervalSince(released) / 3600))
        let ageText = now < released ? "is to be released at \(releaseText)" : "was released \(hours) h ago (\(releaseText))"
        let waitFor = forced ? "forcing users to" : "prompting users to update to"
        let by = cause.condition.map { " by condition \(TextSanitizer.cleanLine($0))" } ?? ""
        findings.add(.tooFresh, .warning, "\(served.listing.version)|\(releaseText)|\(forced)", storefront: view.storefront, row: row,
                     condition: cause.condition) { places, versions in
            ("\(served.listing.version) \(ageText) in \(places), less than the \(Self.hoursText(minimumReleaseAge)) h minimum: some devices still see Open while users on \(versions) are \(forced ? "forced" : "prompted")\(by).",
             "Wait until \(ISO8601.format(safeAt)) before \(waitFor) \(served.listing.version).")
        }
    }

    static func hoursText(_ age: Duration) -> String {
        let hours = Double(age.wholeSeconds) / 3600
        return hours == hours.rounded() ? String(Int(hours)) : String(hours)
    }

    private func noteDisagreement(_ view: StorefrontView, forcing: Bool, into findings: inout FindingCollector) {
        let said = view.answers.map { $0.entry?.listing.version }
        func older(_ lhs: String?, _ rhs: String?) -> Bool {
            switch (lhs, rhs) {
            case let (l?, r?): StorefrontView.older(l, than: r)
            case (nil, .some): true
            default: false
            }
        }
        // Answers that differ: at least one lists the app.
        guard Set(said).count > 1, let newest = said.max(by: older) ?? nil else { return }
        let oldest = said.min(by: older) ?? nil
        func forms(_ version: String?, country: String) -> [String] {
            view.answers.filter { $0.entry?.listing.version == version }.map { $0.request.formName(country: country) }
        }
        // Forcing advice only where the policy asks for more than the older answer gives.
        let forcesPast = forcing && forcesPast(oldest)
        // One finding gathers every storefront where the same forms disagree the same way.
        let detail = "\(forms(oldest, country: "{cc}"))|\(oldest ?? "")|\(forms(newest, country: "{cc}"))|\(newest)|\(forcesPast)"
        findings.add(.lookupsDisagree, .warning, detail, storefront: view.storefront, row: nil) { places, _ in
            let olderForms = forms(oldest, country: places.country), newerForms = forms(newest, country: places.country)
            func answer(_ version: String?, _ count: Int) -> String {
                version.map { "\(count == 1 ? "answers" : "answer") \($0)" } ?? "\(count == 1 ? "does" : "do") not list the app"
            }
            let told = oldest.map { "is told \($0)" } ?? "finds no app"
            let fix = forcesPast
                ? "Force users to \(newest) only once every lookup answers it (toastercli preflight --watch says when)."
                : "Nothing to change in the policy: " + (oldest.map { "users told \($0) are prompted to \(newest)" } ?? "an app told the app is not listed prompts")
                    + " once the store catches up (toastercli preflight --watch says when)."
            return ("In \(places) the lookups disagree: \(FindingCollector.sentence(olderForms)) \(answer(oldest, olderForms.count)) while "
                    + "\(FindingCollector.sentence(newerForms)) \(answer(newest, newerForms.count)), so an app asking "
                    + "\(olderForms.count == 1 ? "that lookup" : "those lookups") \(told).",
                    fix)
        }
    }

    /// Whether a layer forces users past `version`, what some lookup answers: a minimum above
    /// it, or a forced range reaching it. A version that is not listed or cannot be read gives
    /// no update at all, so any forcing does.
    private func forcesPast(_ version: String?) -> Bool {
        guard let version = version.flatMap({ try? Version($0) }) else { return true }
        return possibleLayers.contains { layer in
            let answer = layer.answer
            if let minimum = answer.minimumRequiredVersion.flatMap({ try? Version($0) }), version < minimum { return true }
            if let upper = answer.forcedRange.flatMap({ try? Version($0.maxAppVersion) }), version <= upper { return true }
            return false
        }
    }

    /// One finding for the storefronts where the same lookups failed, naming them and the last
    /// reason given; what did answer there is still evaluated. The reason says whether it was
    /// retried (`after 4 tries`) or failed in a way no retry mends (a 404).
    private func noteUnanswered(_ views: [StorefrontView], into findings: inout FindingCollector) {
        for view in views where view.unanswered != nil {
            // Named in a fixed order (the id before the bundle id, the query form first), not the
            // order they gave up in, so that storefronts where the same lookups failed share a finding.
            let requests = unanswered.filter { $0.request.storefront == view.storefront }
                .reduce(into: [LookupRequest]()) { if !$0.contains($1.request) { $0.append($1.request) } }
                .sorted { lhs, rhs in
                    func rank(_ request: LookupRequest) -> (Int, Int) {
                        if case .id = request.key { (0, request.form == .query ? 0 : 1) } else { (1, request.form == .query ? 0 : 1) }
                    }
                    return rank(lhs) < rank(rhs)
                }
            let nothing = view.answeredNothing
            let detail = "\(nothing)|\(requests.map { $0.formName(country: "{cc}") })"
            findings.add(.unanswered, .error, detail, storefront: view.storefront, row: nil) { places, _ in
                let forms = FindingCollector.sentence(requests.map { $0.formName(country: places.country) })
                let one = places.codes.count == 1
                let reason = unanswered.last { places.codes.contains($0.request.storefront) }
                    .map { "; the last reason (\($0.request.formName)): \($0.reason)" } ?? ""
                let message = nothing
                    ? "No lookup answered in \(places): \(forms) failed, so nothing is known about what \(one ? "it serves" : "they serve")\(reason)"
                    : "In \(places), \(forms) failed, so \(one ? "it is" : "they are") evaluated on what the other lookups answered alone, "
                        + "and an app asking the failed \(requests.count == 1 ? "one" : "ones") may be told another version\(reason)"
                return (message, "Run preflight again once every lookup there answers (with --watch it asks again each round); "
                        + "until then, do not publish a policy that forces users there.")
            }
        }
    }

    private func noteVersionStrings(_ views: [StorefrontView], rows: [InstalledGroup], into findings: inout FindingCollector) {
        for view in views {
            for case let entry? in view.answers.map(\.entry) {
                let text = entry.listing.version
                do { _ = try Version(text) } catch {
                    findings.add(.versionString, .warning, "unreadable|\(text)", storefront: view.storefront, row: nil) { places, _ in
                        ("\(places) answer version \"\(text)\" (\(error.problem)): an app cannot compare it with its own version, and some libraries crash or never prompt.",
                         "Ship CFBundleShortVersionString as one to four dot-separated numbers such as 1.3.0; the build number belongs in CFBundleVersion.")
                    }
                }
            }
        }
        var named: [String] = rows.map(\.version)
        for layer in possibleLayers {
            let answer = layer.answer
            named += [answer.minimumRequiredVersion, answer.latestVersion, answer.forcedRange?.minAppVersion,
                      answer.forcedRange?.maxAppVersion].compactMap { $0 }
        }
        named += views.flatMap { $0.answers.compactMap { $0.entry?.listing.version } }
        var spellings: [Version: [String]] = [:], order: [Version] = []
        for text in named {
            guard let version = try? Version(text) else { continue }
            let written = String(text.trimmingWhitespace())
            if spellings[version] == nil { order.append(version) }
            if !(spellings[version, default: []].contains(written)) { spellings[version, default: []].append(written) }
        }
        for version in order {
            guard let texts = spellings[version], texts.count > 1 else { continue }
            let quoted = texts.map { "\"\($0)\"" }.joined(separator: " and ")
            let longest = texts.max { $0.count < $1.count } ?? texts[0]
            let places = views.filter { view in view.answers.contains { $0.entry.map { texts.contains($0.listing.version) } ?? false } }
            let affected = rows.indices.filter { texts.contains(rows[$0].version.trimmingWhitespace().description) }
            for place in places.isEmpty ? [nil] : places.map({ Optional($0.storefront) }) {
                for row in affected.isEmpty ? [nil] : affected.map({ Optional($0) }) {
                    findings.add(.versionString, .warning, "spellings|\(quoted)", storefront: place, row: row) { _, _ in
                        ("\(quoted) name the same version but differ as text: an app comparing strings or counting components reads them as different versions.",
                         "Write it the same way everywhere (\"\(longest)\"): in the store, in Remote Config and in the CMS.")
                    }
                }
            }
        }
    }

    private func noteWindows(rows: [InstalledGroup], into findings: inout FindingCollector) {
        for layer in layers {
            guard let range = layer.answer.forcedRange, let lower = try? Version(range.minAppVersion),
                  let upper = try? Version(range.maxAppVersion) else { continue }
            let inside = rows.indices.filter { (try? Version(rows[$0].version)).map { lower <= $0 && $0 <= upper } ?? false }
            let problem: (String, String)?
            if upper < lower {
                problem = ("The forced range of \(layer.name) runs from \(range.minAppVersion) down to \(range.maxAppVersion): it covers no version, so nobody is forced.",
                           "Set maxAppVersion at or above minAppVersion.")
            } else if let start = range.start, let end = range.end, end < start {
                problem = ("The window of \(layer.name) ends (\(ISO8601.format(end))) before it starts (\(ISO8601.format(start))): it never opens, so nobody is forced.",
                           "Correct startDate and endDate so that the window starts first.")
            } else if let end = range.end, end < now {
                problem = ("The window of \(layer.name) closed at \(ISO8601.format(end)): nobody is forced by it any more.",
                           "Move endDate into the future if the update must still be forced, or remove the object.")
            } else {
                problem = nil
            }
            guard let (message, fix) = problem else { continue }
            for row in inside.isEmpty ? [nil] : inside.map({ Optional($0) }) {
                findings.add(.window, .warning, "\(layer.name)|\(message)", storefront: nil, row: row) { _, _ in (message, fix) }
            }
        }
    }

    /// Without an installed base: every version the policy and the storefronts name, and just
    /// below each minimum and each forced range (those forced, and those just outside), oldest first.
    private func namedVersions(_ views: [StorefrontView]) -> [InstalledGroup] {
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

/// Gathers what each (storefront, installed version) turned up into one finding per problem,
/// with every storefront and version it touches.
struct FindingCollector {
    private struct Key: Hashable {
        let kind: PreflightFinding.Kind
        let detail: String
        let condition: String?
    }

    private struct Entry {
        let severity: PreflightFinding.Severity
        var storefronts: [String] = []
        var rows: [Int] = []
        /// Per row and storefront (nil: the finding is not about one), the groups of devices it
        /// was found for; nil: every group.
        var hits: [Int: [String?: Set<Int>?]] = [:]
        let describe: (_ storefronts: FindingPlaces, _ versions: String) -> (message: String, fix: String)
    }

    let rows: [InstalledGroup]
    /// Each group of devices' share of the users, in percent: one group of 100 without a
    /// template's percent conditions.
    let shares: [Double]
    /// The group of devices being evaluated: a finding added meanwhile counts its share of the
    /// row's users; nil: every group.
    var group: Int?
    private var order: [Key] = []
    private var entries: [Key: Entry] = [:]

    init(rows: [InstalledGroup], shares: [Double] = [100]) {
        self.rows = rows
        self.shares = shares
    }

    mutating func add(_ kind: PreflightFinding.Kind, _ severity: PreflightFinding.Severity, _ detail: String, storefront: String?, row: Int?,
                      condition: String? = nil,
                      describe: @escaping (_ storefronts: FindingPlaces, _ versions: String) -> (message: String, fix: String)) {
        let key = Key(kind: kind, detail: detail, condition: condition)
        var entry = entries[key] ?? Entry(severity: severity, describe: describe)
        if entries[key] == nil { order.append(key) }
        if let storefront, !entry.storefronts.contains(storefront) { entry.storefronts.append(storefront) }
        if let row {
            if !entry.rows.contains(row) { entry.rows.append(row) }
            let known = entry.hits[row, default: [:]][storefront]
            let groups: Set<Int>? = switch (known, group) {
            case (nil, let group): group.map { [$0] }
            case let (.some(known?), group?): known.union([group])
            default: nil
            }
            entry.hits[row, default: [:]][storefront] = .some(groups)
        }
        entries[key] = entry
    }

    /// The share of users (in percent) that `groups` of devices hold; nil: every group.
    private func share(_ groups: Set<Int>?) -> Double {
        guard let groups, shares.count > 1 else { return 100 }
        return groups.reduce(0) { $0 + shares[$1] }
    }

    /// The groups a finding reaches on a row, in any of its storefronts; nil: every group.
    private func groups(_ entry: Entry, row: Int) -> Set<Int>? {
        var union: Set<Int> = []
        for groups in entry.hits[row, default: [:]].values {
            guard let groups else { return nil }
            union.formUnion(groups)
        }
        return union
    }

    /// The users a finding reaches: on each row, those in each storefront it was found in when
    /// the installed base says where users are, else the row's users once.
    private func users(_ entry: Entry, rows sorted: [Int]) -> Int? {
        guard sorted.contains(where: { rows[$0].users != nil }) else { return nil }
        let total = sorted.reduce(0.0) { sum, row in
            guard rows[row].usersByStorefront != nil else { return sum + Double(rows[row].users ?? 0) * share(groups(entry, row: row)) / 100 }
            return entry.hits[row, default: [:]].reduce(sum) { sum, hit in
                sum + Double(rows[row].users(in: hit.key) ?? 0) * share(hit.value) / 100
            }
        }
        return Int(total.rounded())
    }

    /// Dead ends first, then errors, then warnings, each group in the order found.
    var findings: [PreflightFinding] {
        let all = order.map { key -> PreflightFinding in
            let entry = entries[key]!
            let sorted = entry.rows.sorted()
            let groups = sorted.map { rows[$0] }
            let shares = sorted.map { share(self.groups(entry, row: $0)) }
            var versions: [String] = []
            for group in groups where !versions.contains(group.name) { versions.append(group.name) }
            let (message, fix) = entry.describe(FindingPlaces(codes: entry.storefronts), Self.usersOn(groups, shares: shares))
            return PreflightFinding(kind: key.kind, severity: entry.severity, storefronts: entry.storefronts, versions: versions,
                                    users: users(entry, rows: sorted), message: message, fix: fix, condition: key.condition)
        }
        return PreflightFinding.Severity.allCases.flatMap { severity in all.filter { $0.severity == severity } }
    }

    /// A message's first word capitalized: `condition x forces …` begins `Condition x forces …`.
    static func capitalized(_ text: String) -> String { text.prefix(1).uppercased() + text.dropFirst() }

    /// A readable list: at most six items, then how many more.
    static func list(_ items: [String], none: String) -> String {
        guard !items.isEmpty else { return none }
        let shown = items.prefix(6).joined(separator: ", ")
        return items.count > 6 ? "\(shown) and \(items.count - 6) more" : shown
    }

    /// A list as a sentence writes it: `a and b`, `a, b and c`; after six items, how many more.
    static func sentence(_ items: [String]) -> String {
        guard items.count > 1 else { return items.first ?? "" }
        if items.count > 6 { return items.prefix(6).joined(separator: ", ") + " and \(items.count - 6) more" }
        return items.dropLast().joined(separator: ", ") + " and " + items[items.count - 1]
    }

    /// The installed versions as "users on …" reads them: the versions, then those standing for
    /// every version below a minimum (`1.9.0 and versions below 2.0.0`).
    /// A group a template's percent condition reaches only in part says its share:
    /// `1.9.0 (10% of them)`.
    static func usersOn(_ groups: [InstalledGroup], shares: [Double]) -> String {
        var versions: [String] = [], below: [String] = []
        for (group, share) in zip(groups, shares) {
            let part = share < 100 ? " (\(JSONValue.decimalText(micro: RemoteConfigReport.micro(share)))% of them)" : ""
            if let minimum = group.below {
                if !below.contains(minimum + part) { below.append(minimum + part) }
            } else if !versions.contains(group.version + part) {
                versions.append(group.version + part)
            }
        }
        let items = versions + (below.isEmpty ? [] : ["versions below " + sentence(below)])
        return items.isEmpty ? "no installed version" : sentence(items)
    }
}

/// The storefronts a finding covers, as its sentences name them.
struct FindingPlaces: CustomStringConvertible {
    let codes: [String]

    /// At most six, then how many more.
    var description: String { FindingCollector.list(codes, none: "no storefront") }

    /// The country an answer form is written with: the storefront's own, or `{cc}` standing
    /// for each of several.
    var country: String { codes.count == 1 ? codes[0] : "{cc}" }
}
