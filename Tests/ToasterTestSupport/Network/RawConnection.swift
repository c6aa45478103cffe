import Foundation

/// A TCP connection to a loopback port that sends exactly the bytes given — half a request, a
/// byte at a time, a method URLSession will not send — and tells when the server closes it.
package final class RawConnection {
    private let descriptor: Int32

    /// `url`: `http://127.0.0.1:PORT` or `http://[::1]:PORT`. `receiveBuffer`: the socket's
    /// `SO_RCVBUF` (Linux doubles it), for a client that takes little before it stops reading.
    package init(_ url: String, receiveBuffer: Int32? = nil) throws {
        guard let address = url.split(separator: "/").last, let port = UInt16(address.split(separator: ":").last ?? "") else {
            throw TestFailure(description: "not a loopback URL: \(url)")
        }
        let host = address.hasPrefix("[") ? "::1" : "127.0.0.1"
        var hints = addrinfo()
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var found: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(host, String(port), &hints, &found) == 0, let info = found else {
            throw TestFailure(description: "no address for \(url)")
        }
        defer { freeaddrinfo(found) }
        // Close-on-exec: a server another test spawns meanwhile must not inherit a copy, which
        // would keep the connection open after this test closes it.
        descriptor = socket(info.pointee.ai_family, info.pointee.ai_socktype | Int32(SOCK_CLOEXEC.rawValue), info.pointee.ai_protocol)
        // Before connecting: the window a connection offers is settled then.
        var size = receiveBuffer ?? 0
        let sized = receiveBuffer == nil || setsockopt(descriptor, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size)) == 0
        guard descriptor >= 0, sized, connect(descriptor, info.pointee.ai_addr, info.pointee.ai_addrlen) == 0 else {
            // No close here: with every property set, a throwing init still runs deinit, and a
            // second close would take the number another test's socket was given meanwhile.
            throw TestFailure(description: "cannot connect to \(url): \(String(cString: strerror(errno)))")
        }
    }

    deinit { if descriptor >= 0 { close(descriptor) } }

    package func send(_ text: String) throws {
        try send(bytes: Array(text.utf8))
    }

    package func send(bytes: [UInt8]) throws {
        let sent = bytes.withUnsafeBytes { Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        guard sent == bytes.count else { throw TestFailure(description: "send failed: \(String(cString: strerror(errno)))") }
    }

    /// Closes the sending side only, as a client that gave up does with a half-sent request.
    package func finishSending() {
        shutdown(descriptor, Int32(SHUT_WR))
    }

    /// What the server has sent so far, and whether it has closed the connection (or reset it).
    private var received: [UInt8] = []
    private var ended = false

    /// Everything the server sends until it closes the connection; nil when it has not closed
    /// it by the polling deadline.
    package func readUntilClosed() -> String? {
        guard awaitArrival({ ended }) else { return nil }
        defer { received = [] }
        return String(decoding: received, as: UTF8.self)
    }

    /// The bytes the server sends until `marker` has arrived (an answer's end), taken from
    /// what is kept, so that the next call reads the next answer; nil when the marker has not
    /// come by the polling deadline, or the server closed first.
    package func read(through marker: String) -> String? {
        let bytes = Array(marker.utf8)
        guard awaitArrival({ Self.end(of: bytes, in: received) != nil || ended }),
              let end = Self.end(of: bytes, in: received) else { return nil }
        defer { received.removeFirst(end) }
        return String(decoding: received[..<end], as: UTF8.self)
    }

    /// Reads until `done` holds, waking as bytes arrive; false when the polling deadline passed first.
    private func awaitArrival(_ done: () -> Bool) -> Bool {
        TestThreads.shared.expectCurrent("a read from a socket")
        let deadline = Polling.Deadline()
        while true {
            take()
            if done() { return true }
            if deadline.hasPassed { return false }
            var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            _ = poll(&poller, 1, 20)
        }
    }

    /// Where the first `marker` in `bytes` ends.
    private static func end(of marker: [UInt8], in bytes: [UInt8]) -> Int? {
        guard bytes.count >= marker.count else { return nil }
        return (marker.count...bytes.count).first { bytes[($0 - marker.count)..<$0].elementsEqual(marker) }
    }

    /// Whether `marker` has arrived by now: reads what is there, without waiting.
    package func hasReceived(_ marker: String) -> Bool {
        take()
        return Self.end(of: Array(marker.utf8), in: received) != nil
    }

    /// Whether the server has sent anything, or closed, by now: reads what is there, without waiting.
    package var hasSentSomething: Bool {
        take()
        return ended || !received.isEmpty
    }

    /// Whether the server has closed the connection by now: reads what is there, without waiting.
    package var isClosed: Bool {
        take()
        return ended
    }

    /// Reads whatever has arrived, without waiting; a reset counts as the end.
    private func take() {
        var buffer = [UInt8](repeating: 0, count: 65536)
        while !ended {
            let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT)) }
            if count > 0 {
                received += buffer[0..<count]
            } else if count == 0 || (errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR) {
                ended = true
            } else {
                return
            }
        }
    }
}
