import Foundation
import Synchronization
import Testing
import ToasterCore
@testable import ToasterServices
import ToasterTestSupport

/// What a round has learnt when a signal stops it, and which lookups are paced at Apple's rate.
@Suite(.offThePool) struct RoundSoFarTests {
    static let now = Date(timeIntervalSince1970: 1_795_000_000)
    static let listed = Data(#"{"resultCount":1,"results":[{"version":"1.9.0","trackId":42,"bundleId":"com.example.toaster"}]}"#.utf8)

    @Test func aReportMidRoundEvaluatesWhatAnsweredAndMarksTheRestUnanswered() throws {
        let soFar = RoundSoFar()
        let seen = Mutex<PreflightReport?>(nil)
        let asked = Atomic<Int>(0)
        let lookups = try StorefrontLookups(lookupURL: "https://itunes.apple.com/lookup", timeout: .seconds(1), concurrency: 1, ratePerMinute: 60_000,
                                            retry: RetryStrategy(attempts: 1), pace: VirtualPace()) { (_: String, _: Duration) throws(SourceError) -> Data in
            // The third request is where the signal comes: kr's query form and jp's have answered.
            if asked.add(1, ordering: .relaxed).newValue == 3 {
                seen.withLock { $0 = soFar.report(stopped: "SIGTERM", now: Self.now) }
            }
            return Self.listed
        }
        let round = PreflightRound(lookups: lookups, appStoreConnect: nil, appID: "42", bundleID: nil)
        let input = PreflightInput(storefronts: ["kr", "jp"], answers: [], layers: [PolicyLayer(name: "--min-required-version", answer: SourceAnswer(minimumRequiredVersion: "2.0.0"))],
                                   installed: [InstalledGroup(version: "1.9.0", users: 10)], appID: "42", now: Self.now)
        let full = round.report(input, soFar: soFar)
        #expect(full.partial == nil)
        let partial = try #require(seen.withLock { $0 })
        #expect(partial.partial == "stopped by SIGTERM after 2 of 4 lookups had answered; storefronts without an answer are reported unanswered")
        #expect(partial.findings.map(\.kind) == [.minAboveStore, .unanswered], "what answered is evaluated; the rest is not read as safe")
        #expect(partial.findings[1].message.contains("no answer before SIGTERM"))
        #expect(partial.text.hasPrefix("partial: stopped by SIGTERM after 2 of 4 lookups had answered"))
    }

    @Test func beforeAnyRoundNothingWasAsked() {
        let report = RoundSoFar().report(stopped: "SIGINT", now: Self.now)
        #expect(report.partial == "stopped by SIGINT before any storefront was asked")
        #expect(report.error == "stopped by SIGINT before any storefront was asked")
        #expect(report.json.serialized().contains(#""partial":"stopped by SIGINT before any storefront was asked""#))
    }

    @Test(arguments: [
        ("localhost", true), ("LOCALHOST", true), ("api.localhost", true), ("127.0.0.1", true), ("127.1.2.3", true),
        ("[::1]", true), ("::1", true), ("::ffff:127.0.0.1", true), ("0.0.0.0", true), ("[::]", true),
        ("itunes.apple.com", false), ("localhost.example.com", false), ("8.8.8.8", false), ("[2001:db8::1]", false), ("", false),
    ])
    func aHostOnThisMachineIsKnownWithoutALookup(host: String, local: Bool) {
        #expect(ThisMachine.isNamed(by: host) == local)
    }

    @Test func aLookupOnThisMachineIsNotPacedUnlessARateIsGiven() throws {
        func lookups(_ url: String, rate: Int?) throws -> StorefrontLookups {
            try StorefrontLookups(lookupURL: url, timeout: .seconds(1), concurrency: 4, ratePerMinute: rate, retry: RetryStrategy(),
                                  pace: VirtualPace()) { (_: String, _: Duration) throws(SourceError) -> Data in Self.listed }
        }
        #expect(try lookups("http://127.0.0.1:8080/lookup", rate: nil).limiter == nil)
        #expect(try lookups("http://localhost:8080/lookup", rate: nil).limiter == nil)
        #expect(try lookups("http://127.0.0.1:8080/lookup", rate: 30).limiter?.perMinute == 30)
        #expect(try lookups("https://itunes.apple.com/lookup", rate: nil).limiter?.perMinute == StorefrontLookups.defaultRatePerMinute)
    }

    @Test func unpacedLookupsAllStartAtOnce() throws {
        let pace = VirtualPace()
        let lookups = try StorefrontLookups(lookupURL: "http://127.0.0.1:8080/lookup", timeout: .seconds(1), concurrency: 4, ratePerMinute: nil,
                                            retry: RetryStrategy(), pace: pace) { (_: String, _: Duration) throws(SourceError) -> Data in Self.listed }
        let round = lookups.ask(StorefrontLookups.requests(storefronts: AppStoreStorefronts.all, keys: [.id("42"), .bundleID("com.example.toaster")]))
        #expect(round.answers.count == 700)
        #expect(pace.now == .zero, "700 requests to this machine wait for no token")
    }
}
