import Foundation

/// A loopback HTTP server that answers every request with one JSON body and keeps each request
/// head it received, exactly as sent: a stand-in for a service, or for an HTTP proxy (which
/// receives the absolute URI in its request line).
final class RecordingServer: @unchecked Sendable {
    let port: UInt16
    private let listener: Int32
    private let lock = NSLock()
    private var heads: [String] = []

    var requests: [String] { lock.withLock { heads } }

    init(answering body: String) throws {
        listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var size = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(listener, $0, size) == 0 && listen(listener, 16) == 0 && getsockname(listener, $0, &size) == 0
            }
        }
        guard listener >= 0, bound else { throw PTYError(description: "cannot listen on 127.0.0.1: \(String(cString: strerror(errno)))") }
        port = UInt16(bigEndian: address.sin_port)
        let answer = Array("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\nConnection: close\r\n\r\n\(body)".utf8)
        let listener = listener
        Thread { [weak self] in
            while case let connection = accept(listener, nil, nil), connection >= 0 {
                let head = Self.requestHead(connection)
                self?.lock.withLock { self?.heads.append(head) }
                _ = answer.withUnsafeBytes { send(connection, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
                close(connection)
            }
            close(listener)
        }.start()
    }

    deinit { shutdown(listener, Int32(SHUT_RDWR)) }

    private static func requestHead(_ connection: Int32) -> String {
        var received: [UInt8] = []
        var byte: UInt8 = 0
        while Array(received.suffix(4)) != Array("\r\n\r\n".utf8), received.count < 65536 {
            guard recv(connection, &byte, 1, 0) == 1 else { break }
            received.append(byte)
        }
        return String(decoding: received, as: UTF8.self)
    }
}
