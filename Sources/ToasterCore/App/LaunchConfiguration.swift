/// What the run was started with.
public struct LaunchConfiguration: Sendable, Equatable {
    public var appVersion: String
    /// The version-check source's name, as the trace reports it.
    public var sourceName: String
    /// How long the launch screen stays up before the scene connects.
    public var launchScreenMilliseconds: Int
    /// The simulated install advances `installStepPercent` every `installStepMilliseconds`.
    public var installStepMilliseconds: Int
    public var installStepPercent: Int
    /// The language of the program's own texts.
    public var language: Language
    /// The home screen's sample saved links.
    public var links: [SavedLink]
    /// The universal link the app is launched with (`--open-url`), already matched against
    /// the apple-app-site-association file.
    public var launchLink: LinkVerdict?
    /// Problems found before launch (an unusable state file): traced, and shown on home.
    public var notices: [StartupNotice] = []
    /// Listening for template changes as the SDK's config-update listener does; nil: not.
    public var realtime: RealtimeConfiguration?

    public init(appVersion: String, sourceName: String, language: Language = .ko, launchScreenMilliseconds: Int = 600,
                installStepMilliseconds: Int = 40, installStepPercent: Int = 5) {
        self.appVersion = appVersion
        self.sourceName = sourceName
        self.launchScreenMilliseconds = launchScreenMilliseconds
        self.installStepMilliseconds = installStepMilliseconds
        self.installStepPercent = installStepPercent
        self.language = language
        links = SavedLink.samples(language)
    }
}

/// A problem found before launch: traced in English, shown on home in the user's language.
public enum StartupNotice: Sendable, Equatable, CustomStringConvertible {
    /// The remembered choices could not be read; the detail says why and what became of the file.
    case stateFileUnusable(String)
    /// No folder to remember choices in.
    case choicesNotRemembered

    public var description: String {
        switch self {
        case .stateFileUnusable(let problem): problem
        case .choicesNotRemembered: "answers are not remembered: no --state-dir, XDG_STATE_HOME or HOME"
        }
    }
}
