import Synchronization

/// A value several threads (a server's handlers, a client's fetches, an injected clock) share.
package final class Shared<Value: Sendable>: Sendable {
    private let value: Mutex<Value>

    package init(_ value: Value) { self.value = Mutex(value) }

    package var current: Value { value.withLock { $0 } }

    @discardableResult
    package func update<Result: Sendable>(_ change: @Sendable (inout Value) -> Result) -> Result { value.withLock { change(&$0) } }
}
