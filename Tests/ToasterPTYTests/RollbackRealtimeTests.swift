import Foundation
import Testing
import ToasterTestSupport

/// A rollback through the REST API reaches an app open with `run --realtime`: the server numbers
/// the rollback as a new version, the stream announces it, and the app forced by the version
/// the rollback withdraws is forced no more.
@Suite(.offThePool) struct RollbackRealtimeTests {
    @Test func aRollbackWithdrawsTheForcedAlertOfTheVersionItUndoes() async throws {
        let publisher = try TemplatePublisher()
        let server = try ServerProcess(arguments: ["--firebase-service-account", publisher.serverKeyFile],
                                       policy: try RealtimeTests.policy(version: 42))
        let app = try RealtimeTests.app(server)
        try await RealtimeTests.publishAndAwaitTheAlert(server, app)

        // The Admin SDK's rollback: the version in the body. 42 comes back as 44.
        let token = try publisher.token(server.baseURL)
        let rollback = try await publisher.send("POST", server.baseURL + "/v1/projects/toaster/remoteConfig:rollback", token: token,
                                                body: #"{"versionNumber": "42"}"#)
        #expect(rollback.status == 200, "\(rollback.text)")
        #expect(rollback.eTag == "etag-toaster-44")

        let summary = try app.trace.waitFor("the alert withdrawn") { $0.last == "alertDismissed nil" }
        #expect(summary.suffix(4) == ["realtimeAnnounced 44", "realtimeFetch", "versionCheck none", "alertDismissed nil"], "\(summary)")
        try app.terminal.waitForGone(ToasterApp.forcedTitle)
        try app.terminal.waitFor("최신 버전입니다")
    }
}
