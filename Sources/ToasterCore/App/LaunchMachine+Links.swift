extension LaunchMachine {
    /// The launch link opens once launch is done: the first check has answered, no alert is up
    /// (so after an optional alert, and never past a forced one), and the app is in front.
    mutating func openPendingLink() {
        guard let link = state.pendingLink, state.phase == .running, state.scene == .active, state.alert == nil,
              state.externalApp == nil, state.check != .checking, state.check != .notStarted,
              state.decision?.decision != .forced else { return }
        state.pendingLink = nil
        trace(.universalLink(link))
        switch link.outcome {
        case .match:
            state.screen = .linkPage(url: link.url)
        case .excluded, .noMatch:
            // iOS opens a link the app does not claim in Safari.
            trace(.openURL(link.url))
            enterBackground()
            show(.browser(url: link.url, reason: link.explanation))
        }
    }
}
