import Foundation
import Synchronization
import Testing

/// Threads of the tests' own for everything a test does that blocks: waiting on a child
/// process, a socket, a screen, a file, a libcurl fetch. Swift's cooperative pool has one thread
/// per core, two here; a test that blocked one of them took it from every other test and from
/// the in-process servers answering them, and a busy machine turned that into timeouts. Here a
/// job that finds no idle thread gets a new one, so a blocked job never holds up another.
package final class TestThreads: TaskExecutor, @unchecked Sendable {
    package static let shared = TestThreads()

    /// The jobs not yet taken and the threads waiting for one, under `condition`.
    private let condition = NSCondition()
    private var jobs: [UnownedJob] = []
    private var idle = 0
    /// The threads' ids: which thread is one of ours.
    private let workers = Mutex<Set<pthread_t>>([])

    private init() {}

    package func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        condition.lock()
        jobs.append(job)
        if jobs.count > idle {
            Thread { [self] in work() }.start()
        } else {
            condition.signal()
        }
        condition.unlock()
    }

    private func work() {
        workers.withLock { _ = $0.insert(pthread_self()) }
        condition.lock()
        while true {
            guard !jobs.isEmpty else {
                idle += 1
                condition.wait()
                idle -= 1
                continue
            }
            let job = jobs.removeFirst()
            condition.unlock()
            job.runSynchronously(on: asUnownedTaskExecutor())
            condition.lock()
        }
    }

    /// Whether the caller runs on one of these threads.
    package var isCurrent: Bool { workers.withLock { $0.contains(pthread_self()) } }

    /// Records an issue when a blocking helper is called elsewhere (on the cooperative pool):
    /// its suite lacks the `.offThePool` trait.
    package func expectCurrent(_ what: String) {
        if !isCurrent {
            Issue.record("\(what) blocks, and this test runs on Swift's cooperative pool: give its suite the .offThePool trait")
        }
    }
}

/// Runs every test of the suite it is given to (`@Suite(.offThePool)`) on `TestThreads`: the
/// test's body, what it awaits, and the child tasks it starts. Every suite whose tests block
/// has it; the blocking helpers of this module check for it.
package struct OffThePool: SuiteTrait, TestTrait, TestScoping {
    package var isRecursive: Bool { true }

    package func scopeProvider(for test: Test, testCase: Test.Case?) -> Self? {
        testCase == nil ? nil : self
    }

    package func provideScope(for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void) async throws {
        try await withTaskExecutorPreference(TestThreads.shared) { try await function() }
    }
}

extension Trait where Self == OffThePool {
    package static var offThePool: Self { OffThePool() }
}
