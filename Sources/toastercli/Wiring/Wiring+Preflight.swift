import FoundationEssentials
import Glibc
import ToasterCommandLine
import ToasterCore
import ToasterFiles
import ToasterServices

extension Wiring {
    /// `preflight`'s round, and the input of its first round with every policy layer, the
    /// installed base and the template read and checked before anything is asked.
    func preflight(_ inputs: PreflightOptions, lookupURL: String, requests: RequestOptions,
                   appStoreConnect: AppStoreConnectOptions) throws -> (round: PreflightRound, base: PreflightInput) {
        let layers = try policyLayers(inputs)
        let installed = try Self.installedGroups(inputs)
        if let file = inputs.installed, !installed.ignored.isEmpty {
            let names = installed.ignored.map { "\"\($0)\"" }.joined(separator: ", ")
            Output.write("note: --installed \(file): ignoring the column\(installed.ignored.count == 1 ? "" : "s") \(names) "
                         + "(preflight reads the version, users, os and country columns)\n", to: STDERR_FILENO)
        }
        let storefronts = try StorefrontLookups(lookupURL: lookupURL, timeout: timeout, concurrency: requests.concurrency,
                                                ratePerMinute: requests.rate, burst: requests.burst, trust: trust)
        let round = PreflightRound(lookups: storefronts, appStoreConnect: try appStoreConnectClient(appStoreConnect),
                                   appID: inputs.appId, bundleID: inputs.bundleId, template: try template(inputs))
        // The template is read here once to check it before anything is asked, then again every round.
        let base = try round.withTemplate(try Self.input(inputs, layers: layers, installed: installed.groups))
        try base.checkPolicyVersions()
        if let warning = base.template?.unknownElementsWarning { Output.warning(warning) }
        return (round, base)
    }

    /// The policy layers in the order they are combined (docs/10-preflight.md).
    func policyLayers(_ inputs: PreflightOptions) throws -> [PolicyLayer] {
        var layers: [PolicyLayer] = []
        if let minRequiredVersion = inputs.minRequiredVersion {
            layers.append(PolicyLayer(name: "--min-required-version", answer: SourceAnswer(minimumRequiredVersion: minRequiredVersion)))
        }
        // A service that is briefly down is asked again, as the storefronts are.
        let retry = RetryStrategy(), pace = MonotonicPace(), appID = inputs.appId ?? inputs.bundleId ?? ""
        do {
            if let remoteConfig = inputs.remoteConfig {
                layers.append(try retry.run(pace: pace) { () throws(SourceError) in
                    try PublishedPolicy.remoteConfig(remoteConfig, appID: appID, timeout: timeout, trust: trust)
                })
            }
            if let cms = inputs.cms {
                layers.append(try retry.run(pace: pace) { () throws(SourceError) in
                    try PublishedPolicy.cms(cms, apiKey: Environment.value("TOASTER_CMS_API_KEY"), timeout: timeout, trust: trust)
                })
            }
            if let policy = inputs.policy {
                layers += try PublishedPolicy.serverPolicy(policy, appID: inputs.appId, bundleID: inputs.bundleId)
            }
        } catch {
            throw CommandExit.unusable(error.message)
        }
        return layers
    }

    /// The installed base, and the header names of `--installed` columns it ignores.
    static func installedGroups(_ inputs: PreflightOptions) throws -> (groups: [InstalledGroup]?, ignored: [String]) {
        if let installedVersions = inputs.installedVersions { return (try inputs.listedVersions(installedVersions), []) }
        guard let installed = inputs.installed else { return (nil, []) }
        let data: Data
        do { data = try BoundedFile.read(installed, limit: 4 << 20) } catch { throw CommandExit.unusable("--installed: \(error.description)") }
        guard String(validating: data, as: UTF8.self) != nil else { throw CommandExit.unusable("--installed \(installed): the file is not UTF-8 text") }
        do {
            let (groups, ignored) = try InstalledBase.parse(try InstalledBaseFile.records(data), columns: try inputs.columns())
            return (groups, ignored)
        } catch let error as InstalledBaseError {
            throw CommandExit.unusable("--installed \(installed): \(error)")
        }
    }

    /// The App Store Connect client, or nil when no key is given; a key file others can read gets a warning.
    func appStoreConnectClient(_ options: AppStoreConnectOptions) throws -> AppStoreConnectClient? {
        guard let key = options.key else { return nil }
        do {
            let (token, warning) = try AppStoreConnectToken.reading(keyID: key.keyID, issuerID: key.issuerID, path: key.path)
            if let warning { Output.warning(warning) }
            return try AppStoreConnectClient(baseURL: options.ascUrl, token: token, timeout: timeout, trust: trust)
        } catch {
            throw CommandExit.unusable(error.message)
        }
    }

    /// The template to read every round, or nil when none is given.
    func template(_ inputs: PreflightOptions) throws -> PublishedTemplate? {
        let location: PublishedTemplate.Location
        if let file = inputs.template.remoteConfigTemplate {
            location = .file(file)
        } else if let project = inputs.firebase.firebaseProject, let path = inputs.firebaseAccess.firebaseServiceAccount {
            do {
                let account = try FirebaseServiceAccount(path: path, timeout: timeout, trust: trust)
                location = .live(project: project, account: account, baseURL: inputs.firebaseAccess.remoteConfigUrl)
            } catch {
                throw CommandExit.unusable(error.message)
            }
        } else {
            return nil
        }
        // The storefront and the installed version are set per cell; the clock per round.
        let device = RemoteConfigDevice(appVersion: "0", firebaseAppID: inputs.firebaseAccess.firebaseAppId, now: Date(timeIntervalSince1970: 0))
        return PublishedTemplate(location: location, keys: inputs.keys.keys, device: device, timeout: timeout, trust: trust)
    }

    /// The input of a round before its storefronts answer.
    static func input(_ inputs: PreflightOptions, layers: [PolicyLayer], installed: [InstalledGroup]?) throws -> PreflightInput {
        PreflightInput(storefronts: try inputs.storefronts(), answers: [], layers: layers, installed: installed,
                       rules: try inputs.rules.updateRules(), appID: inputs.appId, now: try inputs.clock.wallClock().now,
                       minimumReleaseAge: .seconds(Int64(inputs.minReleaseAge * 3600)))
    }
}
