/// One line of the `--trace` file (docs/00 §5).
public enum TraceEvent: Sendable, Equatable {
    case lifecycle(LifecycleCallback)
    /// `heldBack` names the gate that kept the alert the rules call for away.
    /// `remoteConfig`: the template's values and why, when a template was evaluated.
    /// `why`: the decision's sentence (`DecisionReport.why`).
    case versionCheck(source: String, current: String, latest: String?, decision: Decision, reason: DecisionReason,
                      heldBack: HoldBack? = nil, remoteConfig: RemoteConfigReport? = nil, why: String? = nil)
    case alertPresented(type: AlertType, title: String, message: String, buttons: [AlertButton])
    /// `button` is nil when the app withdrew the alert because a new check lifted it.
    case alertDismissed(button: AlertButton?)
    /// The focus moved to another button of the alert.
    case alertFocus(AlertButton)
    case openURL(String)
    /// The simulated App Store came to the front with the app's page.
    case storePage(StorePage)
    /// Its install button was pressed; then the install finished and the app relaunches.
    case installStarted(version: String)
    case installFinished(version: String)
    /// The simulated browser came to the front; `reason` says why a universal link went there.
    case browser(url: String, reason: String?)
    /// The launch link was handled: opened in the app, or sent to the browser.
    case universalLink(LinkVerdict)
    case error(String)
}

/// The UIKit callbacks of the launch flow (docs/00 §2), named as the trace writes them.
public enum LifecycleCallback: String, Sendable, CaseIterable {
    case didFinishLaunching = "application(_:didFinishLaunchingWithOptions:)"
    case willConnect = "scene(_:willConnectTo:options:)"
    case willEnterForeground = "sceneWillEnterForeground(_:)"
    case didBecomeActive = "sceneDidBecomeActive(_:)"
    case willResignActive = "sceneWillResignActive(_:)"
    case didEnterBackground = "sceneDidEnterBackground(_:)"
    case didDisconnect = "sceneDidDisconnect(_:)"
}
