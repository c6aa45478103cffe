import Dispatch
import ToasterCore
import ToasterServices

/// Runs a blocking fetch on a Dispatch thread. The servers these tests start answer on the
/// Swift concurrency pool, which has one thread per core: tests blocking those threads while
/// they wait for an answer would leave none to give it.
package func offThePool<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        DispatchQueue.global().async { continuation.resume(with: Result { try body() }) }
    }
}

extension VersionSource {
    package func fetchAnswerOffThePool() async throws -> SourceAnswer {
        try await offThePool { try fetchAnswer() }
    }
}
