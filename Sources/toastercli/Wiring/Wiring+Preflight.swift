import FoundationEssentials
import ToasterCommandLine
import ToasterCore
import ToasterFiles
import ToasterServices

extension Wiring {
    /// `preflight`'s round, and the input of its first round with every policy layer, the
    /// installed base and the template read and checked before anything is asked — or why
    /// they could not be — and what the command is to say first, either way.
    static func preflight(_ plan: PreflightPlan) -> (notes: [Note], built: Result<(round: PreflightRound, base: PreflightInput), any Error>) {
        var notes: [Note] = []
        let built = Result { () throws -> (round: PreflightRound, base: PreflightInput) in
            let evaluation = plan.evaluation
            let layers = try policyLayers(plan)
            let installed = try installedGroups(evaluation.installed)
            if case .file(let file, _)? = evaluation.installed, !installed.ignored.isEmpty {
                let names = installed.ignored.map { "\"\($0)\"" }.joined(separator: ", ")
                notes.append(.note("--installed \(file): ignoring the column\(installed.ignored.count == 1 ? "" : "s") \(names) "
                                   + "(preflight reads the version, users, os and country columns)"))
            }
            let storefronts = try StorefrontLookups(lookupURL: plan.lookupURL, timeout: plan.timeout, concurrency: plan.concurrency,
                                                    ratePerMinute: plan.rate, burst: plan.burst, trust: plan.trust)
            let round = PreflightRound(lookups: storefronts, appStoreConnect: try appStoreConnectClient(plan, notes: &notes),
                                       appID: evaluation.appID, bundleID: evaluation.bundleID, template: try template(plan))
            // The template is read here once to check it before anything is asked, then again every round.
            let base = try round.withTemplate(PreflightInput(
                storefronts: evaluation.storefronts.named, answers: [], layers: layers, installed: installed.groups, rules: evaluation.rules,
                appID: evaluation.appID, now: plan.clock.now, minimumReleaseAge: evaluation.minimumReleaseAge))
            try base.checkPolicyVersions()
            if let warning = base.template?.unknownElementsWarning { notes.append(.warning(warning)) }
            return (round, base)
        }
        return (notes, built)
    }

    /// The policy layers in the order they are combined (docs/10-preflight.md).
    private static func policyLayers(_ plan: PreflightPlan) throws -> [PolicyLayer] {
        let evaluation = plan.evaluation, timeout = plan.timeout, trust = plan.trust
        var layers: [PolicyLayer] = []
        if let minRequiredVersion = evaluation.minimumRequired {
            layers.append(PolicyLayer(name: "--min-required-version", answer: SourceAnswer(minimumRequiredVersion: minRequiredVersion)))
        }
        // A service that is briefly down is asked again, as the storefronts are.
        let retry = RetryStrategy(), pace = MonotonicPace(), appID = evaluation.appID ?? evaluation.bundleID ?? ""
        do {
            if let remoteConfig = evaluation.remoteConfig {
                layers.append(try retry.run(pace: pace) { () throws(SourceError) in
                    try PublishedPolicy.remoteConfig(remoteConfig, appID: appID, timeout: timeout, trust: trust)
                })
            }
            if let cms = evaluation.cms {
                layers.append(try retry.run(pace: pace) { () throws(SourceError) in
                    try PublishedPolicy.cms(cms, apiKey: Environment.value("TOASTER_CMS_API_KEY"), timeout: timeout, trust: trust)
                })
            }
            if let policy = evaluation.policy {
                layers += try PublishedPolicy.serverPolicy(policy, appID: evaluation.appID, bundleID: evaluation.bundleID)
            }
        } catch {
            throw CommandExit.unusable(error.message)
        }
        return layers
    }

    /// The installed base, and the header names of `--installed` columns it ignores.
    private static func installedGroups(_ plan: InstalledPlan?) throws -> (groups: [InstalledGroup]?, ignored: [String]) {
        switch plan {
        case nil: return (nil, [])
        case .listed(let groups)?: return (groups, [])
        case let .file(installed, columns)?:
            let data: Data
            do { data = try BoundedFile.read(installed, limit: 4 << 20) } catch { throw CommandExit.unusable("--installed: \(error.description)") }
            guard String(validating: data, as: UTF8.self) != nil else { throw CommandExit.unusable("--installed \(installed): the file is not UTF-8 text") }
            do {
                let (groups, ignored) = try InstalledBase.parse(try InstalledBaseFile.records(data), columns: columns)
                return (groups, ignored)
            } catch {
                throw CommandExit.unusable("--installed \(installed): \(error)")
            }
        }
    }

    /// The App Store Connect client, or nil when no key is given; a key file others can read gets a warning.
    private static func appStoreConnectClient(_ plan: PreflightPlan, notes: inout [Note]) throws -> AppStoreConnectClient? {
        guard let key = plan.appStoreConnect else { return nil }
        do {
            let (token, warning) = try AppStoreConnectToken.reading(keyID: key.keyID, issuerID: key.issuerID, path: key.path)
            if let warning { notes.append(.warning(warning)) }
            return try AppStoreConnectClient(baseURL: key.url, token: token, timeout: plan.timeout, trust: plan.trust)
        } catch {
            throw CommandExit.unusable(error.message)
        }
    }

    /// The template to read every round, or nil when none is given.
    private static func template(_ plan: PreflightPlan) throws -> PublishedTemplate? {
        guard let template = plan.evaluation.template else { return nil }
        let location: PublishedTemplate.Location
        switch template.location {
        case .file(let file):
            location = .file(file)
        case let .live(project, path, api):
            do {
                let account = try FirebaseServiceAccount(path: path, timeout: plan.timeout, trust: plan.trust)
                location = .live(project: project, account: account, baseURL: api)
            } catch {
                throw CommandExit.unusable(error.message)
            }
        }
        // The storefront and the installed version are set per cell; the clock per round.
        let device = RemoteConfigDevice(appVersion: "0", firebaseAppID: template.firebaseAppID, now: Date(timeIntervalSince1970: 0))
        return PublishedTemplate(location: location, keys: template.keys, device: device, timeout: plan.timeout, trust: plan.trust)
    }
}
