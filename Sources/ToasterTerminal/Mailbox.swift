import CTerminalSupport
import Glibc
import Synchronization
import ToasterCore

/// Carries results (a check's, a storefront's answer) from their threads to the event loop,
/// with a pipe that wakes its poll().
final class Mailbox<Item: Sendable>: Sendable {
    private let outcomes = Mutex<[Item]>([])
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

    func post(_ result: Item) {
        outcomes.withLock { $0.append(result) }
        var byte: UInt8 = 1
        _ = write(writeDescriptor, &byte, 1)
    }

    func take() -> [Item] {
        var buffer = [UInt8](repeating: 0, count: 64)
        while buffer.withUnsafeMutableBytes({ read(readDescriptor, $0.baseAddress, $0.count) }) > 0 {}
        return outcomes.withLock { taken in
            defer { taken.removeAll() }
            return taken
        }
    }
}
