import ArgumentParser
import ToasterCore

/// What `preflight` evaluates: the app and its storefronts, the policy about to be published,
/// the installed base, and the clock.
struct PreflightOptions: ParsableArguments {
    @Option(help: "The App Store id to look up.") var appId: String?

    @Option(help: "Storefronts, e.g. kr,us,jp, or all.") var countries = "kr"

    @Option(help: "The bundle id to look up (with --app-id, both are asked and compared).") var bundleId: String?

    @Option(parsing: .unconditional, help: "Hours a release must be out before forcing it is safe.") var minReleaseAge = 24.0

    @Option(help: "The minimum required version about to be published.") var minRequiredVersion: String?

    @Option(help: ArgumentHelp("A Remote Config fetch answer (same keys as --source remote-config).", valueName: "file|url"))
    var remoteConfig: String?

    @Option(help: ArgumentHelp("The CMS force-update object (key from TOASTER_CMS_API_KEY).", valueName: "file|url")) var cms: String?

    @Option(help: ArgumentHelp("A toaster-server policy file: the app's minRequiredVersion and forced object.", valueName: "file"))
    var policy: String?

    @OptionGroup(title: Self.templateTitle) var template: PreflightTemplateOptions

    @OptionGroup(title: Self.templateTitle) var firebase: FirebaseProjectOptions

    @OptionGroup(title: Self.templateTitle) var firebaseAccess: PreflightFirebaseOptions

    @OptionGroup(title: Self.templateTitle) var keys: RemoteConfigKeyOptions

    @OptionGroup var rules: RulesOptions

    @Option(help: ArgumentHelp("The installed base: a CSV with the header version,users and optionally os and country (each user's storefront); other columns are ignored.",
                               valueName: "file"))
    var installed: String?

    @Option(help: ArgumentHelp("The --installed header names of a vendor export, e.g. version=App Version,users=Active Devices,os=OS Version,country=Country.",
                               valueName: "role=name,…"))
    var installedColumns: String?

    @Option(help: "Installed versions, e.g. 1.0.0,1.9.0 (without users).") var installedVersions: String?

    @OptionGroup var clock: ClockOptions

    // Groups one level deep only, as in CheckOptions.
    private static let templateTitle = "Firebase Remote Config template"

    /// What these options ask, read by validate(): all `preflight` reads of them after it.
    @Planned var plan: PreflightPlan.Evaluation

    /// A template is given, as a file or a project's live one.
    var templateGiven: Bool { template.remoteConfigTemplate != nil || firebase.firebaseProject != nil }

    mutating func validate() throws {
        let template = try templatePlan()
        guard appId != nil || bundleId != nil else { throw ValidationError("give --app-id, --bundle-id or both") }
        // Without a policy every storefront passes: a CI step that forgot the flag would be green.
        guard minRequiredVersion != nil || remoteConfig != nil || cms != nil || policy != nil || templateGiven else {
            throw ValidationError("give the policy about to be published: --min-required-version, --remote-config, --remote-config-template, "
                                  + "--firebase-project, --cms or --policy")
        }
        if let minRequiredVersion {
            do { _ = try Version(minRequiredVersion) } catch { throw ValidationError("--min-required-version: \(error)") }
        }
        guard installed == nil || installedVersions == nil else { throw ValidationError("give --installed or --installed-versions, not both") }
        let listed = try installedVersions.map(listedVersions)
        guard installedColumns == nil || installed != nil else { throw ValidationError("--installed-columns names the columns of --installed: give both") }
        let columns = try self.columns()
        guard minReleaseAge >= 0, minReleaseAge <= 8760 else { throw ValidationError("--min-release-age must be between 0 and 8760 hours") }
        let clock = try self.clock.wallClock(), storefronts = try self.storefronts(), rules = try self.rules.updateRules()
        plan = PreflightPlan.Evaluation(
            appID: appId, bundleID: bundleId, storefronts: StorefrontChoice(named: storefronts, all: countries.lowercased() == "all"),
            minimumRequired: minRequiredVersion, remoteConfig: remoteConfig, cms: cms, policy: policy, template: template,
            installed: listed.map(InstalledPlan.listed) ?? installed.map { .file($0, columns: columns) }, rules: rules, clock: clock,
            minimumReleaseAge: .seconds(Int64(minReleaseAge * 3600)))
    }

    /// The template to read every round, or nil when none is given.
    private func templatePlan() throws -> TemplatePlan? {
        guard template.remoteConfigTemplate == nil || firebase.firebaseProject == nil else {
            throw ValidationError("give --remote-config-template or --firebase-project, not both")
        }
        guard (firebase.firebaseProject == nil) == (firebaseAccess.firebaseServiceAccount == nil) else {
            throw ValidationError("--firebase-project reads the live template with a service account: give both --firebase-project and --firebase-service-account")
        }
        guard firebaseAccess.firebaseAppId == nil || templateGiven else {
            throw ValidationError("--firebase-app-id is for a template: give --remote-config-template or --firebase-project too")
        }
        if let file = template.remoteConfigTemplate, file.isEmpty { throw ValidationError("--remote-config-template must not be empty") }
        let api = firebaseAccess.remoteConfigUrl
        guard api.hasPrefix("http://") || api.hasPrefix("https://") else {
            throw ValidationError("--remote-config-url \"\(api)\" is not an http or https URL")
        }
        let location: TemplatePlan.Location
        if let file = template.remoteConfigTemplate {
            location = .file(file)
        } else if let project = firebase.firebaseProject, let account = firebaseAccess.firebaseServiceAccount {
            location = .live(project: project, serviceAccount: account, api: api)
        } else {
            return nil
        }
        return TemplatePlan(location: location, firebaseAppID: firebaseAccess.firebaseAppId, keys: keys.keys)
    }

    private func storefronts() throws(ValidationError) -> [String] {
        if countries.lowercased() == "all" { return AppStoreStorefronts.all }
        let codes = countries.split(separator: ",", omittingEmptySubsequences: false).map { String($0.trimmingWhitespace()).lowercased() }
        for code in codes {
            if let problem = AppStoreStorefronts.problem(code) {
                throw ValidationError("--countries: \(problem) (two-letter codes such as kr, us, jp, or all)")
            }
        }
        return codes.reduce(into: []) { if !$0.contains($1) { $0.append($1) } }
    }

    private func columns() throws(ValidationError) -> InstalledColumns {
        do { return try installedColumns.map { text throws(InstalledBaseError) in try InstalledColumns(parsing: text) } ?? InstalledColumns() } catch {
            throw ValidationError("--installed-columns: \(error)")
        }
    }

    /// `--installed-versions`: a value given on the command line, so one that is no version is
    /// a usage error.
    private func listedVersions(_ list: String) throws(ValidationError) -> [InstalledGroup] {
        try list.split(separator: ",", omittingEmptySubsequences: false).map { item throws(ValidationError) in
            let text = String(item.trimmingWhitespace())
            do { _ = try Version(text) } catch { throw ValidationError("--installed-versions: \(error)") }
            return InstalledGroup(version: text)
        }
    }
}
