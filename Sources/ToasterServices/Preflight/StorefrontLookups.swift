import Dispatch
import FoundationEssentials
import Synchronization
import ToasterCore

/// Asks every storefront's lookups with network manners: at most `concurrency` requests at
/// once, at most `rate` a minute, retries with backoff, one cache-busting item per request,
/// and every request asked once.
public final class StorefrontLookups: Sendable {
    /// `https://itunes.apple.com/lookup`; the path form is derived from it (`/{cc}/lookup`).
    public let lookupURL: String
    public let timeout: Duration
    public let concurrency: Int
    public let limiter: RateLimiter
    public let retry: RetryPolicy
    public let pace: any Pace
    /// Fetches one URL; the HTTP client unless a test injects another.
    let fetch: @Sendable (_ url: String, _ timeout: Duration) throws(SourceError) -> Data
    private let cacheBusts = Atomic<Int>(0)

    public convenience init(lookupURL: String, timeout: Duration, concurrency: Int, ratePerMinute: Int, retry: RetryPolicy = RetryPolicy(),
                            pace: any Pace = MonotonicPace(), trust: CertificateTrust = .system) throws(SourceError) {
        try self.init(lookupURL: lookupURL, timeout: timeout, concurrency: concurrency, ratePerMinute: ratePerMinute, retry: retry, pace: pace) {
            (url: String, timeout: Duration) throws(SourceError) -> Data in try HTTPFetcher(timeout: timeout, trust: trust).fetch(url)
        }
    }

    init(lookupURL: String, timeout: Duration, concurrency: Int, ratePerMinute: Int, retry: RetryPolicy, pace: any Pace,
         fetch: @escaping @Sendable (_ url: String, _ timeout: Duration) throws(SourceError) -> Data) throws(SourceError) {
        guard case .web = try SourceLocation(parsing: lookupURL), let components = URLComponents(string: lookupURL),
              components.path.hasSuffix("/lookup") || components.path == "lookup" else {
            throw SourceError(.misconfigured, "--lookup-url \"\(lookupURL)\" is not an http:// or https:// URL ending in /lookup")
        }
        self.lookupURL = lookupURL
        self.timeout = timeout
        self.concurrency = max(1, concurrency)
        self.limiter = RateLimiter(perMinute: ratePerMinute, pace: pace)
        self.retry = retry
        self.pace = pace
        self.fetch = fetch
    }

    /// The requests for `storefronts`: each key in both forms.
    public static func requests(storefronts: [String], keys: [LookupRequest.Key]) -> [LookupRequest] {
        storefronts.flatMap { storefront in
            keys.flatMap { key in LookupRequest.Form.allCases.map { LookupRequest(storefront: storefront, key: key, form: $0) } }
        }
    }

    /// The URL of a request, with a cache-busting item that no other request of this run carries.
    func url(for request: LookupRequest) -> String {
        var components = URLComponents(string: lookupURL)!
        let (name, value) = switch request.key {
        case .id(let id): ("id", id)
        case .bundleID(let bundleID): ("bundleId", bundleID)
        }
        var items = (components.queryItems ?? []) + [URLQueryItem(name: name, value: value)]
        switch request.form {
        case .query:
            items.append(URLQueryItem(name: "country", value: request.storefront))
        case .path:
            let path = components.path
            let cut = path.lastIndex(of: "/").map { path[..<$0] } ?? ""
            components.path = "\(cut)/\(request.storefront)/lookup"
        }
        let bust = cacheBusts.add(1, ordering: .relaxed).newValue
        items.append(URLQueryItem(name: "_", value: "\(Int64(Date().timeIntervalSince1970 * 1000))\(bust)"))
        components.queryItems = items
        return components.string ?? lookupURL
    }

    /// Asks every request once, paced; `progress(done, total)` counts storefronts whose every
    /// answer is in, and `each` hears every answer or failure as it comes (the board shows them).
    /// The first request that fails for good ends the run with its storefront named.
    public func ask(_ requests: [LookupRequest], progress: @escaping @Sendable (_ done: Int, _ total: Int) -> Void = { _, _ in },
                    each: @escaping @Sendable (LookupRequest, Result<LookupAnswer, SourceError>) -> Void = { _, _ in })
        throws(SourceError) -> [LookupAnswer] {
        let unique = requests.reduce(into: [LookupRequest]()) { if !$0.contains($1) { $0.append($1) } }
        let storefronts = unique.reduce(into: [String]()) { if !$0.contains($1.storefront) { $0.append($1.storefront) } }
        let state = LookupProgress(left: unique.reduce(into: [:]) { $0[$1.storefront, default: 0] += 1 })
        progress(0, storefronts.count)
        let group = DispatchGroup()
        for worker in 0..<min(concurrency, unique.count) {
            // Serial queues of their own: each gets a thread, as blocking fetches need.
            DispatchQueue(label: "preflight.lookup.\(worker)").async(group: group) {
                while let index = state.nextIndex(of: unique.count) {
                    let request = unique[index]
                    do throws(SourceError) {
                        let answer = try self.answer(request)
                        each(request, .success(answer))
                        if let done = state.record(answer, at: index) { progress(done, storefronts.count) }
                    } catch {
                        each(request, .failure(error))
                        state.fail(SourceError(error.kind, "storefront \(request.storefront), \(request.formName): \(error.message)"))
                    }
                }
            }
        }
        group.wait()
        return try state.answers(count: unique.count)
    }

    private func answer(_ request: LookupRequest) throws(SourceError) -> LookupAnswer {
        try retry.run(pace: pace) { () throws(SourceError) -> LookupAnswer in
            limiter.waitForSlot()
            let data = try fetch(url(for: request), timeout)
            return LookupAnswer(request: request, entry: try AppStoreLookup.entry(from: data)?.lookupEntry)
        }
    }
}

/// The shared state of one `ask`: which request is next, the answers so far, how many
/// storefronts are complete, and the first failure (which stops the others taking more work).
private final class LookupProgress: Sendable {
    private struct State {
        var next = 0
        var answers: [Int: LookupAnswer] = [:]
        var left: [String: Int]
        var done = 0
        var failure: SourceError?
    }

    private let state: Mutex<State>

    init(left: [String: Int]) { state = Mutex(State(left: left)) }

    func nextIndex(of count: Int) -> Int? {
        state.withLock { (state: inout State) -> Int? in
            guard state.failure == nil, state.next < count else { return nil }
            defer { state.next += 1 }
            return state.next
        }
    }

    /// Stores an answer; returns the number of complete storefronts when this one completed one.
    func record(_ answer: LookupAnswer, at index: Int) -> Int? {
        state.withLock { (state: inout State) -> Int? in
            state.answers[index] = answer
            state.left[answer.request.storefront, default: 1] -= 1
            guard state.left[answer.request.storefront] == 0 else { return nil }
            state.done += 1
            return state.done
        }
    }

    func fail(_ error: SourceError) {
        state.withLock { (state: inout State) in
            if state.failure == nil { state.failure = error }
        }
    }

    func answers(count: Int) throws(SourceError) -> [LookupAnswer] {
        let (answers, failure) = state.withLock { (state: inout State) in (state.answers, state.failure) }
        if let failure { throw failure }
        return (0..<count).compactMap { answers[$0] }
    }
}
