/// The UIKit callbacks of the launch flow (SPEC §2), named as the trace writes them.
public enum LifecycleCallback: String, Sendable, CaseIterable {
    case didFinishLaunching = "application(_:didFinishLaunchingWithOptions:)"
    case willConnect = "scene(_:willConnectTo:options:)"
    case willEnterForeground = "sceneWillEnterForeground(_:)"
    case didBecomeActive = "sceneDidBecomeActive(_:)"
    case willResignActive = "sceneWillResignActive(_:)"
    case didEnterBackground = "sceneDidEnterBackground(_:)"
    case didDisconnect = "sceneDidDisconnect(_:)"
}
