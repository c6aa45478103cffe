/// Where the app process is in its launch.
public enum LaunchPhase: Sendable, Equatable {
    case notLaunched
    /// `didFinishLaunching` ran; the launch screen is up.
    case launching
    /// The scene is connected.
    case running
}
