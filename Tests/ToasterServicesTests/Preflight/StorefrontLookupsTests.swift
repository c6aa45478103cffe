import Foundation
import Hummingbird
import Synchronization
import Testing
import ToasterCore
@testable import ToasterServices

/// A clock that only moves when someone sleeps: pacing is checked without waiting.
final class VirtualPace: Pace {
    private let time = Mutex<Duration>(.zero)
    private let slept = Mutex<[Duration]>([])

    var now: Duration { time.withLock { $0 } }
    var sleeps: [Duration] { slept.withLock { $0 } }

    func sleep(for duration: Duration) {
        slept.withLock { $0.append(duration) }
        time.withLock { $0 += max(.zero, duration) }
    }
}

@Suite struct StorefrontLookupsTests {
    static let listed = Data(#"{"resultCount":1,"results":[{"version":"2.0.0","trackId":42,"bundleId":"com.example.toaster"}]}"#.utf8)

    @Test func rateLimiterSpreadsStartsEvenly() {
        let pace = VirtualPace()
        let limiter = RateLimiter(perMinute: 60, pace: pace)
        let slots = (0..<5).map { _ in limiter.waitForSlot() }
        #expect(slots == [.zero, .seconds(1), .seconds(2), .seconds(3), .seconds(4)])
        pace.sleep(for: .seconds(10))
        #expect(limiter.waitForSlot() == .seconds(14), "after a pause the next start may go at once")
        #expect(limiter.waitForSlot() == .seconds(15), "but an idle limiter does not save up a burst")
    }

    @Test func retriesBackOffOnlyForPassingFailures() throws {
        let pace = VirtualPace()
        let tries = Mutex(0)
        let value = try RetryPolicy(attempts: 4, firstBackoff: .seconds(1)).run(pace: pace) { () throws(SourceError) -> Int in
            let number = tries.withLock { $0 += 1; return $0 }
            if number == 1 { throw SourceError(.serverError, "HTTP 429 Too Many Requests from itunes.apple.com", httpStatus: 429) }
            if number == 2 { throw SourceError(.serverError, "HTTP 503 Service Unavailable (an HTML error page) from itunes.apple.com", httpStatus: 503) }
            if number == 3 { throw SourceError(.timedOut, "timed out after 5 s (itunes.apple.com)") }
            return number
        }
        #expect(value == 4)
        #expect(pace.sleeps == [.seconds(1), .seconds(2), .seconds(4)], "each wait twice the one before")

        let once = Mutex(0)
        #expect(throws: SourceError(.serverError, "HTTP 404 Not Found from itunes.apple.com")) {
            try RetryPolicy().run(pace: pace) { () throws(SourceError) -> Int in
                once.withLock { $0 += 1 }
                throw SourceError(.serverError, "HTTP 404 Not Found from itunes.apple.com")
            }
        }
        #expect(once.withLock { $0 } == 1, "a 404 is not retried")

        #expect(throws: SourceError(.serverError, "HTTP 403 Forbidden from itunes.apple.com (after 3 tries)")) {
            try RetryPolicy(attempts: 3).run(pace: VirtualPace()) { () throws(SourceError) -> Int in
                throw SourceError(.serverError, "HTTP 403 Forbidden from itunes.apple.com", httpStatus: 403)
            }
        }
    }

    @Test func bothFormsWithACacheBusterEach() throws {
        let lookups = try StorefrontLookups(lookupURL: "https://itunes.apple.com/lookup", timeout: .seconds(1), concurrency: 1, ratePerMinute: 20,
                                            retry: RetryPolicy(), pace: VirtualPace()) { (_: String, _: Duration) throws(SourceError) -> Data in Self.listed }
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
                try await Task.sleep(for: .milliseconds(300))
                inFlight.subtract(1, ordering: .relaxed)
                return Response(status: .ok, body: .init(byteBuffer: ByteBuffer(bytes: Self.listed)))
            }
        }
        try await serving(router) { base in
            let starts = Mutex<[Duration]>([])
            let pace = MonotonicPace()
            let lookups = try StorefrontLookups(lookupURL: base + "/lookup", timeout: .seconds(5), concurrency: 3, ratePerMinute: 1200,
                                                retry: RetryPolicy(), pace: pace) { (url: String, timeout: Duration) throws(SourceError) -> Data in
                starts.withLock { $0.append(pace.now) }
                return try HTTPFetcher(timeout: timeout).fetch(url)
            }
            let storefronts = ["kr", "us", "jp", "gb", "de", "fr"]
            let requests = StorefrontLookups.requests(storefronts: storefronts, keys: [.id("42"), .bundleID("com.example.toaster")])
            let seen = Mutex<[Int]>([])
            let begun = pace.now
            let answers = try await offThePool {
                try lookups.ask(requests + requests) { done, total in seen.withLock { $0.append(done * 100 + total) } }
            }
            #expect(answers.count == 24, "a request asked twice is asked once")
            #expect(answers.allSatisfy { $0.entry?.listing.version == "2.0.0" })
            #expect(asked.withLock { $0.count } == 24)
            #expect(Set(asked.withLock { $0.map { $0.split(separator: "_=").last ?? "" } }).count == 24, "every request busts the cache its own way")
            #expect(most.load(ordering: .relaxed) <= 3, "never more than --concurrency in flight")
            #expect(most.load(ordering: .relaxed) >= 2, "answers that take 300 ms, one start every 50 ms: requests overlap")
            // The n-th start cannot come before the n-th slot, n intervals after the first.
            for (number, start) in starts.withLock({ $0 }).sorted().enumerated() {
                #expect(start - begun >= .milliseconds(50) * number, "1200 a minute: one start every 50 ms at most")
            }
            #expect(seen.withLock { $0 }.first == 6 && seen.withLock { $0 }.last == 606, "progress counts storefronts from 0 of 6 to 6 of 6")
        }
    }

    @Test func eachAnswerAndFailureIsHeardAsItComes() throws {
        let lookups = try StorefrontLookups(lookupURL: "https://itunes.apple.com/lookup", timeout: .seconds(1), concurrency: 1, ratePerMinute: 60_000,
                                            retry: RetryPolicy(attempts: 1), pace: VirtualPace()) { (url: String, _: Duration) throws(SourceError) -> Data in
            if url.contains("/jp/") { throw SourceError(.serverError, "HTTP 503 Service Unavailable from itunes.apple.com", httpStatus: 503) }
            return Self.listed
        }
        let heard = Mutex<[String]>([])
        _ = try? lookups.ask(StorefrontLookups.requests(storefronts: ["kr", "jp"], keys: [.id("42")]), each: { request, result in
            let what = switch result {
            case .success(let answer): answer.entry?.listing.version ?? "not listed"
            case .failure(let failure): failure.message
            }
            heard.withLock { $0.append("\(request.storefront) \(request.form.rawValue): \(what)") }
        })
        #expect(heard.withLock { $0 } == ["kr query: 2.0.0", "kr path: 2.0.0", "jp query: 2.0.0",
                                          "jp path: HTTP 503 Service Unavailable from itunes.apple.com"])
    }

    @Test func aFailureThatPersistsNamesTheStorefront() async throws {
        let lookups = try StorefrontLookups(lookupURL: "https://itunes.apple.com/lookup", timeout: .seconds(1), concurrency: 2, ratePerMinute: 60_000,
                                            retry: RetryPolicy(attempts: 2), pace: VirtualPace()) { (url: String, _: Duration) throws(SourceError) -> Data in
            if url.contains("country=jp") { throw SourceError(.serverError, "HTTP 503 Service Unavailable from itunes.apple.com", httpStatus: 503) }
            return Self.listed
        }
        #expect(throws: SourceError(.serverError, "storefront jp, ?id=42&country=: HTTP 503 Service Unavailable from itunes.apple.com (after 2 tries)")) {
            try lookups.ask(StorefrontLookups.requests(storefronts: ["kr", "jp"], keys: [.id("42")]))
        }
    }
}
