import Foundation
import Testing
import ToasterTestSupport

/// `run --realtime` against toaster-server serving the example template: a template published
/// while the app is open, active and focused reaches it through the real-time stream, and the
/// forced alert appears with no focus change — on a fresh stream, after a network drop, after
/// the server told it to reconnect later, after 503s it backs off from, and after a spell in
/// the background, where the stream is closed.
@Suite(.offThePool) struct RealtimeTests {
    static let appID = "1:1234567890:ios:0a1b2c3d4e5f6789"
    /// The lifecycle of a launch that never lost focus nor left the foreground.
    static let launchLifecycle = ["lifecycle application(_:didFinishLaunchingWithOptions:)", "lifecycle scene(_:willConnectTo:options:)",
                                  "lifecycle sceneWillEnterForeground(_:)", "lifecycle sceneDidBecomeActive(_:)"]

    /// The example policy with the example template at `version`, its minimum `minimum`; the
    /// store serves 3.0.0, the highest minimum these tests publish, so that the forced alert they
    /// await is one an update ends (the server refuses a dead end).
    static func policy(version: Int, minimum: String = "1.0.0") throws -> String {
        let template = try String(contentsOf: Examples.template, encoding: .utf8)
        let changed = template.replacingOccurrences(of: #""versionNumber": "42""#, with: #""versionNumber": "\#(version)""#)
            .replacingOccurrences(of: #""value": "1.0.0""#, with: #""value": "\#(minimum)""#)
        var policy = try Examples.policy(template: changed)
        // The app's own version comes before its template in the example.
        guard let store = policy.range(of: #""version": "2.0.0""#) else { throw TestFailure(description: "examples/policy.json changed its version") }
        policy.replaceSubrange(store, with: #""version": "3.0.0""#)
        return policy
    }

    static let apiKey = ["TOASTER_FIREBASE_API_KEY": "AIzaSyAnyKeyToasterServerIgnores"]

    /// The app at 2.2.0, listening to `server`'s stream.
    static func arguments(_ server: ServerProcess) -> [String] {
        ["--realtime", "--source", "remote-config", "--firebase-project", "toaster", "--firebase-app-id", appID,
         "--url", server.baseURL, "--installations-url", server.baseURL, "--app-version", "2.2.0"]
    }

    /// The app at 2.2.0, up to date with template 42, listening; returned once its stream has
    /// opened and said 42 and its launch check has answered.
    static func app(_ server: ServerProcess, _ extra: [String] = []) throws -> ToasterApp {
        try listening(try ToasterApp(arguments(server) + extra, environment: apiKey))
    }

    @discardableResult
    static func listening(_ app: ToasterApp) throws -> ToasterApp {
        try app.trace.waitFor("the stream's first message and the launch check") {
            $0.contains("realtimeAnnounced 42") && $0.contains("versionCheck none")
        }
        try app.terminal.waitFor("최신 버전입니다")
        return app
    }

    /// How many streams `server` has open, once that is `count`; nil if it never is.
    static func openStreams(_ server: ServerProcess, _ count: Int) async -> Int? {
        await Polling.until { try? await server.metrics().contains("toaster_realtime_open_streams \(count).0") ? count : nil }
    }

    /// Publishes template 43 with a minimum of 3.0.0 and waits for the forced alert it calls
    /// for, without a key or a focus change: the summary of the trace by then. `lifecycle`: the
    /// app's before the publish.
    @discardableResult
    static func publishAndAwaitTheAlert(_ server: ServerProcess, _ app: ToasterApp, lifecycle: [String] = launchLifecycle) async throws -> [String] {
        try await server.put(policy: try policy(version: 43, minimum: "3.0.0"))
        try app.waitForForcedAlert()
        let summary = try app.trace.waitFor("the forced alert") { $0.contains("alertPresented ForceUpdate") }
        #expect(summary.filter { $0.hasPrefix("lifecycle") } == lifecycle, "no focus change, no return to the foreground")
        #expect(summary.suffix(4) == ["realtimeAnnounced 43", "realtimeFetch", "versionCheck forced", "alertPresented ForceUpdate"], "\(summary)")
        let fetch = try #require(try app.trace.events().last { $0["event"] as? String == "realtimeFetch" })
        #expect(fetch["attempt"] as? Int == 1 && fetch["version"] as? String == "43")
        return summary
    }

    /// Fails the next stream requests with `fault`, then drops the open stream: its reopenings meet the fault.
    static func drop(into fault: String, _ server: ServerProcess) async throws {
        try await server.admin("/admin/realtime/fail", body: fault)
        try await server.admin("/admin/realtime/drop")
    }

    static func awaitOpenings(_ count: Int, _ app: ToasterApp, _ what: String) throws {
        try app.trace.waitFor(what) { $0.filter { $0 == "realtimeOpened" }.count == count }
    }

    static func lost(_ app: ToasterApp) throws -> [[String: Any]] {
        try app.trace.events().filter { $0["event"] as? String == "realtimeLost" }
    }

    @Test func aPublishedTemplateShowsTheForcedAlertAtOnce() async throws {
        let server = try ServerProcess(policy: try Self.policy(version: 42))
        let app = try Self.app(server)
        let summary = try await Self.publishAndAwaitTheAlert(server, app)
        #expect(!summary.contains { $0.hasPrefix("realtimeLost") })
    }

    /// The known field failure (firebase-ios-sdk #15490): the listener dead after a drop.
    @Test func afterANetworkDropTheStreamIsReopenedAtOnce() async throws {
        let server = try ServerProcess(policy: try Self.policy(version: 42))
        let app = try Self.app(server)
        #expect(try await server.admin("/admin/realtime/drop").contains("dropped 1 real-time stream"))
        try Self.awaitOpenings(2, app, "the stream reopened")
        let lost = try #require(try Self.lost(app).first)
        #expect(lost["reconnectInMs"] as? Int == 0, "a drop is reopened at once: \(lost)")
        #expect((lost["why"] as? String)?.hasPrefix("the stream was lost") == true, "\(lost)")
        try await Self.publishAndAwaitTheAlert(server, app)
    }

    @Test func retryIntervalSecondsIsHonoured() async throws {
        let server = try ServerProcess(policy: try Self.policy(version: 42))
        let app = try Self.app(server)
        try await Self.drop(into: #"{"count": 2, "retryIntervalSeconds": 1}"#, server)
        // The drop, then two openings told to come back in a second, then a stream again.
        try Self.awaitOpenings(4, app, "the third reopening")
        let told = try app.trace.events().filter { $0["event"] as? String == "realtimeAnnounced" && $0["reconnectAfterSeconds"] as? Int == 1 }
        #expect(told.count == 2)
        let waits = try Self.lost(app).map { $0["reconnectInMs"] as? Int }
        #expect(waits == [0, 1000, 1000], "at once after the drop, then the second each message asked for, not counted as failures")
        try await Self.publishAndAwaitTheAlert(server, app)
    }

    /// 503s are backed off as the SDK backs off (its 2 minutes scaled down to 200 ms here):
    /// each wait within half to one and a half times a base that doubles, then a stream again.
    @Test func after503sItBacksOffAndThenListensAgain() async throws {
        let server = try ServerProcess(policy: try Self.policy(version: 42))
        let app = try Self.app(server, ["--realtime-backoff-ms", "200"])
        try await Self.drop(into: #"{"count": 3, "status": 503}"#, server)
        try Self.awaitOpenings(2, app, "a stream after the 503s")
        let lost = try Self.lost(app)
        #expect(lost.map { $0["status"] as? Int } == [nil, 503, 503, 503], "\(lost)")
        for (index, wait) in lost.dropFirst().map({ $0["reconnectInMs"] as? Int ?? -1 }).enumerated() {
            let interval = 200 << index
            #expect([interval / 2, interval + interval / 2].contains(wait), "failure \(index + 1): \(wait) ms")
        }
        try server.waitForOutput("status=503", count: 3)
        #expect(server.output.components(separatedBy: "status=503").count - 1 == 3, "one request per failure")
        try await Self.publishAndAwaitTheAlert(server, app)
    }

    /// With the SDK's own backoff, a 503 holds the stream for one to three minutes: the trace
    /// says so, and the app keeps its decision meanwhile.
    @Test func a503WaitsTheSDKsBackoff() async throws {
        let server = try ServerProcess(policy: try Self.policy(version: 42))
        let app = try Self.app(server)
        try await Self.drop(into: #"{"count": 1, "status": 503}"#, server)
        let summary = try app.trace.waitFor("the 503") { $0.contains("realtimeLost 503") }
        let refused = try #require(try Self.lost(app).last)
        #expect([60_000, 180_000].contains(refused["reconnectInMs"] as? Int), "\(refused)")
        #expect(summary.last == "realtimeLost 503" && summary.filter { $0 == "realtimeOpened" }.count == 1, "\(summary)")
        try app.terminal.waitFor("최신 버전입니다")
    }

    /// Ctrl-Z puts the scene in the background, where the SDK closes its stream: closed, and
    /// gone from the server, while the process is stopped; `fg` brings the scene back to the
    /// foreground, where the stream opens again and carries the next publish to the alert.
    @Test func theStreamClosesInTheBackgroundAndReopensInTheForeground() async throws {
        let server = try ServerProcess(policy: try Self.policy(version: 42))
        let environment = Self.apiKey.map { "\($0.key)=\($0.value)" }
        let app = try Self.listening(try ToasterApp(shellRunning: { binary, trace in
            (environment + [binary, "--trace", trace, "--launch-screen-ms", "0"] + Self.arguments(server).map(ToasterApp.quote)).joined(separator: " ")
        }))
        #expect(await Self.openStreams(server, 1) != nil)
        try app.terminal.press("C-z")
        try app.terminal.waitFor("Stopped")
        let background = try app.trace.waitFor("the stream closed") { $0.contains("realtimeClosed") }
        #expect(background.suffix(2) == ["lifecycle sceneDidEnterBackground(_:)", "realtimeClosed"], "\(background)")
        let closed = try #require(try app.trace.events().last { $0["event"] as? String == "realtimeClosed" })
        #expect(closed["why"] as? String == "the scene entered the background")
        #expect(await Self.openStreams(server, 0) != nil, "the server's stream ended while the app is stopped")

        try app.terminal.type("fg")
        try app.terminal.press("Enter")
        let foreground = try app.trace.waitFor("the stream reopened and the foreground's check") {
            $0.filter { $0 == "realtimeOpened" }.count == 2 && $0.filter { $0 == "versionCheck none" }.count == 2
        }
        #expect(!foreground.contains { $0.hasPrefix("realtimeLost") }, "closed, not lost: \(foreground)")
        #expect(await Self.openStreams(server, 1) != nil)
        let lifecycle = foreground.filter { $0.hasPrefix("lifecycle") }
        try await Self.publishAndAwaitTheAlert(server, app, lifecycle: lifecycle)
    }
}
