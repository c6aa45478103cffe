import CTerminalSupport
import Dispatch
import FoundationEssentials
import Glibc
import ToasterCore

/// The storefront board of `preflight --watch`: runs the rounds of asking on a background
/// thread, feeds their answers, the keys, signals and the clock into `BoardState`, and draws
/// it with `BoardRenderer`. Input is read while a round runs, as `run` reads it during a check.
public final class BoardRunner {
    /// One round on the calling (background) thread: whatever else the round reads first (App
    /// Store Connect), then `requests`, posting each answer or failure as it comes.
    public typealias Asker = @Sendable (_ requests: [LookupRequest], _ post: @escaping @Sendable (BoardEvent) -> Void) -> Void

    /// How the board ended.
    public enum Ending: Sendable, Equatable {
        /// Every storefront answered and nothing waiting could end is left.
        case nothingBlocks
        /// A dead end that waiting cannot end; a minimum App Store Connect has not released is not
        /// one: someone releasing it ends it, so the board keeps asking.
        case stuck
        /// `q` or Ctrl-C: the status says what still blocks (docs/10-preflight.md).
        case quit(status: Int32)
        /// SIGTERM, SIGHUP, SIGQUIT or SIGINT: 128 + the signal.
        case signal(status: Int32)
    }

    /// How long the last frame stays up when nothing blocks (a key ends it sooner).
    static let lastFrameMilliseconds: Int32 = 1500

    private var state: BoardState
    private let theme: Theme
    private let requests: [LookupRequest]
    private let interval: Duration
    private let strict: Bool
    private let ask: Asker
    private let mailbox = Mailbox<BoardEvent>()

    public init(state: BoardState, theme: Theme, requests: [LookupRequest], interval: Duration, strict: Bool, ask: @escaping Asker) {
        self.state = state
        self.theme = theme
        self.requests = requests
        self.interval = interval
        self.strict = strict
        self.ask = ask
    }

    /// Runs the board until nothing blocks, a dead end is stuck, the user quits or a signal
    /// ends it; the terminal is given back before it returns, with the final state.
    public func run() throws(TerminalError) -> (ending: Ending, state: BoardState) {
        // Before ncurses starts, so that it leaves these signals to us.
        let signals = toaster_signals_install()
        let session: TerminalSession
        do {
            session = try TerminalSession(theme: theme)
        } catch {
            // The caller goes on without the board: the signals act as they did before.
            for number in [SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGTSTP, SIGCONT, SIGWINCH] { signal(number, SIG_DFL) }
            close(signals)
            throw error
        }
        session.start()
        defer { session.end() }
        startRound()
        var lastFrame: Canvas?
        var ending: Ending?
        while ending == nil {
            state.input.now = Date()
            lastFrame = draw(session, unless: lastFrame)
            if wait(signals: signals) { ending = .signal(status: Termination.hangup.exitStatus) }
            for signal in LoopWait.drain(signals: signals) where ending == nil {
                ending = handle(signal: signal, session, forceRedraw: &lastFrame)
            }
            for event in mailbox.take() where ending == nil {
                state.apply(event)
                if case .roundEnded(let round) = event, round == state.round { ending = roundEnded() }
            }
            let columns = BoardRenderer.columns(width: session.size.width)
            for case .key(let key) in session.readEvents() where ending == nil {
                switch state.press(key, columns: columns) {
                case .askNow?: startRound()
                case .quit?: ending = .quit(status: state.quitStatus(strict: strict))
                case nil: break
                }
            }
            if ending == nil, let next = state.nextRound, next <= Date() { startRound() }
        }
        if ending == .nothingBlocks {
            // The board says so before the terminal goes back to the report.
            state.input.now = Date()
            _ = draw(session, unless: lastFrame)
            var input = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
            _ = poll(&input, 1, Self.lastFrameMilliseconds)
        }
        return (ending!, state)
    }

    private func draw(_ session: TerminalSession, unless lastFrame: Canvas?) -> Canvas {
        let size = session.size
        let frame = BoardRenderer.render(state, width: size.width, height: size.height)
        if frame != lastFrame { session.draw(frame) }
        return frame
    }

    private func startRound() {
        state.apply(.roundStarted(requests))
        let ask = ask, requests = requests, mailbox = mailbox, round = state.round
        DispatchQueue.global().async {
            ask(requests) { mailbox.post($0) }
            mailbox.post(.roundEnded(round: round))
        }
    }

    private func roundEnded() -> Ending? {
        switch state.watchStep {
        case .safe?: return .nothingBlocks
        case .stuck?: return .stuck
        default:
            state.nextRound = Date().addingTimeInterval(Double(interval.components.seconds) + Double(interval.components.attoseconds) / 1e18)
            return nil
        }
    }

    /// Blocks until input, a signal, an answer or the next second (the countdown); true when
    /// the terminal has gone away.
    private func wait(signals: Int32) -> Bool {
        let timeout: Int32 = state.nextRound == nil ? -1 : 1000 - Int32(Date().timeIntervalSince1970.truncatingRemainder(dividingBy: 1) * 1000)
        return LoopWait.wait(signals: signals, mailbox: mailbox.readDescriptor, milliseconds: timeout)
    }

    private func handle(signal: Int32, _ session: TerminalSession, forceRedraw lastFrame: inout Canvas?) -> Ending? {
        switch signal {
        case SIGINT: return .signal(status: Termination.interrupt.exitStatus)
        case SIGTERM: return .signal(status: Termination.terminateSignal.exitStatus)
        case SIGHUP: return .signal(status: Termination.hangup.exitStatus)
        case SIGQUIT: return .signal(status: Termination.quitSignal.exitStatus)
        case SIGTSTP: session.stopProcess()
        case SIGCONT, SIGWINCH:
            // ncurses repaints nothing by itself after `fg` or a resize.
            session.repaintAll()
            lastFrame = nil
        default: break
        }
        return nil
    }
}
