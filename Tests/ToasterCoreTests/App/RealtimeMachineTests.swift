import FoundationEssentials
import Testing
@testable import ToasterCore

/// `run --realtime`'s listener, event by event: when the stream opens and closes, how it is
/// reopened after each way it ends (the SDK's backoff, retries and `retryIntervalSeconds`), and
/// the fetch an announcement asks for.
@Suite struct RealtimeMachineTests {
    static let base = 1000

    /// The machine with real time on, launched, the scene active and the launch check answered.
    private struct Driver {
        var state: AppState
        var effects: [AppEffect] = []
        var traces: [TraceEvent] = []

        init(realtime: Bool = true, seed: UInt64 = 7) {
            var configuration = LaunchConfiguration(appVersion: "1.0.0", sourceName: "remote-config")
            if realtime { configuration.realtime = RealtimeConfiguration(backoffBaseMilliseconds: RealtimeMachineTests.base, seed: seed) }
            state = AppState(configuration: configuration)
            send(.launch, .timerFired(.launchScreen))
        }

        mutating func send(_ events: AppEvent...) {
            for event in events {
                let (next, effects) = LaunchMachine.step(state, event)
                state = next
                self.effects = effects
                traces += effects.compactMap { if case .trace(let trace) = $0 { trace } else { nil } }
            }
        }

        /// The stream the machine asked to open last.
        var opened: Int? {
            effects.lazy.compactMap { if case .openStream(let stream, _) = $0 { stream } else { nil } }.first
        }

        var stream: Int {
            switch state.realtime.connection {
            case .opening(let stream), .open(let stream): stream
            default: -1
            }
        }

        /// The timer of this kind the last step started, with its token and length.
        func timer(_ kind: (TimerID) -> Int?) -> (token: Int, milliseconds: Int)? {
            for case let .startTimer(id, milliseconds) in effects {
                if let token = kind(id) { return (token, milliseconds) }
            }
            return nil
        }

        var hold: (token: Int, milliseconds: Int)? { timer { if case .realtimeHold(let token) = $0 { token } else { nil } } }
        var fetchTimer: (token: Int, milliseconds: Int)? { timer { if case .realtimeFetch(let token) = $0 { token } else { nil } } }

        var lost: [(why: String, status: Int?, reconnectIn: Int?)] {
            traces.compactMap { if case let .realtime(.lost(why, status, reconnect)) = $0 { (why, status, reconnect) } else { nil } }
        }

        mutating func hear(_ event: RealtimeEvent) { send(.realtime(stream: stream, event)) }
    }

    @Test func theStreamOpensInTheForegroundAndClosesInTheBackground() throws {
        var driver = Driver()
        let first = try #require(driver.opened, "willEnterForeground opens it")
        #expect(driver.effects.contains(.openStream(stream: first, knownVersion: 0)))
        driver.hear(.opened)
        #expect(driver.traces.contains(.realtime(.opened(knownVersion: 0))))
        driver.send(.terminal(.suspend))
        #expect(driver.effects.contains(.closeStream(stream: first)))
        #expect(driver.traces.contains(.realtime(.closed(why: "the scene entered the background"))))
        driver.send(.terminal(.resume))
        let second = try #require(driver.opened)
        #expect(second > first)
        // What the closed stream says is not heard.
        driver.send(.realtime(stream: first, .ended(.refused(status: 503, detail: ""))))
        #expect(driver.lost.isEmpty && driver.state.realtime.connection == .opening(stream: second))
    }

    @Test func focusLostKeepsTheStreamOpen() {
        var driver = Driver()
        driver.hear(.opened)
        driver.send(.terminal(.focusOut))
        #expect(!driver.effects.contains { if case .closeStream = $0 { true } else { false } }, "an inactive scene is still in the foreground")
        #expect(driver.state.realtime.connection == .open(stream: driver.stream))
    }

    @Test func withoutRealtimeNoStreamIsOpened() {
        var driver = Driver(realtime: false)
        #expect(driver.opened == nil)
        driver.send(.terminal(.suspend), .terminal(.resume))
        #expect(driver.opened == nil && driver.state.realtime.connection == .closed)
    }

    @Test func aStreamTheServerEndsIsReopenedAtOnce() throws {
        var driver = Driver()
        driver.hear(.opened)
        let first = driver.stream
        driver.hear(.ended(.closed))
        let second = try #require(driver.opened)
        #expect(second != first && driver.hold == nil)
        #expect(driver.lost.last?.reconnectIn == 0)
    }

    @Test func aDroppedStreamIsReopenedAtOnceButNotTwiceWithoutAMessage() throws {
        var driver = Driver()
        driver.hear(.opened)
        driver.hear(.ended(.lost("connection reset")))
        #expect(driver.opened != nil && driver.hold == nil, "the first drop reopens at once")
        driver.hear(.opened)
        driver.hear(.ended(.lost("connection reset")))
        #expect(driver.opened == nil, "a second drop with no message between waits")
        let hold = try #require(driver.hold)
        #expect([Self.base / 2, Self.base * 3 / 2].contains(hold.milliseconds))
        driver.send(.timerFired(.realtimeHold(hold.token)))
        #expect(driver.opened != nil)
        driver.hear(.opened)
        driver.hear(.message(RealtimeMessage(templateVersion: 0)))
        driver.hear(.ended(.lost("connection reset")))
        #expect(driver.opened != nil, "a message in between: at once again")
    }

    /// 503 after 503: each wait half or one and a half times an interval that doubles from the
    /// base, every reopening after its wait and none before.
    @Test func retryableStatusesBackOffAndDouble() throws {
        var driver = Driver()
        var intervals: [Int] = []
        for _ in 0..<4 {
            driver.hear(.ended(.refused(status: 503, detail: "UNAVAILABLE")))
            #expect(driver.opened == nil, "no reopening before the wait")
            let hold = try #require(driver.hold)
            intervals.append(hold.milliseconds)
            #expect(driver.lost.last?.status == 503 && driver.lost.last?.reconnectIn == hold.milliseconds)
            driver.send(.timerFired(.realtimeHold(hold.token)))
            #expect(driver.opened != nil)
        }
        for (index, wait) in intervals.enumerated() {
            let interval = Self.base << index
            #expect(wait == interval / 2 || wait == interval + interval / 2, "attempt \(index + 1) waited \(wait) ms")
        }
    }

    @Test(arguments: [429, 502, 504]) func theSDKsOtherRetryableStatusesBackOffToo(status: Int) {
        var driver = Driver()
        driver.hear(.ended(.refused(status: status, detail: "")))
        #expect(driver.hold != nil && driver.lost.last?.reconnectIn != nil)
    }

    @Test func anOpenStreamResetsTheBackoff() throws {
        var driver = Driver()
        driver.hear(.ended(.refused(status: 503, detail: "")))
        driver.send(.timerFired(.realtimeHold(try #require(driver.hold).token)))
        driver.hear(.ended(.refused(status: 503, detail: "")))
        #expect((try #require(driver.hold)).milliseconds >= Self.base, "the second failure's interval is twice the base")
        driver.send(.timerFired(.realtimeHold(try #require(driver.hold).token)))
        driver.hear(.opened)
        driver.hear(.ended(.refused(status: 503, detail: "")))
        #expect((try #require(driver.hold)).milliseconds <= Self.base * 3 / 2, "after a stream opened, the base again")
    }

    @Test func anotherStatusStopsRealTimeUntilTheForeground() throws {
        var driver = Driver()
        driver.hear(.ended(.refused(status: 403, detail: "PERMISSION_DENIED: no")))
        #expect(driver.opened == nil)
        #expect(driver.lost.last?.reconnectIn == nil && driver.lost.last?.status == 403)
        let hold = try #require(driver.hold, "the SDK's backoff holds the next opening")
        driver.send(.timerFired(.realtimeHold(hold.token)))
        #expect(driver.opened == nil, "the hold's end does not reopen it")
        driver.send(.terminal(.suspend), .terminal(.resume))
        #expect(driver.opened != nil, "the next foreground does")
    }

    @Test func theForegroundDuringAHoldWaitsForItsEnd() throws {
        var driver = Driver()
        driver.hear(.ended(.refused(status: 401, detail: "")))
        let hold = try #require(driver.hold)
        driver.send(.terminal(.suspend), .terminal(.resume))
        #expect(driver.opened == nil && driver.state.realtime.connection == .waiting)
        driver.send(.timerFired(.realtimeHold(hold.token)))
        #expect(driver.opened != nil)
    }

    @Test func sevenFailedReopeningsInARowStopIt() throws {
        var driver = Driver()
        for _ in 0..<RealtimeState.sdkRetries {
            driver.hear(.ended(.unanswered("connection refused")))
            driver.send(.timerFired(.realtimeHold(try #require(driver.hold).token)))
            #expect(driver.opened != nil)
        }
        driver.hear(.ended(.unanswered("connection refused")))
        #expect(driver.lost.last?.reconnectIn == nil)
        guard case .stopped = driver.state.realtime.connection else {
            Issue.record("still trying after \(RealtimeState.sdkRetries) failures: \(driver.state.realtime.connection)")
            return
        }
    }

    /// The wait a message asks for lengthens the next reopening without counting a failure.
    @Test func retryIntervalSecondsHoldsTheNextOpening() throws {
        var driver = Driver()
        driver.hear(.opened)
        driver.hear(.message(RealtimeMessage(retryAfterSeconds: 5)))
        let hold = try #require(driver.hold)
        #expect(hold.milliseconds == 5000)
        #expect(driver.traces.contains(.realtime(.announced(version: nil, knownVersion: 0, fetchInMilliseconds: nil, reconnectAfterSeconds: 5))))
        driver.hear(.ended(.closed))
        #expect(driver.opened == nil && driver.lost.last?.reconnectIn == 5000)
        driver.send(.timerFired(.realtimeHold(hold.token)))
        #expect(driver.opened != nil)
        driver.hear(.opened)
        driver.hear(.ended(.refused(status: 503, detail: "")))
        #expect((try #require(driver.hold)).milliseconds <= Self.base * 3 / 2, "no failure was counted")
    }

    @Test func featureDisabledClosesItForTheRun() {
        var driver = Driver()
        driver.hear(.opened)
        let stream = driver.stream
        driver.hear(.message(RealtimeMessage(disabled: true)))
        #expect(driver.effects.contains(.closeStream(stream: stream)))
        #expect(driver.state.realtime.connection == .disabled)
        driver.send(.terminal(.suspend), .terminal(.resume))
        #expect(driver.opened == nil)
    }

    @Test func aNewerVersionIsFetchedZeroToThreeSecondsLater() throws {
        var driver = Driver()
        driver.send(.checkCompleted(.failed(CheckFailure(.unreachable, "offline"))))
        driver.hear(.opened)
        driver.hear(.message(RealtimeMessage(templateVersion: 43)))
        let timer = try #require(driver.fetchTimer)
        #expect([0, 1000, 2000, 3000].contains(timer.milliseconds))
        #expect(driver.traces.contains(.realtime(.announced(version: 43, knownVersion: 0, fetchInMilliseconds: timer.milliseconds,
                                                            reconnectAfterSeconds: nil))))
        driver.send(.timerFired(.realtimeFetch(timer.token)))
        #expect(driver.effects.contains(.startRealtimeCheck(appVersion: "1.0.0", attempt: 1)))
        #expect(driver.traces.contains(.realtime(.fetch(attempt: 1, target: 43))))
    }

    /// A decided check whose fetch answered template version `version`.
    static func decided(templateVersion version: String) throws -> AppEvent {
        var answer = SourceAnswer(latestVersion: "1.0.0", minimumRequiredVersion: "1.0.0")
        answer.templateVersion = version
        return .checkCompleted(.decided(try UpdateDecider(appID: "1").decide(current: "1.0.0", answer: answer, now: Date(timeIntervalSince1970: 0))))
    }

    @Test func theFetchIsMadeAgainUntilItAnswersTheAnnouncedVersion() throws {
        var driver = Driver()
        driver.send(try Self.decided(templateVersion: "42"))
        #expect(driver.state.realtime.knownVersion == 42, "the launch check's answer is the version the app knows")
        driver.hear(.opened)
        driver.hear(.message(RealtimeMessage(templateVersion: 42)))
        #expect(driver.fetchTimer == nil, "not newer than the app's")
        driver.hear(.message(RealtimeMessage(templateVersion: 43)))
        driver.send(.timerFired(.realtimeFetch(try #require(driver.fetchTimer).token)))
        driver.send(try Self.decided(templateVersion: "42"))
        let again = try #require(driver.fetchTimer, "the answer is still 42: fetched again, 0-3 s later")
        driver.send(.timerFired(.realtimeFetch(again.token)))
        #expect(driver.effects.contains(.startRealtimeCheck(appVersion: "1.0.0", attempt: 2)))
        driver.send(try Self.decided(templateVersion: "43"))
        #expect(driver.fetchTimer == nil && driver.state.realtime.fetch == nil && driver.state.realtime.knownVersion == 43)
        // The next opening tells the server 43.
        driver.send(.terminal(.suspend), .terminal(.resume))
        #expect(driver.effects.contains(.openStream(stream: driver.stream, knownVersion: 43)))
    }

    @Test func aFetchDueDuringACheckStartsWhenItEnds() throws {
        var driver = Driver()
        // The launch check is still in flight.
        driver.hear(.opened)
        driver.hear(.message(RealtimeMessage(templateVersion: 43)))
        driver.send(.timerFired(.realtimeFetch(try #require(driver.fetchTimer).token)))
        #expect(!driver.effects.contains { if case .startRealtimeCheck = $0 { true } else { false } })
        driver.send(.checkCompleted(.failed(CheckFailure(.unreachable, "offline"))))
        #expect(driver.effects.contains(.startRealtimeCheck(appVersion: "1.0.0", attempt: 1)))
    }

    @Test func aFailedFetchEndsTheAnnouncementsFetching() throws {
        var driver = Driver()
        driver.send(.checkCompleted(.failed(CheckFailure(.unreachable, "offline"))))
        driver.hear(.opened)
        driver.hear(.message(RealtimeMessage(templateVersion: 43)))
        driver.send(.timerFired(.realtimeFetch(try #require(driver.fetchTimer).token)))
        driver.send(.checkCompleted(.failed(CheckFailure(.timedOut, "slow"))))
        #expect(driver.fetchTimer == nil && driver.state.realtime.fetch == nil)
    }

    /// A drop reopened at once is no failure: a 503 after it waits the base, not nothing.
    @Test func a503AfterADropWaitsTheBase() throws {
        var driver = Driver()
        driver.hear(.opened)
        driver.hear(.message(RealtimeMessage(templateVersion: 0)))
        driver.hear(.ended(.lost("a drop")))
        #expect(driver.hold == nil && driver.opened != nil, "a drop reopens at once")
        driver.hear(.ended(.refused(status: 503, detail: "")))
        let hold = try #require(driver.hold)
        #expect([Self.base / 2, Self.base * 3 / 2].contains(hold.milliseconds), "\(hold)")
    }

    @Test func theSameSeedGivesTheSameWaits() {
        func waits(_ seed: UInt64) -> [Int] {
            var driver = Driver(seed: seed)
            var waits: [Int] = []
            for _ in 0..<5 {
                driver.hear(.ended(.refused(status: 503, detail: "")))
                guard let hold = driver.hold else { return waits }
                waits.append(hold.milliseconds)
                driver.send(.timerFired(.realtimeHold(hold.token)))
            }
            return waits
        }
        #expect(waits(1) == waits(1))
    }
}
