import Foundation
import Synchronization

/// An App Store lookup on loopback that lists app 1234567890 at 2.0.0 (what forces the demo
/// app's 1.0.0), but answers each request only once the test lets it: a check that stays in
/// flight exactly as long as a test needs, however slow the machine, where a latency of so
/// many seconds would have been a window.
package final class HeldLookup {
    private static let answer = #"{"resultCount":1,"results":[{"trackId":1234567890,"bundleId":"com.example.toaster","#
        + #""trackName":"Toaster","version":"2.0.0","releaseNotes":"새로운 기능","minimumOsVersion":"15.0"}]}"#

    /// How many requests have arrived, and how many may be answered.
    private let counts = Shared((arrived: 0, allowed: 0))
    private let listener: LoopbackListener

    package var url: String { listener.baseURL + "/lookup" }
    /// `toastercli`'s arguments for this service, with the longest timeout it allows: a held
    /// request ends when the test says, not at the default's 5 s.
    package var arguments: [String] { ["--source", "appstore", "--url", url, "--app-id", "1234567890", "--timeout", "600"] }
    package var arrived: Int { counts.current.arrived }

    package init() throws {
        let counts = counts
        let reply = Array(("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: \(Self.answer.utf8.count)\r\n"
                           + "Connection: close\r\n\r\n\(Self.answer)").utf8)
        listener = try LoopbackListener { connection in
            let number = counts.update { $0.arrived += 1; return $0.arrived }
            // Until the test allows this one, or the client leaves (its timeout, its end).
            while counts.current.allowed < number {
                var poller = pollfd(fd: connection, events: Int16(POLLIN), revents: 0)
                if poll(&poller, 1, 20) > 0 { return }
            }
            _ = sendAll(connection, reply)
        }
    }

    /// Lets the next request be answered: one already waiting, or the next to come.
    package func answerNext() {
        counts.update { $0.allowed += 1 }
    }

    /// Waits until `count` requests have arrived.
    package func waitForRequests(_ count: Int) throws {
        guard Polling.until({ arrived >= count ? true : nil }) != nil else {
            throw TestFailure(description: "\(arrived) requests came to the held lookup, not \(count)")
        }
    }
}
