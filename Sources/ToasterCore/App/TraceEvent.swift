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
    /// The real-time stream of `run --realtime`.
    case realtime(RealtimeTrace)
    case error(String)
}

/// What the trace says of the real-time stream.
public enum RealtimeTrace: Sendable, Equatable {
    /// The server answered 2xx; the app told it the template version it knows.
    case opened(knownVersion: Int64)
    /// A message: the template's version now (a fetch follows in this many milliseconds when
    /// it is newer than the app's), and a wait before the next opening, as it gave them.
    case announced(version: Int64?, knownVersion: Int64, fetchInMilliseconds: Int?, reconnectAfterSeconds: Int?)
    /// The fetch an announcement asked for, its attempt counted from 1.
    case fetch(attempt: Int, target: Int64)
    /// The stream ended, or could not open: why, the status when the server answered one, and
    /// when it opens again (0: at once; nil: not before the next return to the foreground, or never).
    case lost(why: String, status: Int?, reconnectInMilliseconds: Int?)
    /// The app closed it.
    case closed(why: String)
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
