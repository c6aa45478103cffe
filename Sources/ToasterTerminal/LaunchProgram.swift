import ToasterCore

/// The app on the terminal: `LaunchMachine` stepped with the terminal's events, its checks and
/// its real-time stream run on other threads, its trace written through at once, and the notes
/// it remembers kept until the frame they come with is on screen (writing one syncs the disk,
/// which must not hold back the alert).
public final class LaunchProgram: TerminalProgram {
    /// Runs on a background thread and may block there until the service answers or times out;
    /// what it found to remember (`toRemember`) is remembered once the outcome is on screen.
    /// `realtimeAttempt`: the check is the fetch a real-time announcement asked for.
    public typealias Checker = @Sendable (_ appVersion: String, _ realtimeAttempt: Int?) -> CheckResult
    /// Keeps a note across launches; returns why it could not, if it could not.
    public typealias Recorder = (ChoiceNote) -> String?

    /// The real-time stream as the app drives it: `open` blocks a background thread while
    /// stream `stream` runs, posting what it says; `close` ends it and every stream numbered
    /// before it, opened yet or not, from any thread.
    public struct Stream: Sendable {
        let open: @Sendable (_ stream: Int, _ knownVersion: Int64, _ post: @escaping @Sendable (RealtimeEvent) -> Void) -> Void
        let close: @Sendable (_ stream: Int) -> Void

        public init(open: @escaping @Sendable (_ stream: Int, _ knownVersion: Int64, _ post: @escaping @Sendable (RealtimeEvent) -> Void) -> Void,
                    close: @escaping @Sendable (_ stream: Int) -> Void) {
            self.open = open
            self.close = close
        }
    }

    /// What the program's background work posts.
    public enum Posted: Sendable {
        case checked(CheckResult)
        case realtime(stream: Int, RealtimeEvent)
    }

    private let checker: Checker
    private let recorder: Recorder
    private let stream: Stream?
    private let trace: TraceFile?
    private var state: AppState
    private var unrecordedNotes: [ChoiceNote] = []

    /// `stream`: the real-time stream, for a configuration that listens to one.
    public init(configuration: LaunchConfiguration, trace: TraceFile?, recorder: @escaping Recorder, checker: @escaping Checker,
                stream: Stream? = nil) {
        self.trace = trace
        self.recorder = recorder
        self.checker = checker
        self.stream = stream
        state = AppState(configuration: configuration)
    }

    public func step(_ event: LoopEvent<Posted, TimerID>) -> [LoopAction<Posted, TimerID>] {
        switch event {
        case .start: return dispatch(.launch)
        case .clock: return []
        case .terminal(let event, _): return dispatch(.terminal(event))
        case .posted(.checked(let result)):
            if let problem = result.recordingProblem { trace?.write(.error(problem)) }
            if let note = result.toRemember { unrecordedNotes.append(note) }
            return dispatch(.checkCompleted(result.outcome))
        case let .posted(.realtime(stream, event)): return dispatch(.realtime(stream: stream, event))
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

    private func dispatch(_ event: AppEvent) -> [LoopAction<Posted, TimerID>] {
        let (next, effects) = LaunchMachine.step(state, event)
        state = next
        var actions: [LoopAction<Posted, TimerID>] = []
        for effect in effects {
            switch effect {
            case .trace(let event): trace?.write(event)
            case .startCheck(let appVersion):
                let checker = checker
                actions.append(.background { post in post(.checked(checker(appVersion, nil))) })
            case let .startRealtimeCheck(appVersion, attempt):
                let checker = checker
                actions.append(.background { post in post(.checked(checker(appVersion, attempt))) })
            case let .openStream(number, knownVersion):
                guard let stream else { break }
                actions.append(.background { post in stream.open(number, knownVersion) { post(.realtime(stream: number, $0)) } })
            case .closeStream(let number):
                stream?.close(number)
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
