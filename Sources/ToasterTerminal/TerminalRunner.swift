import CTerminalSupport
import FoundationEssentials
import Glibc
import ToasterCore

/// What the loop hands a program, in the order it happens.
public enum LoopEvent<Posted: Sendable, Timer: Sendable>: Sendable {
    /// The program begins, before the screen is taken; the time now.
    case start(Date)
    /// The time now: each time the loop wakes, before anything else it hands on.
    case clock(Date)
    /// A terminal event, on a screen this wide.
    case terminal(TerminalEvent, screenWidth: Int)
    /// What the program's background work posted.
    case posted(Posted)
    case timerFired(Timer)
}

/// What a program asks of the loop.
public enum LoopAction<Posted: Sendable, Timer: Sendable> {
    /// Run on another thread; what it posts comes back as `.posted`.
    case background(@Sendable (_ post: @escaping @Sendable (Posted) -> Void) -> Void)
    /// `.timerFired(timer)` after this many milliseconds.
    case startTimer(Timer, milliseconds: Int)
    /// Restore the terminal and stop the process; SIGCONT brings it back.
    case stopProcess
    /// Give the terminal back; `run()` returns the status.
    case exit(status: Int32)
}

/// A pure machine as the terminal runs it: the app (`LaunchProgram`) or the preflight board
/// (`BoardProgram`). It turns the loop's events into its machine's, steps it, performs what is
/// its own (a trace line) and hands the rest back as actions.
public protocol TerminalProgram: AnyObject {
    associatedtype Posted: Sendable
    associatedtype Timer: Sendable

    func step(_ event: LoopEvent<Posted, Timer>) -> [LoopAction<Posted, Timer>]
    func render(width: Int, height: Int) -> Canvas
    /// The frame is on screen (and the loop is ending): work that must not hold a frame back.
    func settle()
}

/// The one event loop, the shell of the Elm architecture for every screen: it blocks in
/// `poll()` on the terminal, the signal self-pipe, the mailbox of background work and the next
/// timer; decodes what woke it into events for the program; performs the program's actions;
/// and draws the program's canvas when it changed and no event is waiting to change it again.
public final class TerminalRunner<Program: TerminalProgram> {
    private let program: Program
    private let theme: Theme
    private let mailbox = Mailbox<Program.Posted>()
    private var timers: [(id: Program.Timer, deadline: ContinuousClock.Instant)] = []
    private var exitStatus: Int32?

    public init(program: Program, theme: Theme) {
        self.program = program
        self.theme = theme
    }

    /// Runs the program until it exits; the terminal is given back before this returns, with
    /// the exit status. When the terminal cannot be used it throws, the signals as they were.
    public func run() throws(TerminalError) -> Int32 {
        // Before ncurses starts, so that it leaves these signals to us.
        let signals = toaster_signals_install()
        let session: TerminalSession
        do {
            session = try TerminalSession(theme: theme)
        } catch {
            // The caller may go on without the screen (the board's lines follow).
            for number in [SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGTSTP, SIGCONT, SIGWINCH] { signal(number, SIG_DFL) }
            close(signals)
            throw error
        }
        // The program's first work (the app's check) is under way while the screen is set up.
        deliver(.start(Date()), session)
        session.start()
        defer { session.end() }
        var lastFrame: Canvas?
        var undrawnSince: ContinuousClock.Instant?
        while exitStatus == nil {
            let size = session.size
            // A frame whose next event is already waiting (a due timer, a posted result, input)
            // would be replaced before anyone could see it: the loop takes the event first, and
            // draws once it would block, or once the oldest undrawn change is a frame old.
            let now = ContinuousClock.now
            if !hasWaitingEvent(signals: signals, now: now) || now - (undrawnSince ?? now) >= Self.frameInterval {
                let frame = program.render(width: size.width, height: size.height)
                if frame != lastFrame {
                    session.draw(frame)
                    lastFrame = frame
                }
                program.settle()
                undrawnSince = nil
            } else if undrawnSince == nil {
                undrawnSince = now
            }
            let terminalGone = wait(signals: signals)
            deliver(.clock(Date()), session)
            if terminalGone { deliver(.terminal(.terminate(.hangup), screenWidth: size.width), session) }
            for signal in LoopWait.drain(signals: signals) { handle(signal: signal, session, forceRedraw: &lastFrame) }
            for item in mailbox.take() { deliver(.posted(item), session) }
            for event in session.readEvents() { deliver(.terminal(event, screenWidth: session.size.width), session) }
            fireDueTimers(session)
        }
        program.settle()
        return exitStatus ?? 0
    }

    /// The longest a change waits to be drawn while events keep coming (60 frames a second).
    private static var frameInterval: Duration { .microseconds(16_667) }

    private func hasWaitingEvent(signals: Int32, now: ContinuousClock.Instant) -> Bool {
        timers.contains { $0.deadline <= now } || LoopWait.isReadable(signals: signals, mailbox: mailbox.readDescriptor)
    }

    /// Blocks until input, a signal, posted work or the next timer; true when the terminal
    /// has gone away.
    private func wait(signals: Int32) -> Bool {
        let timeout = timers.map(\.deadline).min().map { Int32(clamping: max(0, ContinuousClock.now.duration(to: $0).millisecondsRoundedUp)) } ?? -1
        return LoopWait.wait(signals: signals, mailbox: mailbox.readDescriptor, milliseconds: timeout)
    }

    /// The one signal switch: each signal becomes the same event for every program.
    private func handle(signal: Int32, _ session: TerminalSession, forceRedraw lastFrame: inout Canvas?) {
        let width = session.size.width
        switch signal {
        case SIGINT: deliver(.terminal(.terminate(.interrupt), screenWidth: width), session)
        case SIGTERM: deliver(.terminal(.terminate(.terminateSignal), screenWidth: width), session)
        case SIGHUP: deliver(.terminal(.terminate(.hangup), screenWidth: width), session)
        case SIGQUIT: deliver(.terminal(.terminate(.quitSignal), screenWidth: width), session)
        case SIGTSTP: deliver(.terminal(.suspend, screenWidth: width), session)
        case SIGCONT:
            // ncurses repaints nothing by itself after `fg`.
            session.repaintAll()
            lastFrame = nil
            deliver(.terminal(.resume, screenWidth: width), session)
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
        for timer in due { deliver(.timerFired(timer.id), session) }
    }

    /// Hands `event` to the program and performs its actions in order; nothing more once it has exited.
    private func deliver(_ event: LoopEvent<Program.Posted, Program.Timer>, _ session: TerminalSession) {
        guard exitStatus == nil else { return }
        for action in program.step(event) {
            switch action {
            case .background(let work):
                let mailbox = mailbox
                BackgroundThread.start { work { mailbox.post($0) } }
            case let .startTimer(id, milliseconds):
                timers.append((id, ContinuousClock.now + .milliseconds(milliseconds)))
            case .stopProcess: session.stopProcess()
            case .exit(let status): exitStatus = status
            }
        }
    }
}
