import Dispatch
import Glibc
import Synchronization
import ToasterFiles

/// Writes lines to a file descriptor from a queue of its own: a request only appends to a
/// buffer, and a slow disk or a full pipe never holds up Swift's cooperative pool. Lines are
/// written whole and in order; `flush()` waits for everything written so far.
public final class LineWriter: Sendable {
    /// The least time between two writes of lines that may wait (the access log's): one given
    /// sooner after the last write waits for the others until then, and they are written
    /// together. Written as soon as each came, the access log woke the queue's thread every few
    /// requests, and the switches cost a tenth of the server's requests per second.
    static let gathering: UInt64 = 10_000_000

    /// When the queue is next asked to write.
    private enum Drain { case none, later, now }

    private let descriptor: Int32
    private let pending = Mutex<(bytes: [UInt8], drain: Drain)>(([], .none))
    /// When the queue last wrote, in `DispatchTime` nanoseconds.
    private let lastWrite = Atomic<UInt64>(0)
    private let queue = DispatchQueue(label: "toaster-server.log")

    public static let standardOutput = LineWriter(descriptor: STDOUT_FILENO)

    private init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    /// A file opened for appending (created 0640 when missing), so `logrotate`'s
    /// `copytruncate` works with it.
    public static func appending(to path: String) throws(FileError) -> LineWriter {
        let descriptor = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o640)
        guard descriptor >= 0 else { throw FileError("cannot open \(path): \(String(cString: strerror(errno)))") }
        return LineWriter(descriptor: descriptor)
    }

    /// One line, its line break included. `promptly`: written at once, with the lines waiting
    /// before it (the server's log, which operators and scripts read as it happens); otherwise
    /// it may wait up to `gathering` after the last write (the access log).
    func write(_ line: some Collection<UInt8>, promptly: Bool) {
        let schedule = pending.withLock { pending -> Drain in
            pending.bytes.append(contentsOf: line)
            switch pending.drain {
            case .now: return .none
            case .later where !promptly: return .none
            case .later, .none:
                let next = lastWrite.load(ordering: .relaxed) + Self.gathering
                pending.drain = promptly || next <= DispatchTime.now().uptimeNanoseconds ? .now : .later
                return pending.drain
            }
        }
        switch schedule {
        case .none: break
        case .now: queue.async { self.drain() }
        case .later:
            let next = lastWrite.load(ordering: .relaxed) + Self.gathering
            queue.asyncAfter(deadline: DispatchTime(uptimeNanoseconds: next)) { self.drain() }
        }
    }

    public func flush() {
        queue.sync { drain() }
    }

    private func drain() {
        lastWrite.store(DispatchTime.now().uptimeNanoseconds, ordering: .relaxed)
        let bytes = pending.withLock { pending in
            let bytes = pending.bytes
            pending.bytes.removeAll(keepingCapacity: true)
            pending.drain = .none
            return bytes
        }
        bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let count = Glibc.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if count < 0, errno == EINTR { continue }
                // A log that cannot be written (a closed pipe, a full disk) loses the lines
                // rather than stopping the service.
                guard count > 0 else { return }
                offset += count
            }
        }
    }
}
