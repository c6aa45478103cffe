import CHTTPFetch
import FoundationEssentials
import ToasterCore

/// One HTTP(S) request whose answer is held open by the server (CHTTPFetch's stream): the body
/// is handed over piece by piece as it arrives, on the thread that runs it, and any other
/// thread can end it at once with `abort()`. `fetcher` gives the connection's deadline, the
/// CA certificates and the size of an error answer kept; no redirect is followed.
final class HTTPStream: @unchecked Sendable {
    // @unchecked: the handle's C side is made for it — `abort` from any thread while `run`
    // blocks on one.
    private let handle: OpaquePointer
    let fetcher: HTTPFetcher
    /// How long the whole stream may last, its connection included.
    let lifetime: Duration

    /// How a stream ended.
    enum Ending: Sendable {
        /// The server ended its 2xx answer, or the lifetime ran out after one began.
        case ended
        /// Not 2xx: the answer as it came, its body kept.
        case refused(HTTPFetcher.Answer)
        /// `abort()`.
        case aborted
        /// The connection failed after a 2xx answer began (a network drop): what was said.
        case lost(String)
        /// No answer, or the connection failed before a 2xx one began.
        case failed(SourceError)
    }

    init(fetcher: HTTPFetcher, lifetime: Duration) {
        guard let handle = toaster_http_stream_new() else { fatalError("out of memory for an HTTP stream") }
        self.handle = handle
        var fetcher = fetcher
        fetcher.maximumRedirects = 0
        self.fetcher = fetcher
        self.lifetime = lifetime
    }

    deinit { toaster_http_stream_free(handle) }

    /// What the stream hands over as it runs, on its thread.
    private final class Listener {
        let opened: (Int) -> Void
        let received: ([UInt8]) -> Void
        var status = 0

        init(opened: @escaping (Int) -> Void, received: @escaping ([UInt8]) -> Void) {
            self.opened = opened
            self.received = received
        }
    }

    /// POSTs `body` and blocks until the stream ends: `opened` hears the answer's status once
    /// it is known, `received` each piece of a 2xx answer's body.
    func run(_ url: String, headers: [(String, String)], body: Data, opened: @escaping (Int) -> Void,
             received: @escaping ([UInt8]) -> Void) -> Ending {
        let listener = Listener(opened: opened, received: received)
        let context = Unmanaged.passRetained(listener)
        defer { context.release() }
        let events = toaster_http_stream_events(
            context: context.toOpaque(),
            head: { context, status in
                let listener = Unmanaged<Listener>.fromOpaque(context!).takeUnretainedValue()
                listener.status = status
                listener.opened(status)
            },
            data: { context, bytes, length in
                let listener = Unmanaged<Listener>.fromOpaque(context!).takeUnretainedValue()
                listener.received(Array(UnsafeBufferPointer(start: bytes, count: length)))
            })
        var result = toaster_http_result()
        defer { toaster_http_free(&result) }
        let milliseconds = max(1, Int(lifetime.wholeMilliseconds))
        fetcher.withRequest(url, headers: headers, body: body) { toaster_http_stream_run(handle, &$0, milliseconds, events, &result) }
        let began = (200..<300).contains(listener.status)
        switch result.failure {
        case TOASTER_HTTP_OK:
            return began ? .ended : .refused(HTTPFetcher.answer(of: &result))
        case TOASTER_HTTP_ABORTED:
            return .aborted
        case TOASTER_HTTP_TIMEOUT where began:
            return .ended
        case TOASTER_HTTP_TIMEOUT where listener.status == 0:
            // The connection's deadline, or the lifetime's with no answer begun.
            return .failed(SourceError(.timedOut, "\(HTTPFetcher.host(url)) did not answer in time"))
        default:
            return began ? .lost("the connection to \(HTTPFetcher.host(url)) was lost (\(HTTPFetcher.text(&result.message)))")
                : .failed(fetcher.failure(of: &result, url: url))
        }
    }

    /// Ends the stream now, running or not yet started: `run` returns `.aborted`. Safe from any thread.
    func abort() {
        toaster_http_stream_abort(handle)
    }
}
