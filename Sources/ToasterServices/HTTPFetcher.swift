import AsyncHTTPClient
import FoundationEssentials
import NIOCore
import NIOHTTP1

/// Fetches a service's answer over HTTP(S): a connect timeout and a total deadline, a size
/// cap, at most three redirects (no cycles), any content type. Every failure becomes one
/// sentence for the status line and the trace.
struct HTTPFetcher: Sendable {
    static let maximumRedirects = 3

    let timeout: Duration

    func fetch(_ url: String, method: HTTPMethod = .GET, headers: [(String, String)] = [], body: Data? = nil)
        async throws(SourceError) -> Data {
        let amount = TimeAmount.nanoseconds(Int64(timeout.components.seconds) * 1_000_000_000
            + timeout.components.attoseconds / 1_000_000_000)
        var configuration = HTTPClient.Configuration(
            redirectConfiguration: .follow(max: Self.maximumRedirects, allowCycles: false),
            timeout: .init(connect: amount, read: amount))
        configuration.httpVersion = .http1Only
        let client = HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
        let result: Result<Data, SourceError> = await {
            var request = HTTPClientRequest(url: url)
            request.method = method
            for (name, value) in headers { request.headers.add(name: name, value: value) }
            if let body { request.body = .bytes(ByteBuffer(bytes: body)) }
            do {
                let response = try await client.execute(request, deadline: .now() + amount)
                let bytes = try await response.body.collect(upTo: SourceLocation.maximumBytes)
                guard (200..<300).contains(response.status.code) else {
                    let type = response.headers.first(name: "content-type") ?? ""
                    let page = type.contains("html") ? " (an HTML error page)" : ""
                    return .failure(SourceError("HTTP \(response.status.code) \(response.status.reasonPhrase)\(page) from \(Self.host(url))"))
                }
                return .success(Data(bytes.readableBytesView))
            } catch {
                return .failure(describe(error, url: url))
            }
        }()
        try? await client.shutdown()
        return try result.get()
    }

    private func describe(_ error: any Error, url: String) -> SourceError {
        let seconds = timeout.components.seconds
        let limit = seconds > 0 ? "\(seconds) s" : "\(timeout)"
        if let error = error as? HTTPClientError {
            switch error {
            case .deadlineExceeded, .readTimeout, .connectTimeout, .getConnectionFromPoolTimeout:
                return SourceError("timed out after \(limit) (\(Self.host(url)))")
            case .redirectLimitReached, .redirectCycleDetected:
                return SourceError("too many redirects (more than \(Self.maximumRedirects)) from \(Self.host(url))")
            default: break
            }
        }
        if error is NIOTooManyBytesError {
            return SourceError("the answer from \(Self.host(url)) is larger than \(SourceLocation.maximumBytes) bytes")
        }
        let text = String(describing: error)
        if text.contains("refused") || text.contains("ECONNREFUSED") {
            return SourceError("cannot connect to \(Self.host(url)) (connection refused)")
        }
        return SourceError("cannot reach \(Self.host(url)): \(text)")
    }

    static func host(_ url: String) -> String {
        guard let parsed = URL(string: url), let host = parsed.host else { return url }
        return parsed.port.map { "\(host):\($0)" } ?? host
    }
}
