import ToasterCore
import ToasterServices

/// Where the options become what the commands run — a `VersionCheck` for `run` and `check`, a
/// `PreflightRound` for `preflight`, the files and secrets the flags name — as SwiftPM's
/// `SwiftCommandState` is for its commands. The option groups only hold and check values; a
/// command parses, asks this for what it runs, and runs it.
struct Wiring {
    /// What every service built here shares: how long one request may take, and which CA
    /// certificates https trusts.
    let timeout: Duration
    let trust: CertificateTrust

    init(timeout seconds: Double, trust: TrustOptions) {
        timeout = .seconds(seconds)
        self.trust = trust.trust()
    }

    init(_ options: CheckOptions) {
        self.init(timeout: options.timeout, trust: options.trust)
    }

    /// The check `run` and `check` run, with the remembered choices the command chose.
    func versionCheck(_ options: CheckOptions, choices: ChoiceBook?) throws -> VersionCheck {
        // The state folder also keeps a real fetch's Firebase installation, as the SDK keeps it.
        let folder = choices.map { String($0.path[..<($0.path.lastIndex(of: "/") ?? $0.path.startIndex)]) }
        return VersionCheck(source: try source(options, stateFolder: folder), decider: try Self.decider(options), choices: choices,
                            clock: try options.clock.wallClock())
    }

    static func decider(_ options: CheckOptions) throws -> UpdateDecider {
        UpdateDecider(rules: try options.rules.updateRules(), appID: options.appId, language: try options.language(),
                      releasedForDays: options.releasedForDays,
                      osVersion: try options.osVersion.map { try options.parsedVersion($0, "--os-version") })
    }

    /// `run`'s remembered choices for one app, in the folder the flag or the environment
    /// names, and what the user should be told about them (nil when all is well).
    static func choiceBook(_ state: StateOptions, appKey: String) -> (book: ChoiceBook?, notice: StartupNotice?) {
        guard let directory = state.directory else { return (nil, .choicesNotRemembered) }
        let book = ChoiceBook(directory: directory, appKey: appKey)
        return (book, book.loadProblem.map(StartupNotice.stateFileUnusable))
    }
}
