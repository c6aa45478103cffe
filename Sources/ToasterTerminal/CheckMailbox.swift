import CTerminalSupport
import Glibc
import Synchronization
import ToasterCore

/// Carries check results from their tasks to the event loop, with a pipe that wakes its poll().
final class CheckMailbox: Sendable {
    private let outcomes = Mutex<[CheckResult]>([])
    let readDescriptor: Int32
    private let writeDescriptor: Int32

    init() {
        var readEnd: Int32 = -1
        var writeEnd: Int32 = -1
        toaster_make_pipe(&readEnd, &writeEnd)
        readDescriptor = readEnd
        writeDescriptor = writeEnd
    }

    deinit {
        close(readDescriptor)
        close(writeDescriptor)
    }

    func post(_ result: CheckResult) {
        outcomes.withLock { $0.append(result) }
        var byte: UInt8 = 1
        _ = write(writeDescriptor, &byte, 1)
    }

    func take() -> [CheckResult] {
        var buffer = [UInt8](repeating: 0, count: 64)
        while buffer.withUnsafeMutableBytes({ read(readDescriptor, $0.baseAddress, $0.count) }) > 0 {}
        return outcomes.withLock { taken in
            defer { taken.removeAll() }
            return taken
        }
    }
}
