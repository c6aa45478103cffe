/// The launch flow and scene lifecycle of docs/00 §2 as a pure transition
/// `(AppState, AppEvent) -> (AppState, [AppEffect])`; the shell performs the effects.
public struct LaunchMachine {
    var state: AppState
    var effects: [AppEffect] = []

    public static func step(_ state: AppState, _ event: AppEvent) -> (AppState, [AppEffect]) {
        var machine = LaunchMachine(state: state)
        machine.handle(event)
        return (machine.state, machine.effects)
    }

    mutating func handle(_ event: AppEvent) {
        switch event {
        case .launch: launch()
        case .timerFired(.launchScreen): if state.phase == .launching { connectScene() }
        case .timerFired(.installStep): advanceInstall()
        case .timerFired(.realtimeHold(let token)): realtimeHoldEnded(token)
        case .timerFired(.realtimeFetch(let token)): realtimeFetchDue(token)
        case .checkCompleted(let outcome): complete(outcome)
        case .terminal(let input): handle(input)
        case let .realtime(stream, event): hear(event, stream: stream)
        }
    }

    mutating func handle(_ input: TerminalEvent) {
        switch input {
        case .key(let key): press(key)
        case let .click(column, row, width, height): click(column: column, row: row, screenWidth: width, screenHeight: height)
        case .focusIn: focusIn()
        case .focusOut: focusOut()
        case .suspend: suspend()
        case .resume: resume()
        case .terminate(let termination): terminate(termination)
        }
    }

    mutating func trace(_ event: TraceEvent) {
        effects.append(.trace(event))
    }

    private mutating func launch() {
        guard state.phase == .notLaunched else { return }
        state.phase = .launching
        state.screen = .launch
        trace(.lifecycle(.didFinishLaunching))
        for notice in state.configuration.notices { trace(.error(notice.description)) }
        effects.append(.startTimer(.launchScreen, milliseconds: state.configuration.launchScreenMilliseconds))
    }

    /// `scene(_:willConnectTo:options:)`: the root becomes visible and the check starts as an
    /// async task, so the home screen is usable while it runs.
    private mutating func connectScene() {
        state.phase = .running
        trace(.lifecycle(.willConnect))
        state.screen = .home
        // The user activity `scene(_:willConnectTo:options:)` receives; it waits for the check.
        state.pendingLink = state.configuration.launchLink
        enterForeground()
    }

    /// Foreground entry re-runs the check, so a lifted or changed policy takes effect.
    mutating func enterForeground() {
        startCheck()
        trace(.lifecycle(.willEnterForeground))
        realtimeEnteredForeground()
        state.scene = .inactive
        if state.terminalFocused { becomeActive() }
    }

    private mutating func startCheck() {
        guard !state.checkInFlight else { return }
        state.check = .checking
        effects.append(.startCheck(appVersion: state.appVersion))
    }

    mutating func becomeActive() {
        trace(.lifecycle(.didBecomeActive))
        state.scene = .active
        reconcileAlert()
    }

    mutating func resignActive() {
        guard state.scene == .active else { return }
        trace(.lifecycle(.willResignActive))
        state.scene = .inactive
    }

    mutating func enterBackground() {
        resignActive()
        guard state.scene == .inactive else { return }
        trace(.lifecycle(.didEnterBackground))
        state.scene = .background
        realtimeEnteredBackground()
    }

    private mutating func complete(_ outcome: CheckOutcome) {
        // Whatever became of the decision: the check in flight is over.
        defer { realtimeChecked(outcome) }
        switch outcome {
        case .decided(let report):
            guard isForRunningVersion(report) else { return }
            adopt(report)
            state.check = .decided(report)
        case .failed(let failure):
            state.check = .failed(failure)
            traceFailure(failure)
        case .unchanged(let report):
            guard isForRunningVersion(report) else { return }
            state.check = .decided(report)
            adopt(report)
        case let .failedButForced(failure, report):
            guard isForRunningVersion(report) else { return }
            state.check = .failed(failure)
            traceFailure(failure)
            adopt(report)
        }
        reconcileAlert()
    }

    /// A check that started before an install answers for a version no longer running.
    private func isForRunningVersion(_ report: DecisionReport) -> Bool {
        (try? Version(state.appVersion)) == report.current
    }

    private mutating func adopt(_ report: DecisionReport) {
        state.decision = report
        trace(.versionCheck(source: state.configuration.sourceName, current: report.current.description,
                            latest: report.latest?.description, decision: report.decision, reason: report.reason,
                            heldBack: report.heldBack, remoteConfig: report.remoteConfig, why: report.why))
    }

    private mutating func traceFailure(_ failure: CheckFailure) {
        trace(.error("version check (\(state.configuration.sourceName)) failed: \(failure.detail)"))
    }

    private mutating func focusIn() {
        state.terminalFocused = true
        if state.phase == .running, state.scene == .background, isExternalAppLeavable {
            // The terminal window is the app: coming back to it is coming back to Toaster.
            returnToApp()
        } else if state.phase == .running, state.scene == .inactive {
            becomeActive()
        }
    }

    private mutating func focusOut() {
        state.terminalFocused = false
        resignActive()
    }

    private mutating func suspend() {
        if state.phase == .running { enterBackground() }
        effects.append(.stopProcess)
    }

    /// After `fg` the user is back in Toaster, as if they had tapped its icon.
    private mutating func resume() {
        guard state.phase == .running, state.scene == .background, isExternalAppLeavable else { return }
        returnToApp()
    }

    private mutating func terminate(_ termination: Termination) {
        if state.phase == .running {
            enterBackground()
            trace(.lifecycle(.didDisconnect))
        }
        effects.append(.exit(status: termination.exitStatus))
    }
}
