/// Everything the app knows; the screen is drawn from it alone.
public struct AppState: Sendable, Equatable {
    public internal(set) var configuration: LaunchConfiguration
    /// The running version: the configured one until a simulated install replaces it.
    public internal(set) var appVersion: String
    public internal(set) var phase: LaunchPhase = .notLaunched
    public internal(set) var scene: SceneActivity = .unattached
    public internal(set) var screen: Screen = .launch
    /// The app `업데이트` switched to; while set, the scene is in the background.
    public internal(set) var externalApp: ExternalApp?
    public internal(set) var alert: PresentedAlert?
    /// The last decision a check reached in this run; the forced rule reads it.
    public internal(set) var decision: DecisionReport?
    public internal(set) var optionalAlert: OptionalAlertProgress = .notShown
    public internal(set) var check: CheckStatus = .notStarted
    public internal(set) var selectedLink = 0
    /// The launch link, until launch is done and it can be opened.
    public internal(set) var pendingLink: LinkVerdict?
    /// Whether the terminal has focus; assumed until it reports otherwise.
    public internal(set) var terminalFocused = true

    public init(configuration: LaunchConfiguration) {
        self.configuration = configuration
        appVersion = configuration.appVersion
    }

    var checkInFlight: Bool { check == .checking }
}
