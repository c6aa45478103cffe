import ArgumentParser
import ToasterCommandLine
import ToasterCore

/// The rules that join `run`'s and `check`'s flags, checked in one order: the first mistake
/// found is the one said. What each flag says is read here once, into the plan.
extension CheckOptions {
    mutating func validate() throws {
        let facts = try remoteConfig.deviceFacts()
        _ = try parsedVersion(appVersion, "--app-version")
        // The lookup, the template's device.country and the fetch all take a storefront: a name
        // that is none would match no condition and ask no store, silently.
        if let problem = AppStoreStorefronts.problem(storefront) {
            throw ValidationError("--country: \(problem) (two-letter codes such as kr, us, jp)")
        }
        try validateStore()
        try OptionRange.check(releasedForDays, within: 0...3650, "--released-for-days")
        let os = try osVersion.map { text throws(ValidationError) in try parsedVersion(text, "--os-version") }
        if let demoLatencyMs {
            try OptionRange.check(demoLatencyMs, within: 0...600_000, "--demo-latency-ms")
            guard kind == .demo else { throw ValidationError("--demo-latency-ms is only for --source demo") }
        }
        try validateRemoteConfig()
        // No silent substitute: a URL is never ignored for the demo store, nor a service asked without one.
        switch (source, url) {
        case (nil, _?): throw ValidationError("--url needs --source appstore, remote-config or cms")
        case (.remoteConfig?, nil) where remoteConfig.template != nil || firebase.firebaseProject != nil: break
        case (let kind?, nil) where kind != .demo:
            throw ValidationError("--source \(kind.rawValue) needs --url" + (kind == .remoteConfig ? " (or --template FILE, or --firebase-project ID)" : ""))
        case (.demo?, _?): throw ValidationError("--url is not used with --source demo")
        default: break
        }
        try OptionRange.check(timeout, above: 0, atMost: 600, "--timeout", unit: "seconds")
        if kind == .appstore, storeVersion != nil {
            throw ValidationError("--store-version is not used with --source appstore: the lookup is the store")
        }
        if storeUrl != nil, kind == .demo || kind == .appstore {
            throw ValidationError("--store-url is only used with --source remote-config or cms")
        }
        if storeVersion != nil, storeUrl != nil { throw ValidationError("give --store-version or --store-url, not both") }
        let language = try self.language(), rules = try self.rules.updateRules(), clock = try self.clock.wallClock(), trust = self.trust.trust()
        // Valid options name a source: what is left to find (a URL's form, a key that cannot be read) shows here.
        plan = CheckPlan(appVersion: appVersion, appKey: appKey,
                         decider: UpdateDecider(rules: rules, appID: appId, language: language, releasedForDays: releasedForDays, osVersion: os),
                         clock: clock, source: try sourcePlan(facts: facts, language: language, trust: trust), timeout: .seconds(timeout), trust: trust)
    }

    /// The demo store's listing, or the App Store's beside remote-config or cms.
    private func validateStore() throws {
        if let storeVersion { _ = try parsedVersion(storeVersion, "--store-version") }
        if let minRequiredVersion {
            _ = try parsedVersion(minRequiredVersion, "--min-required-version")
            guard kind == .demo else {
                throw ValidationError("--min-required-version is only for --source demo: with --source \(kind.rawValue) the service says it")
            }
        }
        if let storeMinimumOs { _ = try parsedVersion(storeMinimumOs, "--store-minimum-os") }
        if let storeReleased, ISO8601.parse(storeReleased) == nil {
            throw ValidationError("--store-released \"\(storeReleased)\" is not an ISO 8601 date such as \(Self.demoStoreReleased)")
        }
        // The demo store's listing describes the demo source's version, or the App Store's given
        // by --store-version beside remote-config or cms; anywhere else nothing reads it.
        if kind != .demo, storeVersion == nil,
           let flag = storeMinimumOs.map({ _ in "--store-minimum-os" }) ?? storeReleased.map({ _ in "--store-released" }) {
            throw ValidationError("\(flag) describes the demo store's version: give it with --source demo, or with --store-version beside remote-config or cms")
        }
    }

    /// A template, or Firebase itself, and the device flags only they read.
    private func validateRemoteConfig() throws {
        if remoteConfig.template != nil {
            guard kind == .remoteConfig else { throw ValidationError("--template is a Remote Config template: not for --source \(kind.rawValue)") }
            guard url == nil else { throw ValidationError("give --url or --template, not both: --template evaluates the file instead of a fetch") }
            guard firebase.firebaseProject == nil else { throw ValidationError("give --template or --firebase-project, not both") }
        } else if firebase.firebaseProject != nil {
            guard kind == .remoteConfig else { throw ValidationError("--firebase-project needs --source remote-config") }
            guard remoteConfig.firebaseAppId != nil else {
                throw ValidationError("--firebase-project needs --firebase-app-id (GOOGLE_APP_ID in the app's GoogleService-Info.plist)")
            }
            if let flag = remoteConfig.templateOnlyFlags.first {
                throw ValidationError("\(flag) is Firebase's to decide on a real fetch: it is only read with --template FILE")
            }
        } else if let flag = remoteConfig.givenDeviceFlags.first {
            throw ValidationError("\(flag) describes the device Remote Config answers: give it with --source remote-config "
                + "--template FILE or --firebase-project ID")
        }
        if firebase.firebaseProject == nil,
           let flag = [("--installations-url", remoteConfig.installationsUrl),
                       ("--firebase-api-key-file", remoteConfig.firebaseApiKeyFile)].first(where: { $0.1 != nil })?.0 {
            throw ValidationError("\(flag) needs --firebase-project")
        }
    }

    /// A version given on the command line that does not parse is a bad value: a usage error.
    private func parsedVersion(_ text: String, _ flag: String) throws(ValidationError) -> Version {
        do { return try Version(text) } catch { throw ValidationError("\(flag): \(error)") }
    }

    private func language() throws(ValidationError) -> Language {
        let environment = ["LC_ALL", "LC_MESSAGES", "LANG"].reduce(into: [String: String]()) { found, name in
            found[name] = Environment.value(name)
        }
        guard let language = Language.resolve(flag: locale, deviceLanguage: remoteConfig.deviceLanguage, environment: environment) else {
            throw ValidationError("--locale \"\(locale ?? "")\" is not one of ko, en, ja")
        }
        return language
    }
}
