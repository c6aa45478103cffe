import Dispatch
import FoundationEssentials
import Synchronization
import ToasterCore
import ToasterWire

/// Asks every storefront's lookups with network manners: at most `concurrency` requests at
/// once, a token bucket of `burst` at the `rate` a minute, retries with backoff, one
/// cache-busting item per request, and every request asked once.
public final class StorefrontLookups: Sendable {
    /// Requests a minute when none is given: Apple documents about 20 for its search API.
    public static let defaultRatePerMinute = 20

    /// `https://itunes.apple.com/lookup`; the path form is derived from it (`/{cc}/lookup`).
    public let lookupURL: String
    public let timeout: Duration
    public let concurrency: Int
    /// nil: not paced (a lookup on this machine, with no rate given).
    public let limiter: RateLimiter?
    public let retry: RetryStrategy
    public let pace: any Pace
    /// Fetches one URL; the HTTP client unless a test injects another.
    let fetch: @Sendable (_ url: String, _ timeout: Duration) throws(SourceError) -> Data
    private let cacheBusts = Atomic<Int>(0)

    /// `ratePerMinute`: nil, Apple's rate for a lookup elsewhere, and none for one on this
    /// machine (toaster-server on loopback answers 700 requests in a second, not 35 minutes).
    public convenience init(lookupURL: String, timeout: Duration, concurrency: Int, ratePerMinute: Int?, burst: Int? = nil,
                            retry: RetryStrategy = RetryStrategy(), pace: any Pace = MonotonicPace(), trust: CertificateTrust = .system) throws(SourceError) {
        try self.init(lookupURL: lookupURL, timeout: timeout, concurrency: concurrency, ratePerMinute: ratePerMinute, burst: burst, retry: retry,
                      pace: pace) {
            (url: String, timeout: Duration) throws(SourceError) -> Data in try HTTPFetcher(timeout: timeout, trust: trust).fetch(url)
        }
    }

    /// `burst`: how many requests may start at once; nil, the per-minute rate.
    init(lookupURL: String, timeout: Duration, concurrency: Int, ratePerMinute: Int?, burst: Int? = nil, retry: RetryStrategy, pace: any Pace,
         fetch: @escaping @Sendable (_ url: String, _ timeout: Duration) throws(SourceError) -> Data) throws(SourceError) {
        if let problem = Self.problem(lookupURL: lookupURL) { throw SourceError(.misconfigured, "--lookup-url \"\(lookupURL)\" \(problem)") }
        self.lookupURL = lookupURL
        self.timeout = timeout
        self.concurrency = max(1, concurrency)
        let rate = ratePerMinute ?? (ThisMachine.isNamed(by: URLComponents(string: lookupURL)?.host ?? "") ? nil : Self.defaultRatePerMinute)
        self.limiter = rate.map { RateLimiter(perMinute: $0, burst: burst ?? $0, pace: pace) }
        self.retry = retry
        self.pace = pace
        self.fetch = fetch
    }

    /// What is wrong with a lookup URL, in words that follow it; nil when it can be asked.
    public static func problem(lookupURL: String) -> String? {
        guard let components = URLComponents(string: lookupURL), let scheme = components.scheme?.lowercased(),
              ["http", "https"].contains(scheme), components.host?.isEmpty == false else {
            return "is not an http:// or https:// URL (preflight asks only those schemes), such as https://itunes.apple.com/lookup"
        }
        guard components.path.hasSuffix(AppStoreLookupAPI.path) else {
            return "does not end in \(AppStoreLookupAPI.path), which preflight needs to derive the path form \(AppStoreLookupAPI.path(country: "{cc}"))"
        }
        return nil
    }

    /// The requests for `storefronts`, in the order they are asked: every storefront once by
    /// the first key's query form, so that each has an answer as early as the rate allows,
    /// then the other forms and keys.
    public static func requests(storefronts: [String], keys: [LookupRequest.Key]) -> [LookupRequest] {
        keys.flatMap { key in LookupRequest.Form.allCases.map { (key, $0) } }.flatMap { key, form in
            storefronts.map { LookupRequest(storefront: $0, key: key, form: form) }
        }
    }

    /// The URL of a request, with a cache-busting item that no other request of this run carries.
    func url(for request: LookupRequest) -> String {
        var components = URLComponents(string: lookupURL)!
        let (name, value) = switch request.key {
        case .id(let id): (AppStoreLookupAPI.Query.id, id)
        case .bundleID(let bundleID): (AppStoreLookupAPI.Query.bundleID, bundleID)
        }
        var items = (components.queryItems ?? []) + [URLQueryItem(name: name, value: value)]
        switch request.form {
        case .query:
            items.append(URLQueryItem(name: AppStoreLookupAPI.Query.country, value: request.storefront))
        case .path:
            let path = components.path
            let cut = path.lastIndex(of: "/").map { path[..<$0] } ?? ""
            components.path = String(cut) + AppStoreLookupAPI.path(country: request.storefront)
        }
        let bust = cacheBusts.add(1, ordering: .relaxed).newValue
        items.append(URLQueryItem(name: "_", value: "\(Int64(Date().timeIntervalSince1970 * 1000))\(bust)"))
        components.queryItems = items
        return components.string ?? lookupURL
    }

    /// Asks every request once, paced; `progress(done, total)` counts requests answered or
    /// failed for good, and `each` hears every answer or failure as it comes (the board shows
    /// them). A request that fails after its retries is unanswered; the others go on.
    public func ask(_ requests: [LookupRequest], progress: @escaping @Sendable (_ done: Int, _ total: Int) -> Void = { _, _ in },
                    each: @escaping @Sendable (LookupRequest, Result<LookupAnswer, SourceError>) -> Void = { _, _ in })
        -> LookupRound {
        let unique = requests.reduce(into: [LookupRequest]()) { if !$0.contains($1) { $0.append($1) } }
        let state = LookupRound.Collecting()
        progress(0, unique.count)
        let group = DispatchGroup()
        for worker in 0..<min(concurrency, unique.count) {
            // Serial queues of their own: each gets a thread, as blocking fetches need.
            DispatchQueue(label: "preflight.lookup.\(worker)").async(group: group) {
                while let index = state.take(of: unique.count) {
                    let request = unique[index]
                    let outcome: Result<LookupAnswer, SourceError>
                    do throws(SourceError) { outcome = .success(try self.answer(request)) } catch { outcome = .failure(error) }
                    each(request, outcome)
                    let done = state.record(outcome, of: request, at: index)
                    progress(done, unique.count)
                }
            }
        }
        group.wait()
        return state.round(count: unique.count)
    }

    private func answer(_ request: LookupRequest) throws(SourceError) -> LookupAnswer {
        try retry.run(pace: pace) { () throws(SourceError) -> LookupAnswer in
            limiter?.waitForSlot()
            let url = url(for: request)
            let data = try fetch(url, timeout)
            return LookupAnswer(request: request, entry: try AppStoreLookupAPI.Answer.entry(from: data, what: "App Store lookup answer from \(url)")?.lookupEntry)
        }
    }
}

/// What one `ask` found out: the answers in the order asked, and the lookups that never
/// answered, in the order they gave up.
public struct LookupRound: Sendable {
    public var answers: [LookupAnswer]
    public var unanswered: [UnansweredLookup]

    /// The state the workers of one `ask` share: which request is next and what came back so far.
    final class Collecting: Sendable {
        private struct State {
            var next = 0
            var answers: [Int: LookupAnswer] = [:]
            var unanswered: [UnansweredLookup] = []
        }

        private let state = Mutex(State())

        func take(of count: Int) -> Int? {
            state.withLock { (state: inout State) -> Int? in
                guard state.next < count else { return nil }
                defer { state.next += 1 }
                return state.next
            }
        }

        /// Stores an outcome; returns how many requests are done.
        func record(_ outcome: Result<LookupAnswer, SourceError>, of request: LookupRequest, at index: Int) -> Int {
            state.withLock { (state: inout State) -> Int in
                switch outcome {
                case .success(let answer): state.answers[index] = answer
                case .failure(let error): state.unanswered.append(UnansweredLookup(request: request, reason: error.message))
                }
                return state.answers.count + state.unanswered.count
            }
        }

        func round(count: Int) -> LookupRound {
            state.withLock { (state: inout State) -> LookupRound in LookupRound(answers: (0..<count).compactMap { state.answers[$0] }, unanswered: state.unanswered) }
        }
    }
}
