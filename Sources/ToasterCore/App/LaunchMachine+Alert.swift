extension LaunchMachine {
    /// Brings the alert on screen in line with the last decision. This is the forced rule: it
    /// runs whenever the scene becomes active and whenever a check completes.
    mutating func reconcileAlert() {
        guard state.phase == .running, state.scene != .background, let report = state.decision else { return }
        switch (report.decision, report.alert) {
        case (.forced, let model?):
            if state.alert?.model != model { present(model, updateURL: report.updateURL) }
        case (.optional, let model?):
            if state.alert?.model.type.isForced == true { withdrawAlert() }
            if state.alert == nil, state.optionalAlert == .notShown {
                present(model, updateURL: report.updateURL)
                state.optionalAlert = .shown
                effects.append(.remember(.shown(storeVersion: report.latest)))
            }
        default:
            if state.alert != nil { withdrawAlert() }
        }
        openPendingLink()
    }

    private mutating func present(_ model: AlertModel, updateURL: String) {
        state.alert = PresentedAlert(model, updateURL: updateURL)
        trace(.alertPresented(type: model.type, title: model.title, message: model.message, buttons: model.buttons))
    }

    /// A newer check lifted the alert's reason: it goes without any button being pressed.
    private mutating func withdrawAlert() {
        state.alert = nil
        trace(.alertDismissed(button: nil))
    }

    mutating func pressInAlert(_ key: Key, _ alert: PresentedAlert) {
        var alert = alert
        let count = alert.model.buttons.count
        switch key {
        // ↑/↓ as well, for buttons stacked one per row.
        case .left, .up: alert.focusedIndex = max(0, alert.focusedIndex - 1)
        case .right, .down: alert.focusedIndex = min(count - 1, alert.focusedIndex + 1)
        case .home: alert.focusedIndex = 0
        case .end: alert.focusedIndex = count - 1
        case .tab: alert.focusedIndex = (alert.focusedIndex + 1) % count
        case .backTab: alert.focusedIndex = (alert.focusedIndex + count - 1) % count
        case .enter, .space:
            activate(alert.model.buttons[alert.focusedIndex], of: alert)
            return
        case .escape:
            if let later = alert.model.buttons.first(where: { $0.role == .later }) { activate(later, of: alert) }
            return
        default:
            return
        }
        if alert.focusedIndex != state.alert?.focusedIndex { trace(.alertFocus(alert.model.buttons[alert.focusedIndex])) }
        state.alert = alert
    }

    /// Like a `UIAlertAction`: the alert goes first, then the action runs.
    private mutating func activate(_ button: AlertButton, of alert: PresentedAlert) {
        state.alert = nil
        trace(.alertDismissed(button: button))
        if !alert.model.type.isForced { state.optionalAlert = .answered }
        switch button.role {
        case .update: openExternally(alert.updateURL)
        case .skip: if let latest = state.decision?.latest { effects.append(.remember(.skipped(latest))) }
        case .later: break
        }
        openPendingLink()
    }
}
