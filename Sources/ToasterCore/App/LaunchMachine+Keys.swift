extension LaunchMachine {
    mutating func press(_ key: Key) {
        switch key {
        case .controlC: return handle(.terminate(.interrupt))
        case .controlZ: return handle(.suspend)
        default: break
        }
        guard state.receivesInput else { return }
        if let app = state.externalApp { return pressInExternalApp(key, app) }
        // While an alert is up, no key reaches the screen under it.
        if let alert = state.alert { return pressInAlert(key, alert) }
        switch state.screen {
        case .home: pressOnHome(key)
        case .linkPage: if key.isBack { state.screen = .home }
        case .launch: break
        }
    }

    /// A click on a button does what Enter on the focused button does.
    mutating func click(column: Int, row: Int, screenWidth: Int, screenHeight: Int) {
        guard state.receivesInput else { return }
        if let app = state.externalApp {
            guard case .appStore(let page) = app else { return }
            if StoreLayout(page, language: state.configuration.language, screenHeight: screenHeight).isOnButton(column: column, row: row) {
                pressInExternalApp(.enter, app)
            }
            return
        }
        guard var alert = state.alert,
              let index = ScreenRenderer.alertLayout(alert, over: state, width: screenWidth, height: screenHeight)
                  .button(atColumn: column, row: row) else { return }
        alert.focusedIndex = index
        pressInAlert(.enter, alert)
    }

    private mutating func pressOnHome(_ key: Key) {
        let count = state.configuration.links.count
        switch key {
        case .up: state.selectedLink = max(0, state.selectedLink - 1)
        case .down: state.selectedLink = min(count - 1, state.selectedLink + 1)
        case .home: state.selectedLink = 0
        case .end: state.selectedLink = max(0, count - 1)
        case .enter where count > 0: state.screen = .linkPage(url: state.configuration.links[state.selectedLink].url)
        case .character("q"), .character("Q"): handle(.terminate(.quitKey))
        default: break
        }
    }
}

extension Key {
    /// Esc, ← and Backspace leave a page, as the back button does.
    var isBack: Bool { self == .escape || self == .left || self == .backspace }
}
