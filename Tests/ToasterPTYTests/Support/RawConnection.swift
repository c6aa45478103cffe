import Foundation

/// A TCP connection to a loopback port that sends exactly the bytes given: for requests no
/// HTTP client would send, such as a body that never ends.
final class RawConnection {
    private let descriptor: Int32

    init(port: Int) throws {
        descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = UInt16(port).bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0 }
        }
        guard connected else {
            close(descriptor)
            throw PTYError(description: "cannot connect to 127.0.0.1:\(port)")
        }
    }

    deinit { close(descriptor) }

    func send(_ text: String) throws {
        let bytes = Array(text.utf8)
        guard bytes.withUnsafeBytes({ Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }) == bytes.count else {
            throw PTYError(description: "cannot send to the server")
        }
    }
}

extension ServerProcess {
    /// The port of `baseURL`.
    var port: Int { Int(baseURL.split(separator: ":").last ?? "") ?? 0 }

    /// Waits until the process has ended, and returns how long that took; nil past `deadline`.
    func waitForExit(within deadline: Duration) -> Duration? {
        let start = ContinuousClock.now
        var status: Int32 = 0
        while ContinuousClock.now - start < deadline {
            if waitpid(pid, &status, WNOHANG) == pid { return ContinuousClock.now - start }
            Thread.sleep(forTimeInterval: 0.02)
        }
        return nil
    }

    /// Polls the output until `text` appears in it at least `count` times.
    func waitForOutput(_ text: String, count: Int = 1) throws {
        let end = ContinuousClock.now + TmuxTerminal.deadline
        while output.components(separatedBy: text).count - 1 < count {
            guard ContinuousClock.now < end else { throw PTYError(description: "no \"\(text)\" (×\(count)) in:\n\(output.suffix(3000))") }
            Thread.sleep(forTimeInterval: 0.02)
        }
    }
}
