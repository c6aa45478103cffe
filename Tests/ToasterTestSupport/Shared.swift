import Synchronization

/// A value several threads (a server's handlers, a client's fetches, an injected clock) share.
final class Shared<Value: Sendable>: Sendable {
    private let value: Mutex<Value>

    init(_ value: Value) { self.value = Mutex(value) }

    var current: Value { value.withLock { $0 } }

    @discardableResult
    func update<Result: Sendable>(_ change: @Sendable (inout Value) -> Result) -> Result { value.withLock { change(&$0) } }
}
