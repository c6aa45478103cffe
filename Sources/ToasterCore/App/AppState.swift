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
    /// The real-time stream, when the configuration asks for one.
    public internal(set) var realtime: RealtimeState
    /// Whether the check in flight is one a real-time announcement asked for.
    var checkForRealtime = false

    public init(configuration: LaunchConfiguration) {
        self.configuration = configuration
        appVersion = configuration.appVersion
        realtime = RealtimeState(seed: configuration.realtime?.seed ?? 0)
    }

    var checkInFlight: Bool { check == .checking }

    /// Keys and clicks reach the app once it runs, and only while the terminal has the focus:
    /// an inactive scene (focus lost, as under Control Center) receives no touches.
    var receivesInput: Bool { phase == .running && terminalFocused }
}

/// Where the app process is in its launch.
public enum LaunchPhase: Sendable, Equatable {
    case notLaunched
    /// `didFinishLaunching` ran; the launch screen is up.
    case launching
    /// The scene is connected.
    case running
}

/// The scene's activation state, as `UIScene.ActivationState` has it.
public enum SceneActivity: String, Sendable {
    case unattached
    case inactive
    case active
    case background
}

/// The app's own screen, under any alert.
public enum Screen: Sendable, Equatable {
    case launch
    case home
    /// A link opened inside the app from the home list.
    case linkPage(url: String)
}

/// How far the optional alert has come in this run: once answered it is not shown again.
public enum OptionalAlertProgress: Sendable, Equatable {
    case notShown, shown, answered
}

/// The alert on screen, the URL its update button opens, and which button has the focus.
public struct PresentedAlert: Sendable, Equatable {
    public let model: AlertModel
    public let updateURL: String
    /// `업데이트` has the focus first, wherever the alert places it.
    public var focusedIndex: Int

    init(_ model: AlertModel, updateURL: String) {
        self.model = model
        self.updateURL = updateURL
        focusedIndex = model.buttons.firstIndex { $0.role == .update } ?? 0
    }
}

/// The state of the latest version check, for the status line.
public enum CheckStatus: Sendable, Equatable {
    case notStarted
    case checking
    case decided(DecisionReport)
    case failed(CheckFailure)
}
