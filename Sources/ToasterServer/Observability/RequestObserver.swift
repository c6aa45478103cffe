import HTTPTypes
import Hummingbird
import HummingbirdCore

extension HTTPField.Name {
    static let requestID = HTTPField.Name("X-Request-Id")!
}

/// For every request: its id (`X-Request-Id`, kept when the client sent a sensible one, made
/// otherwise, and echoed), one access log line, and its count and duration.
struct RequestObserver<Context: RequestContext>: RouterMiddleware {
    let observability: Observability

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let start = ContinuousClock.now
        var context = context
        // The client's id when it is a sensible one, else Hummingbird's own for the request
        // (`context.id`, a random per-process half and a counter: no system call per request);
        // either way every log line of the request carries the one id.
        let id: String
        if let given = request.headers[.requestID].flatMap(ClientRequestID.acceptable) {
            id = given
            context.logger[metadataKey: "hb.request.id"] = .string(given)
        } else {
            id = context.id
        }
        var response: Response
        do {
            response = try await next(request, context)
        } catch let error as any HTTPResponseError {
            response = try error.response(from: request, context: context)
        }
        response.headers[.requestID] = id
        let status = response.status.code
        // Hummingbird names the not-found responder's path "NotFound"; one label for every unmatched path.
        let route = context.endpointPath.flatMap { $0 == "NotFound" ? nil : $0 } ?? "unmatched"
        // Recorded as the answer leaves the router, not once its body is written: wrapping the
        // body in a writer of our own to hear the end cost a fifth of the server's throughput
        // (benchmarks/service), and these answers are a few hundred bytes written at once.
        let bytes = request.method == .head ? 0 : response.body.contentLength ?? 0
        observability.answered(request.method.rawValue, Self.logged(request.uri), route: route, status: status, bytes: bytes, id: id, since: start)
        return response
    }

    /// The request's path and query, an API key in `?key=` cut out: the iOS SDK sends its
    /// Firebase key there, and a log is no place for a key.
    static func logged(_ uri: URI) -> String {
        guard var query = uri.query, holdsKey(&query) else { return uri.description }
        let parts = query.split(separator: "&", omittingEmptySubsequences: false).map { $0.hasPrefix("key=") ? "key=…" : String($0) }
        return uri.path + "?" + parts.joined(separator: "&")
    }

    /// Whether a parameter of `query` is `key`: found in its bytes, for most queries hold none
    /// and splitting each into strings cost more than answering the request.
    private static func holdsKey(_ query: inout String) -> Bool {
        query.withUTF8 { bytes in
            var start = 0
            while bytes.count - start >= 4 {
                if bytes[start] == UInt8(ascii: "k"), bytes[start + 1] == UInt8(ascii: "e"), bytes[start + 2] == UInt8(ascii: "y"),
                   bytes[start + 3] == UInt8(ascii: "=") {
                    return true
                }
                guard let separator = bytes[start...].firstIndex(of: UInt8(ascii: "&")) else { return false }
                start = separator + 1
            }
            return false
        }
    }
}
