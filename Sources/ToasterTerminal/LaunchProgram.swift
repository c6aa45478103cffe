import ToasterCore

/// The app on the terminal: `LaunchMachine` stepped with the terminal's events, its checks run
/// on other threads, its trace written through at once, and the notes it remembers kept until
/// the frame they come with is on screen (writing one syncs the disk, which must not hold back
/// the alert).
public final class LaunchProgram: TerminalProgram {
    /// Runs on a background thread and may block there until the service answers or times out;
    /// what it found to remember (`toRemember`) is remembered once the outcome is on screen.
    public typealias Checker = @Sendable (_ appVersion: String) -> CheckResult
    /// Keeps a note across launches; returns why it could not, if it could not.
    public typealias Recorder = (ChoiceNote) -> String?

    private let checker: Checker
    private let recorder: Recorder
    private let trace: TraceFile?
    private var state: AppState
    private var unrecordedNotes: [ChoiceNote] = []

    public init(configuration: LaunchConfiguration, trace: TraceFile?, recorder: @escaping Recorder, checker: @escaping Checker) {
        self.trace = trace
        self.recorder = recorder
        self.checker = checker
        state = AppState(configuration: configuration)
    }

    public func step(_ event: LoopEvent<CheckResult, TimerID>) -> [LoopAction<CheckResult, TimerID>] {
        switch event {
        case .start: return dispatch(.launch)
        case .clock: return []
        case .terminal(let event, _): return dispatch(.terminal(event))
        case .posted(let result):
            if let problem = result.recordingProblem { trace?.write(.error(problem)) }
            if let note = result.toRemember { unrecordedNotes.append(note) }
            return dispatch(.checkCompleted(result.outcome))
        case .timerFired(let id): return dispatch(.timerFired(id))
        }
    }

    public func render(width: Int, height: Int) -> Canvas {
        ScreenRenderer.render(state, width: width, height: height)
    }

    public func settle() {
        for note in unrecordedNotes {
            if let problem = recorder(note) { trace?.write(.error(problem)) }
        }
        unrecordedNotes.removeAll()
    }

    private func dispatch(_ event: AppEvent) -> [LoopAction<CheckResult, TimerID>] {
        let (next, effects) = LaunchMachine.step(state, event)
        state = next
        var actions: [LoopAction<CheckResult, TimerID>] = []
        for effect in effects {
            switch effect {
            case .trace(let event): trace?.write(event)
            case .startCheck(let appVersion):
                let checker = checker
                actions.append(.background { post in post(checker(appVersion)) })
            case .remember(let note): unrecordedNotes.append(note)
            case let .startTimer(id, milliseconds): actions.append(.startTimer(id, milliseconds: milliseconds))
            case .stopProcess:
                // A stopped process may never be resumed: what it has to remember is saved first.
                settle()
                actions.append(.stopProcess)
            case .exit(let status): actions.append(.exit(status: status))
            }
        }
        return actions
    }
}
