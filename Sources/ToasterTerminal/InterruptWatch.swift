import CTerminalSupport
import Dispatch
import Glibc
import Synchronization

/// SIGINT and SIGTERM during a long job that has something to say when stopped (preflight's
/// rounds, in lines: a CI job's timeout, Ctrl-C): the signal is caught, `report` writes what is
/// known by then, and `ending` ends the process with 128 + the signal, as a shell reports a
/// process the signal ended. Whichever comes first writes — the job's own ending (`finish`) or
/// the stopped report — never both. The process is ended by the command line's rule
/// (`CommandLineRule.endNow`), which the command passes in: the terminal only watches.
public final class InterruptWatch: Sendable {
    private let claimed = Atomic<Bool>(false)

    /// Starts watching on a thread of its own; `report` runs there with the signal's name
    /// (`SIGTERM`), then `ending` with the status. Nil when the signal pipe cannot be made: the
    /// signals then keep their default action.
    public init?(ending: @escaping @Sendable (_ status: Int32) -> Never, report: @escaping @Sendable (_ signal: String) -> Void) {
        let descriptor = toaster_interrupts_route()
        guard descriptor >= 0 else { return nil }
        // The watch lives as long as the process: the thread keeps it.
        DispatchQueue(label: "interrupt-watch").async { [self] in
            var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            var byte: UInt8 = 0
            while true {
                guard poll(&entry, 1, -1) > 0, read(descriptor, &byte, 1) == 1 else { continue }
                let signalNumber = Int32(byte)
                guard claimed.compareExchange(expected: false, desired: true, ordering: .sequentiallyConsistent).exchanged else {
                    // The job is writing its own ending, and exits when it is done.
                    continue
                }
                report(signalNumber == SIGINT ? "SIGINT" : "SIGTERM")
                ending(128 + signalNumber)
            }
        }
    }

    /// Runs the job's own ending, unless a signal's report has begun: then it waits for the
    /// end that report is followed by.
    public func finish<T>(_ ending: () throws -> T) rethrows -> T {
        guard claimed.compareExchange(expected: false, desired: true, ordering: .sequentiallyConsistent).exchanged else {
            while true { pause() }
        }
        return try ending()
    }
}
