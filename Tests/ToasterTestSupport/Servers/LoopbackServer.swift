import Foundation
import Glibc
import Hummingbird
import ServiceLifecycle
import Testing

/// Runs `router` on 127.0.0.1 at a free port for the duration of `body`, then shuts it down
/// gracefully (cancelling its task instead makes Hummingbird log the cancellation as an error).
/// The server and its connections' tasks run on `TestThreads`, never waiting for the
/// cooperative pool, whatever the client beside them blocks.
package func serving<R: HTTPResponderBuilder>(_ router: R, _ body: (String) async throws -> Void) async throws
    where R.Responder.Context == BasicRequestContext {
    let port = AsyncStream<Int>.makeStream()
    let app = Application(router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)),
                          onServerRunning: { port.continuation.yield($0.localAddress?.port ?? 0) }, logger: ExampleServer.quiet)
    let group = ServiceGroup(configuration: .init(services: [app], logger: app.logger))
    let server = Task(executorPreference: TestThreads.shared) { try await group.run() }
    var ports = port.stream.makeAsyncIterator()
    let bound = try #require(await ports.next())
    let outcome: Result<Void, any Error>
    do {
        try await body("http://127.0.0.1:\(bound)")
        outcome = .success(())
    } catch {
        outcome = .failure(error)
    }
    await group.triggerGracefulShutdown()
    try await server.value
    try outcome.get()
}

/// Answers every connection on 127.0.0.1 with `answer` as it is, then closes it, for the
/// duration of `body`: for answers no well-behaved server gives (a body cut short, headers
/// past every limit, garbage).
package func servingRaw(_ answer: String, _ body: (String) async throws -> Void) async throws {
    let bytes = Array(answer.utf8)
    try await servingConnections({ connection in _ = sendAll(connection, bytes) }, body)
}

/// Sends `bytes` until done or the client is gone; whether all were sent.
package func sendAll(_ connection: Int32, _ bytes: [UInt8]) -> Bool {
    var sent = 0
    while sent < bytes.count {
        let count = bytes[sent...].withUnsafeBytes { send(connection, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        if count <= 0 { return false }
        sent += count
    }
    return true
}

/// Hands every connection on 127.0.0.1, its request head read, to `answer`, then closes it,
/// for the duration of `body`: for servers that misbehave over time (answers that never end).
package func servingConnections(_ answer: @escaping @Sendable (Int32) -> Void, _ body: (String) async throws -> Void) async throws {
    let listener = try LoopbackListener(answer)
    defer { withExtendedLifetime(listener) {} }
    try await body(listener.baseURL)
}

/// A listener on 127.0.0.1 at a free port that hands every connection, its request head read,
/// to `answer` and then closes it, one connection at a time on a thread of its own, until it
/// is released.
package final class LoopbackListener: Sendable {
    package let baseURL: String
    private let listener: Int32

    package init(_ answer: @escaping @Sendable (Int32) -> Void) throws {
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var size = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = listener >= 0 && withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(listener, $0, size) == 0 && listen(listener, 16) == 0 && getsockname(listener, $0, &size) == 0
            }
        }
        guard bound else {
            let reason = String(cString: strerror(errno))
            if listener >= 0 { close(listener) }
            throw TestFailure(description: "cannot listen on 127.0.0.1: \(reason)")
        }
        self.listener = listener
        baseURL = "http://127.0.0.1:\(UInt16(bigEndian: address.sin_port))"
        Thread {
            while case let connection = accept(listener, nil, nil), connection >= 0 {
                readRequestHead(connection)
                answer(connection)
                close(connection)
            }
            // shutdown() in deinit ended accept(); the listener is this thread's to close.
            close(listener)
        }.start()
    }

    deinit { shutdown(listener, Int32(SHUT_RDWR)) }
}

/// Reads up to the blank line after the request's headers, so that closing the connection
/// sends the client an orderly end, not a reset for unread bytes.
private func readRequestHead(_ connection: Int32) {
    var received: [UInt8] = []
    var byte: UInt8 = 0
    while Array(received.suffix(4)) != Array("\r\n\r\n".utf8) {
        guard recv(connection, &byte, 1, 0) == 1 else { return }
        received.append(byte)
    }
}
