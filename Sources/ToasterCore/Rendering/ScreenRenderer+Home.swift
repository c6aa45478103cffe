extension ScreenRenderer {
    mutating func drawLaunchScreen() {
        canvas.fill(x: 0, y: 0, width: canvas.width, height: canvas.height, style: .launchScreen)
        let middle = canvas.height / 2
        putCentred(UIStrings.wordmark, y: max(0, middle - 1), style: .launchScreen)
        putCentred("v" + state.appVersion, y: min(bottom, middle + 1), style: .launchScreen)
    }

    mutating func drawHome() {
        canvas.putTitleBar(strings.appName, centred: true)
        let lastListRow = bottom - Self.footerRowCount(state, height: canvas.height)
        if lastListRow >= 2 { canvas.put(strings.savedLinks, x: 1, y: 2, style: .heading) }
        for (index, link) in state.configuration.links.enumerated() where 3 + index <= lastListRow {
            let selected = index == state.selectedLink
            let row = 3 + index
            let style: CellStyle = selected ? .selectedLink : .backdrop
            if selected { canvas.fill(x: 1, y: row, width: canvas.width - 2, height: 1, style: style) }
            let used = canvas.put((selected ? "▸ " : "  ") + link.title, x: 2, y: row, style: style, limit: canvas.width - 3)
            canvas.put(link.url, x: 2 + used + 2, y: row, style: selected ? style : .link, limit: canvas.width - used - 5)
        }
        drawStatusLine()
        drawHint(strings.homeHint)
    }

    /// The rows at the foot of the screen: the hint, and on home the status line (from 3 rows)
    /// and the notice row above it (from 4, when there is a notice). An alert leaves them be.
    static func footerRowCount(_ state: AppState, height: Int) -> Int {
        guard state.externalApp == nil, state.screen == .home, height >= 3 else { return min(1, height) }
        return height >= 4 && notice(state) != nil ? 3 : 2
    }

    /// Why the last check failed, else why its alert was held back, else a start-up problem
    /// (an unusable state file): too long for the status line, so on the row above it. A
    /// failure is worded in the user's language, then its technical detail as the trace has it.
    private static func notice(_ state: AppState) -> String? {
        let strings = UIStrings.of(state.configuration.language)
        if case .failed(let failure) = state.check {
            return "⚠ \(strings.leadIn(failure.kind)) · " + TextSanitizer.cleanLine(failure.detail)
        }
        if case .decided(let report) = state.check, let gate = report.heldBack { return "» " + strings.explanation(gate) }
        return state.configuration.notices.first.map { "⚠ " + TextSanitizer.cleanLine(strings.notice($0)) }
    }

    /// The app version, the scene state, and what the last check said.
    private mutating func drawStatusLine() {
        let footer = Self.footerRowCount(state, height: canvas.height)
        guard footer >= 2 else { return }
        let row = bottom - 1
        if footer == 3, let noticeMessage = Self.notice(state) {
            canvas.fill(x: 0, y: row - 1, width: canvas.width, height: 1, style: .statusLine)
            canvas.put(TextWrapper.truncated(noticeMessage, width: canvas.width - 2), x: 1, y: row - 1, style: .statusLine)
        }
        canvas.fill(x: 0, y: row, width: canvas.width, height: 1, style: .statusLine)
        let parts = ["\(strings.appName) v\(state.appVersion)", "scene: \(state.scene.rawValue)", checkSummary]
        canvas.put(TextWrapper.truncated(parts.filter { !$0.isEmpty }.joined(separator: " · "), width: canvas.width - 2),
                   x: 1, y: row, style: .statusLine)
    }

    private var checkSummary: String {
        switch state.check {
        case .notStarted: return ""
        case .checking: return strings.checking
        case .failed: return strings.checkFailed
        case .decided(let report):
            switch report.decision {
            case .none:
                guard report.heldBack != nil, let latest = report.latest else { return strings.upToDate }
                return "\(strings.newVersion) \(latest)"
            case .optional: return report.latest.map { "\(strings.newVersion) \($0)" } ?? strings.upToDate
            case .forced: return strings.updateRequired
            }
        }
    }

    mutating func drawLinkPage(_ url: String) {
        canvas.putTitleBar(strings.linkPageTitle, centred: false)
        if bottom > 2 { canvas.put(TextSanitizer.cleanLine(url), x: 2, y: 2, style: .heading, limit: canvas.width - 4) }
        if bottom > 4 { canvas.put(strings.linkPageNote, x: 2, y: 4, style: .backdrop, limit: canvas.width - 4) }
        drawHint(strings.backHint)
    }
}
