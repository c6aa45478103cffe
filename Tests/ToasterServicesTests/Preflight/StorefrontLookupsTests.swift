import Foundation
import Glibc
import Hummingbird
import Synchronization
import Testing
import ToasterCore
@testable import ToasterServices
import ToasterTestSupport

@Suite(.offThePool) struct StorefrontLookupsTests {
    static let listed = Data(#"{"resultCount":1,"results":[{"version":"2.0.0","trackId":42,"bundleId":"com.example.toaster"}]}"#.utf8)

    @Test func rateLimiterLetsABurstGoThenPaces() {
        let pace = VirtualPace()
        let limiter = RateLimiter(perMinute: 60, burst: 3, pace: pace)
        #expect(limiter.timeToStart(5) == .seconds(2), "three at once, then one a second")
        let slots = (0..<5).map { _ in limiter.waitForSlot() }
        #expect(slots == [.zero, .zero, .zero, .seconds(1), .seconds(2)])
        pace.sleep(for: .seconds(10))
        #expect((0..<4).map { _ in limiter.waitForSlot() } == [.seconds(12), .seconds(12), .seconds(12), .seconds(13)],
                "an idle bucket fills up to the burst, no further")
        let steady = RateLimiter(perMinute: 60, burst: 1, pace: VirtualPace())
        #expect((0..<3).map { _ in steady.waitForSlot() } == [.zero, .seconds(1), .seconds(2)])
    }

    @Test func retriesBackOffOnlyForPassingFailures() throws {
        let pace = VirtualPace()
        let tries = Mutex(0)
        let value = try RetryStrategy(attempts: 4, firstBackoff: .seconds(1)).run(pace: pace) { () throws(SourceError) -> Int in
            let number = tries.withLock { $0 += 1; return $0 }
            if number == 1 { throw SourceError(.serverError, "HTTP 429 Too Many Requests from itunes.apple.com", httpStatus: 429) }
            if number == 2 { throw SourceError(.serverError, "HTTP 503 Service Unavailable (an HTML error page) from itunes.apple.com", httpStatus: 503) }
            if number == 3 { throw SourceError(.timedOut, "timed out after 5 s (itunes.apple.com)") }
            return number
        }
        #expect(value == 4)
        #expect(pace.sleeps == [.seconds(1), .seconds(2), .seconds(4)], "each wait twice the one before")

        let once = Mutex(0)
        // With its status, as the lookup's 404 comes: a retried 404 would fail the count below.
        #expect(throws: SourceError(.serverError, "HTTP 404 Not Found from itunes.apple.com", httpStatus: 404)) {
            try RetryStrategy().run(pace: pace) { () throws(SourceError) -> Int in
                once.withLock { $0 += 1 }
                throw SourceError(.serverError, "HTTP 404 Not Found from itunes.apple.com", httpStatus: 404)
            }
        }
        #expect(once.withLock { $0 } == 1, "a 404 is not retried")
        #expect(pace.sleeps.count == 3, "nor waited for")

        #expect(throws: SourceError(.serverError, "HTTP 403 Forbidden from itunes.apple.com (after 3 tries)", httpStatus: 403)) {
            try RetryStrategy(attempts: 3).run(pace: VirtualPace()) { () throws(SourceError) -> Int in
                throw SourceError(.serverError, "HTTP 403 Forbidden from itunes.apple.com", httpStatus: 403)
            }
        }
    }

    @Test func refusedAndResetConnectionsAreRetriedAndRetryAfterIsHonoured() throws {
        let pace = VirtualPace()
        let tries = Mutex(0)
        let value = try RetryStrategy(attempts: 4, firstBackoff: .seconds(1), longestWait: .seconds(60)).run(pace: pace) { () throws(SourceError) -> Int in
            let number = tries.withLock { $0 += 1; return $0 }
            if number == 1 { throw SourceError(.unreachable, "cannot connect to 127.0.0.1:9 (connection refused: …)") }
            if number == 2 { throw SourceError(.serverError, "HTTP 429 Too Many Requests from 127.0.0.1", httpStatus: 429, retryAfter: .seconds(7)) }
            if number == 3 { throw SourceError(.serverError, "HTTP 503 from 127.0.0.1", httpStatus: 503, retryAfter: .seconds(3600)) }
            return number
        }
        #expect(value == 4)
        #expect(pace.sleeps == [.seconds(1), .seconds(7), .seconds(60)], "Retry-After when longer than the backoff, capped")
    }

    @Test func retryAfterInSecondsOrAsADate() {
        let now = Date(timeIntervalSince1970: 784_111_777)  // Sun, 06 Nov 1994 08:49:37 GMT
        #expect(RetryAfter.delay("120", now: now) == .seconds(120))
        #expect(RetryAfter.delay(" 0 ", now: now) == .zero)
        #expect(RetryAfter.delay("Sun, 06 Nov 1994 08:50:07 GMT", now: now) == .seconds(30))
        #expect(RetryAfter.delay("Sun, 06 Nov 1994 08:00:00 GMT", now: now) == .zero, "a date already past asks for no wait")
        #expect(RetryAfter.delay("soon", now: now) == nil)
        #expect(RetryAfter.delay("-5", now: now) == nil)
        #expect(RetryAfter.delay("", now: now) == nil)
        #expect(RetryAfter.delay("99999999999999999999", now: now) == .seconds(999_999_999))
    }

    @Test func everyStorefrontIsAskedOnceBeforeAnyIsAskedAgain() {
        let plan = StorefrontLookups.requests(storefronts: ["kr", "us"], keys: [.id("42"), .bundleID("b")])
        #expect(plan.map { $0.formName } == ["?id=42&country=kr", "?id=42&country=us", "/kr/lookup?id=42", "/us/lookup?id=42",
                                              "?bundleId=b&country=kr", "?bundleId=b&country=us", "/kr/lookup?bundleId=b", "/us/lookup?bundleId=b"])
        #expect(StorefrontLookups.requests(storefronts: ["kr"], keys: [.bundleID("b")]).first?.formName == "?bundleId=b&country=kr")
    }

    @Test func bothFormsWithACacheBusterEach() throws {
        let lookups = try StorefrontLookups(lookupURL: "https://itunes.apple.com/lookup", timeout: .seconds(1), concurrency: 1, ratePerMinute: 20,
                                            retry: RetryStrategy(), pace: VirtualPace()) { (_: String, _: Duration) throws(SourceError) -> Data in Self.listed }
        let query = lookups.url(for: LookupRequest(storefront: "kr", key: .id("42"), form: .query))
        let path = lookups.url(for: LookupRequest(storefront: "jp", key: .bundleID("com.example.toaster"), form: .path))
        #expect(query.hasPrefix("https://itunes.apple.com/lookup?id=42&country=kr&_="))
        #expect(path.hasPrefix("https://itunes.apple.com/jp/lookup?bundleId=com.example.toaster&_="))
        #expect(query.split(separator: "_=").last != path.split(separator: "_=").last)
        #expect(throws: SourceError.self) {
            try StorefrontLookups(lookupURL: "file:///tmp/lookup", timeout: .seconds(1), concurrency: 1, ratePerMinute: 20)
        }
    }

    @Test func rateAndConcurrencyAreKeptAgainstAServer() async throws {
        let inFlight = Atomic<Int>(0), most = Atomic<Int>(0)
        let asked = Mutex<[String]>([])
        let router = Router()
        for path in ["lookup", ":country/lookup"] {
            router.get(RouterPath(stringLiteral: path)) { request, _ -> Response in
                let now = inFlight.add(1, ordering: .relaxed).newValue
                most.max(now, ordering: .relaxed)
                asked.withLock { $0.append(request.uri.description) }
                // Held until another request is in flight, or all 24 have been asked: a client
                // that overlaps its requests shows it however slow the machine.
                _ = await Polling.until { () async -> Bool? in
                    inFlight.load(ordering: .relaxed) >= 2 || asked.withLock { $0.count } >= 24 ? true : nil
                }
                // Then a slow answer: time enough for a client that ignored the cap to pass it.
                try await Task.sleep(for: .milliseconds(300))
                inFlight.subtract(1, ordering: .relaxed)
                return Response(status: .ok, body: .init(byteBuffer: ByteBuffer(bytes: Self.listed)))
            }
        }
        try await serving(router) { base in
            let starts = Mutex<[Duration]>([])
            let pace = MonotonicPace()
            // A generous timeout: a loaded machine must not turn a 300 ms answer into a retry, which
            // would put a second request in flight beside the first.
            let lookups = try StorefrontLookups(lookupURL: base + "/lookup", timeout: .seconds(30), concurrency: 3, ratePerMinute: 1200, burst: 1,
                                                retry: RetryStrategy(), pace: pace) { (url: String, timeout: Duration) throws(SourceError) -> Data in
                starts.withLock { $0.append(pace.now) }
                return try HTTPFetcher(timeout: timeout).fetch(url)
            }
            let storefronts = ["kr", "us", "jp", "gb", "de", "fr"]
            let requests = StorefrontLookups.requests(storefronts: storefronts, keys: [.id("42"), .bundleID("com.example.toaster")])
            let seen = Mutex<[Int]>([])
            let begun = pace.now
            let round = lookups.ask(requests + requests) { done, total in seen.withLock { $0.append(done * 100 + total) } }
            let answers = round.answers
            #expect(round.unanswered.isEmpty)
            #expect(answers.count == 24, "a request asked twice is asked once")
            #expect(answers.allSatisfy { $0.entry?.listing.version == "2.0.0" })
            #expect(asked.withLock { $0.count } == 24)
            #expect(Set(asked.withLock { $0.map { $0.split(separator: "_=").last ?? "" } }).count == 24, "every request busts the cache its own way")
            #expect(most.load(ordering: .relaxed) <= 3, "never more than --concurrency in flight")
            #expect(most.load(ordering: .relaxed) >= 2, "requests overlap")
            // The n-th start cannot come before the n-th slot, n intervals after the first.
            for (number, start) in starts.withLock({ $0 }).sorted().enumerated() {
                #expect(start - begun >= .milliseconds(50) * number, "1200 a minute: one start every 50 ms at most")
            }
            #expect(seen.withLock { $0 }.first == 24 && seen.withLock { $0 }.last == 2424, "progress counts requests from 0 of 24 to 24 of 24")
        }
    }

    @Test func eachAnswerAndFailureIsHeardAsItComes() throws {
        let lookups = try StorefrontLookups(lookupURL: "https://itunes.apple.com/lookup", timeout: .seconds(1), concurrency: 1, ratePerMinute: 60_000,
                                            retry: RetryStrategy(attempts: 1), pace: VirtualPace()) { (url: String, _: Duration) throws(SourceError) -> Data in
            if url.contains("/jp/") { throw SourceError(.serverError, "HTTP 503 Service Unavailable from itunes.apple.com", httpStatus: 503) }
            return Self.listed
        }
        let heard = Mutex<[String]>([])
        _ = lookups.ask(StorefrontLookups.requests(storefronts: ["kr", "jp"], keys: [.id("42")]), each: { request, result in
            let what = switch result {
            case .success(let answer): answer.entry?.listing.version ?? "not listed"
            case .failure(let failure): failure.message
            }
            heard.withLock { $0.append("\(request.storefront) \(request.form.rawValue): \(what)") }
        })
        #expect(heard.withLock { $0 }.sorted() == ["jp path: HTTP 503 Service Unavailable from itunes.apple.com", "jp query: 2.0.0",
                                                   "kr path: 2.0.0", "kr query: 2.0.0"])
    }

    @Test func aFailureThatPersistsLeavesItsRequestUnansweredAndTheRestAnswered() async throws {
        let lookups = try StorefrontLookups(lookupURL: "https://itunes.apple.com/lookup", timeout: .seconds(1), concurrency: 2, ratePerMinute: 60_000,
                                            retry: RetryStrategy(attempts: 2), pace: VirtualPace()) { (url: String, _: Duration) throws(SourceError) -> Data in
            if url.contains("country=jp") { throw SourceError(.serverError, "HTTP 503 Service Unavailable from itunes.apple.com", httpStatus: 503) }
            return Self.listed
        }
        let round = lookups.ask(StorefrontLookups.requests(storefronts: ["kr", "jp", "us"], keys: [.id("42")]))
        #expect(round.answers.map(\.request.formName) == ["?id=42&country=kr", "?id=42&country=us", "/kr/lookup?id=42", "/jp/lookup?id=42", "/us/lookup?id=42"])
        #expect(round.unanswered == [UnansweredLookup(request: LookupRequest(storefront: "jp", key: .id("42"), form: .query),
                                                      reason: "HTTP 503 Service Unavailable from itunes.apple.com (after 2 tries)")])
    }

    /// A loopback server that refuses connections, then resets them, then answers 429 and 503
    /// with Retry-After, before it answers: every storefront ends answered, none is lost.
    @Test func aServerThatMisbehavesForAWhileIsWaitedOut() async throws {
        let served = Mutex(0)
        let answers: [String] = [
            "HTTP/1.1 429 Too Many Requests\r\nRetry-After: 0\r\nContent-Length: 0\r\nConnection: close\r\n\r\n",
            "HTTP/1.1 503 Service Unavailable\r\nretry-after: Sun, 06 Nov 1994 08:49:37 GMT\r\nContent-Length: 0\r\nConnection: close\r\n\r\n",
        ]
        let body = String(decoding: Self.listed, as: UTF8.self)
        let ok = "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\nConnection: close\r\n\r\n" + body
        try await servingConnections({ connection in
            let number = served.withLock { $0 += 1; return $0 }
            switch number {
            case 1...2:
                // A reset: close at once with unsent data discarded (SO_LINGER 0 sends RST).
                var linger = Glibc.linger(l_onoff: 1, l_linger: 0)
                setsockopt(connection, SOL_SOCKET, SO_LINGER, &linger, socklen_t(MemoryLayout<Glibc.linger>.size))
            case 3...4: _ = sendAll(connection, Array(answers[number - 3].utf8))
            default: _ = sendAll(connection, Array(ok.utf8))
            }
        }) { base in
            let refusedFirst = Mutex(true)
            let lookups = try StorefrontLookups(lookupURL: base + "/lookup", timeout: .seconds(5), concurrency: 1, ratePerMinute: 60_000,
                                                retry: RetryStrategy(attempts: 6, firstBackoff: .milliseconds(10)), pace: MonotonicPace()) {
                (url: String, timeout: Duration) throws(SourceError) -> Data in
                // The first attempt goes to a closed port: connection refused.
                let first = refusedFirst.withLock { (isFirst: inout Bool) -> Bool in
                    defer { isFirst = false }
                    return isFirst
                }
                if first { return try HTTPFetcher(timeout: timeout).fetch("http://127.0.0.1:9/lookup") }
                return try HTTPFetcher(timeout: timeout).fetch(url)
            }
            let round = lookups.ask(StorefrontLookups.requests(storefronts: ["kr", "jp"], keys: [.id("42")]))
            #expect(round.unanswered.isEmpty, "\(round.unanswered)")
            #expect(round.answers.count == 4)
            #expect(round.answers.allSatisfy { $0.entry?.listing.version == "2.0.0" })
            #expect(served.withLock { $0 } == 8, "the first request: refused, two resets, a 429, a 503, then answered; then three more")
        }
    }
}
