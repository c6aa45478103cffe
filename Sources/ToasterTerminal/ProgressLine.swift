import CTerminalSupport
import Glibc
import Synchronization
import ToasterCore

/// `preflight`'s progress on stderr: a bar redrawn in place on a terminal; otherwise (a CI log)
/// one plain line at most every `plainEvery`, so that a long run shows it is alive without
/// flooding the log. One line serves every round: a round's first report (none done) starts
/// its clock.
public final class ProgressLine: Sendable {
    static let plainEvery: Duration = .seconds(30)

    private let onTerminal: Bool
    /// Writes to standard error as it is: the bar's own control sequences must reach the terminal.
    private let write: @Sendable (String) -> Void
    /// When the round began, and when the last plain line was written.
    private let times: Mutex<(start: ContinuousClock.Instant, lastPlain: ContinuousClock.Instant)>

    public init(writingUnescaped write: @escaping @Sendable (String) -> Void) {
        self.write = write
        onTerminal = isatty(STDERR_FILENO) == 1
        let now = ContinuousClock.now
        times = Mutex((now, now))
        guard onTerminal else { return }
        // A hang-up while the bar is up: clear it, then end as the signal would. SIGINT and
        // SIGTERM are `InterruptWatch`'s, whose report clears the bar first.
        for signalNumber in [SIGHUP] {
            signal(signalNumber) { received in
                let clear: StaticString = "\r\u{1B}[2K"
                _ = Glibc.write(STDERR_FILENO, clear.utf8Start, clear.utf8CodeUnitCount)
                signal(received, SIG_DFL)
                raise(received)
            }
        }
    }

    /// A parent may pass these on blocked (test runners do); Ctrl-C must still stop a long run.
    public static func unblockInterrupts() {
        var interrupts = sigset_t()
        sigemptyset(&interrupts)
        for signalNumber in [SIGINT, SIGTERM, SIGHUP] { sigaddset(&interrupts, signalNumber) }
        pthread_sigmask(SIG_UNBLOCK, &interrupts, nil)
    }

    public func show(done: Int, total: Int, paced: Duration) {
        let now = ContinuousClock.now
        times.withLock { times in
            if done == 0 { times = (now, now) }
            if onTerminal {
                var rows: Int32 = 0, columns: Int32 = 0
                let width = toaster_terminal_size(STDERR_FILENO, &rows, &columns) == 0 ? Int(columns) : 80
                write("\r\u{1B}[2K" + PreflightProgress.line(done: done, total: total, elapsed: now - times.start, paced: paced, width: width))
                return
            }
            guard done < total, now - times.lastPlain >= Self.plainEvery else { return }
            times.lastPlain = now
            write(TextSanitizer.escaped("preflight: \(done)/\(total) requests, "
                                             + PreflightProgress.left(done: done, total: total, elapsed: now - times.start, paced: paced) + "\n"))
        }
    }

    public func clear() {
        guard onTerminal else { return }
        times.withLock { _ in write("\r\u{1B}[2K") }
    }
}
