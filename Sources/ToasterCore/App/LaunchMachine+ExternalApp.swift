extension LaunchMachine {
    /// `UIApplication.open(_:)`: another app comes to the front and the scene goes to the background.
    mutating func openExternally(_ url: String) {
        trace(.openURL(url))
        enterBackground()
        show(ExternalApp.opening(url, listing: state.decision?.listing, installedVersion: state.configuration.appVersion))
    }

    /// The other app comes to the front, and the trace says which.
    mutating func show(_ app: ExternalApp) {
        state.externalApp = app
        switch app {
        case .appStore(let page): trace(.storePage(page))
        case let .browser(url, reason): trace(.browser(url: url, reason: reason))
        }
    }

    /// The user can leave the other app unless an install is running there.
    var isExternalAppLeavable: Bool {
        if case .appStore(let page)? = state.externalApp, page.installProgress != nil { return false }
        return true
    }

    mutating func returnToApp() {
        state.externalApp = nil
        enterForeground()
    }

    mutating func pressInExternalApp(_ key: Key, _ app: ExternalApp) {
        guard isExternalAppLeavable else { return }
        if key.isBack { return returnToApp() }
        guard case .appStore(var page) = app, page.listing != nil, key == .enter || key == .space else { return }
        // Open: the app comes back to the front, and a forced alert with it.
        guard page.offersUpdate else { return returnToApp() }
        page.installProgress = 0
        state.externalApp = .appStore(page)
        if let version = page.listing?.version { trace(.installStarted(version: version)) }
        effects.append(.startTimer(.installStep, milliseconds: state.configuration.installStepMilliseconds))
    }

    mutating func advanceInstall() {
        guard case .appStore(var page)? = state.externalApp, let progress = page.installProgress,
              let version = page.listing?.version else { return }
        let next = progress + state.configuration.installStepPercent
        guard next < 100 else { return relaunch(at: version) }
        page.installProgress = next
        state.externalApp = .appStore(page)
        effects.append(.startTimer(.installStep, milliseconds: state.configuration.installStepMilliseconds))
    }

    /// Installing replaces the process: the scene disconnects and the flow starts again at the
    /// new version, with a fresh run's memory.
    private mutating func relaunch(at version: String) {
        trace(.installFinished(version: version))
        trace(.lifecycle(.didDisconnect))
        var configuration = state.configuration
        configuration.appVersion = version
        configuration.launchLink = nil
        let focused = state.terminalFocused, serial = state.realtime.serial
        state = AppState(configuration: configuration)
        state.terminalFocused = focused
        // A stream or timer of the process replaced must not be heard as the new one's.
        state.realtime.serial = serial
        handle(.launch)
    }
}
