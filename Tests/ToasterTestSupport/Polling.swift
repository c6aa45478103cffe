import Foundation

/// How every wait of the tests waits — for a screen, a trace, a file, a process, a socket, a
/// server: it polls, and fails only once its deadline has passed.
package enum Polling {
    /// A wait's allowance on a quiet machine: long enough for any wait of ours, short enough
    /// that a hang fails the run.
    static let quiet: Duration = .seconds(15)

    /// At most this many times `quiet`, however busy the machine.
    static let mostStretch = 8.0

    /// When a wait gives up. Its allowance grows with the machine's load: `quiet` times the
    /// runnable processes per core (the one-minute load average, from 1 up to `mostStretch`),
    /// read each time it is asked, so that builds or CPU hogs beside the suite make a wait
    /// longer rather than a failure. `extend()` starts it again, for a wait that sees progress.
    package struct Deadline {
        private var start = ContinuousClock.now

        package init() {}

        /// For a wait that cannot end before `bound`, a server's own deadline: the allowance
        /// counts from then.
        package init(beyond bound: Duration) { start = .now + bound }

        package var hasPassed: Bool { ContinuousClock.now - start > Polling.allowance }

        /// Something moved: the allowance counts from now.
        package mutating func extend() { start = ContinuousClock.now }
    }

    /// `quiet`, stretched by the load per core now: what a wait is given, and what a helper
    /// program that waits by itself (an example script) is told to give its waits.
    package static var allowance: Duration {
        var load = [0.0]
        let cores = Double(max(1, sysconf(Int32(_SC_NPROCESSORS_ONLN))))
        let perCore = getloadavg(&load, 1) == 1 ? load[0] / cores : 1
        return quiet * min(mostStretch, max(1, perCore))
    }

    /// The pauses between two looks: short at first (most commands and screens are done in a
    /// few milliseconds), then every 20 ms.
    static let intervals = [0.001, 0.002, 0.005, 0.01]
    static let interval = 0.02

    /// Calls `probe` until it gives a value, and returns that; nil when the deadline passed
    /// first (`beyond`: a bound the wait cannot end before). Blocks its thread: only for tests
    /// that run off the pool.
    package static func until<T>(beyond bound: Duration = .zero, _ probe: () throws -> T?) rethrows -> T? {
        TestThreads.shared.expectCurrent("a polling wait")
        let deadline = Deadline(beyond: bound)
        var pauses = intervals.makeIterator()
        while true {
            if let value = try probe() { return value }
            if deadline.hasPassed { return nil }
            Thread.sleep(forTimeInterval: pauses.next() ?? interval)
        }
    }

    /// `until` for a probe that awaits (a request to a server).
    package static func until<T>(beyond bound: Duration = .zero, _ probe: () async throws -> T?) async rethrows -> T? {
        let deadline = Deadline(beyond: bound)
        var pauses = intervals.makeIterator()
        while true {
            if let value = try await probe() { return value }
            if deadline.hasPassed { return nil }
            try? await Task.sleep(for: .seconds(pauses.next() ?? interval))
        }
    }
}
