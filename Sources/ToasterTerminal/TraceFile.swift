import Glibc
import ToasterCore

/// `--trace FILE`: one JSON object a line, appended and written through at once, so that a
/// test polling the file sees each event as it happens.
public final class TraceFile {
    private let descriptor: Int32
    private let clock: any WallClock
    public private(set) var failure: String?

    public init(path: String, clock: any WallClock) throws(TerminalError) {
        descriptor = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw .traceFile("\(path): \(String(cString: strerror(errno)))") }
        self.clock = clock
    }

    deinit { close(descriptor) }

    func write(_ event: TraceEvent) {
        var bytes = Array((event.traceLine(milliseconds: clock.elapsedMilliseconds) + "\n").utf8)
        let written = bytes.withUnsafeMutableBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
        if written != bytes.count, failure == nil {
            failure = "writing the trace failed: \(String(cString: strerror(errno)))"
        }
    }
}
