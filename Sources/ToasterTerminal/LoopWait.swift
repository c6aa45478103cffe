import Glibc

/// What the event loop (`TerminalRunner`) blocks on: standard input, the signal self-pipe and
/// a mailbox's pipe.
enum LoopWait {
    /// Blocks until one of them is readable or `milliseconds` pass (-1: no limit); true when
    /// the terminal has gone away.
    static func wait(signals: Int32, mailbox: Int32, milliseconds: Int32) -> Bool {
        var descriptors = descriptorsToWatch(signals: signals, mailbox: mailbox)
        guard poll(&descriptors, nfds_t(descriptors.count), milliseconds) > 0 else { return false }
        return descriptors[0].revents & Int16(POLLHUP | POLLERR | POLLNVAL) != 0
    }

    /// Whether one of them is readable (or the terminal has gone away) now, without waiting.
    static func isReadable(signals: Int32, mailbox: Int32) -> Bool {
        var descriptors = descriptorsToWatch(signals: signals, mailbox: mailbox)
        return poll(&descriptors, nfds_t(descriptors.count), 0) > 0
    }

    private static func descriptorsToWatch(signals: Int32, mailbox: Int32) -> [pollfd] {
        [STDIN_FILENO, signals, mailbox].map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
    }

    /// The signal numbers waiting in the self-pipe, one byte each.
    static func drain(signals: Int32) -> [Int32] {
        var buffer = [UInt8](repeating: 0, count: 64)
        let count = buffer.withUnsafeMutableBytes { read(signals, $0.baseAddress, $0.count) }
        return count > 0 ? buffer[0..<count].map(Int32.init) : []
    }
}
