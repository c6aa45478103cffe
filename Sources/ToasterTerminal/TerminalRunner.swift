import CTerminalSupport
import Dispatch
import Glibc
import ToasterCore

/// The shell of the Elm loop: decodes terminal input, signals, timers and check outcomes into
/// `AppEvent`s, steps the `LaunchMachine`, performs its effects and draws the state.
public final class TerminalRunner {
    /// Runs on a background thread and may block there until the service answers or times out.
    public typealias Checker = @Sendable (_ appVersion: String) -> CheckResult
    /// Keeps a note across launches; returns why it could not, if it could not.
    public typealias Recorder = (AnswerNote) -> String?

    private let configuration: LaunchConfiguration
    private let theme: Theme
    private let checker: Checker
    private let recorder: Recorder
    private let trace: TraceFile?
    private let mailbox = Mailbox<CheckResult>()
    private var state: AppState
    private var timers: [(id: TimerID, deadline: ContinuousClock.Instant)] = []
    private var exitStatus: Int32?
    /// Notes wait until the frame they come with is on screen: writing one syncs the disk,
    /// which must not hold back the alert.
    private var unrecordedNotes: [AnswerNote] = []

    public init(configuration: LaunchConfiguration, theme: Theme, trace: TraceFile?,
                recorder: @escaping Recorder, checker: @escaping Checker) {
        self.configuration = configuration
        self.theme = theme
        self.trace = trace
        self.recorder = recorder
        self.checker = checker
        state = AppState(configuration: configuration)
    }

    /// Runs the UI until the user quits or a signal ends it; returns the exit status.
    public func run() throws(TerminalError) -> Int32 {
        // Before ncurses starts, so that it leaves these signals to us.
        let signals = toaster_signals_install()
        let session = try TerminalSession(theme: theme)
        // The launch starts the check: its request is under way while the screen is set up.
        dispatch(.launch, session)
        session.start()
        defer { session.end() }
        var lastFrame: Canvas?
        while exitStatus == nil {
            let size = session.size
            let frame = ScreenRenderer.render(state, width: size.width, height: size.height)
            if frame != lastFrame {
                session.draw(frame)
                lastFrame = frame
            }
            recordNotes()
            if wait(signals: signals) { dispatch(.terminate(.hangup), session) }
            for signal in LoopWait.drain(signals: signals) where exitStatus == nil {
                handle(signal: signal, session, forceRedraw: &lastFrame)
            }
            for result in mailbox.take() where exitStatus == nil {
                if let problem = result.recordingProblem { trace?.write(.error(problem)) }
                dispatch(.checkCompleted(result.outcome), session)
            }
            for event in session.readEvents() where exitStatus == nil { dispatch(event, session) }
            fireDueTimers(session)
        }
        recordNotes()
        return exitStatus ?? 0
    }

    private func recordNotes() {
        for note in unrecordedNotes {
            if let problem = recorder(note) { trace?.write(.error(problem)) }
        }
        unrecordedNotes.removeAll()
    }

    /// Blocks until input, a signal, a check outcome or the next timer; true when the
    /// terminal has gone away.
    private func wait(signals: Int32) -> Bool {
        let timeout = timers.map(\.deadline).min().map { deadline -> Int32 in
            let remaining = ContinuousClock.now.duration(to: deadline).components
            return Int32(clamping: max(0, remaining.seconds * 1000 + (remaining.attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000))
        } ?? -1
        return LoopWait.wait(signals: signals, mailbox: mailbox.readDescriptor, milliseconds: timeout)
    }

    private func handle(signal: Int32, _ session: TerminalSession, forceRedraw lastFrame: inout Canvas?) {
        switch signal {
        case SIGINT: dispatch(.terminate(.interrupt), session)
        case SIGTERM: dispatch(.terminate(.terminateSignal), session)
        case SIGHUP: dispatch(.terminate(.hangup), session)
        case SIGQUIT: dispatch(.terminate(.quitSignal), session)
        case SIGTSTP: dispatch(.suspend, session)
        case SIGCONT:
            // ncurses repaints nothing by itself after `fg`.
            session.repaintAll()
            lastFrame = nil
            dispatch(.resume, session)
        case SIGWINCH:
            session.repaintAll()
            lastFrame = nil
        default: break
        }
    }

    private func fireDueTimers(_ session: TerminalSession) {
        let now = ContinuousClock.now
        let due = timers.filter { $0.deadline <= now }
        timers.removeAll { $0.deadline <= now }
        for timer in due where exitStatus == nil { dispatch(.timerFired(timer.id), session) }
    }

    private func dispatch(_ event: AppEvent, _ session: TerminalSession) {
        let (next, effects) = LaunchMachine.step(state, event)
        state = next
        for effect in effects {
            switch effect {
            case .trace(let event): trace?.write(event)
            case .startCheck(let appVersion):
                let checker = checker, mailbox = mailbox
                DispatchQueue.global().async { mailbox.post(checker(appVersion)) }
            case .remember(let note): unrecordedNotes.append(note)
            case let .startTimer(id, milliseconds):
                timers.append((id, ContinuousClock.now + .milliseconds(milliseconds)))
            case .stopProcess:
                // A stopped process may never be resumed: what it has to remember is saved first.
                recordNotes()
                session.stopProcess()
            case .exit(let status): exitStatus = status
            }
        }
    }
}
