import Foundation

/// A TCP connection to a loopback port that sends exactly the bytes given — half a request, a
/// byte at a time, a method URLSession will not send — and tells when the server closes it.
package final class RawConnection {
    private let descriptor: Int32

    /// `url`: `http://127.0.0.1:PORT` or `http://[::1]:PORT`.
    package init(_ url: String) throws {
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
        guard descriptor >= 0, connect(descriptor, info.pointee.ai_addr, info.pointee.ai_addrlen) == 0 else {
            let reason = String(cString: strerror(errno))
            if descriptor >= 0 { close(descriptor) }
            throw TestFailure(description: "cannot connect to \(url): \(reason)")
        }
    }

    deinit { close(descriptor) }

    package func send(_ text: String) throws {
        let bytes = Array(text.utf8)
        let sent = bytes.withUnsafeBytes { Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        guard sent == bytes.count else { throw TestFailure(description: "send failed: \(String(cString: strerror(errno)))") }
    }

    /// Closes the sending side only, as a client that gave up does with a half-sent request.
    package func finishSending() {
        shutdown(descriptor, Int32(SHUT_WR))
    }

    /// Everything the server sends until it closes the connection, or nil when it has not
    /// closed it within `seconds`.
    package func readUntilClosed(within seconds: Double) -> String? {
        var received: [UInt8] = []
        let end = ContinuousClock.now + .milliseconds(Int(seconds * 1000))
        while ContinuousClock.now < end {
            guard let chunk = read(untilAtMost: end) else { return nil }
            if chunk.isEmpty { return String(decoding: received, as: UTF8.self) }
            received += chunk
        }
        return nil
    }

    /// The bytes the server sends until `marker` has arrived (an answer's end), or nil when it
    /// does not within `seconds` or closes first.
    package func read(through marker: String, within seconds: Double) -> String? {
        var received: [UInt8] = []
        let end = ContinuousClock.now + .milliseconds(Int(seconds * 1000))
        while ContinuousClock.now < end {
            guard let chunk = read(untilAtMost: end), !chunk.isEmpty else { return nil }
            received += chunk
            let text = String(decoding: received, as: UTF8.self)
            if text.contains(marker) { return text }
        }
        return nil
    }

    /// Whether the server has sent anything (or closed) that has not been read yet, now.
    package func hasSentSomething() -> Bool {
        var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        return poll(&poller, 1, 0) > 0
    }

    /// One read: some bytes, empty at the end of the stream (or a reset), nil when nothing
    /// came before `end`.
    private func read(untilAtMost end: ContinuousClock.Instant) -> [UInt8]? {
        let left = ContinuousClock.now.duration(to: end)
        guard left > .zero else { return nil }
        var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        let milliseconds = Int32(left.components.seconds * 1000 + left.components.attoseconds / 1_000_000_000_000_000 + 1)
        guard poll(&poller, 1, milliseconds) > 0 else { return nil }
        var buffer = [UInt8](repeating: 0, count: 65536)
        let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
        return count > 0 ? Array(buffer[0..<count]) : []
    }
}
