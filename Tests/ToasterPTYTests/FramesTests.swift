import Foundation
import Testing
import ToasterTestSupport

/// What the loop draws (docs/03): a state that an event already waiting replaces is never
/// drawn; one that lasts is drawn before what follows it.
@Suite(.offThePool) struct FramesTests {
    /// The launch screen's wordmark, which no other screen shows.
    private static let wordmark = Data("T O A S T E R".utf8)
    /// The forced alert's hint, its last row.
    private static let alertHint = "Ctrl-C"

    @Test func aLaunchScreenOfNoTimeIsNeverDrawn() throws {
        let app = try ToasterApp(shellRunning: { binary, trace in "\(binary) --trace \(trace) --launch-screen-ms 0" })
        let output = try app.recording(through: Self.alertHint)
        #expect(output.range(of: Self.wordmark) == nil)
        // The launch screen was there, for no time: the lifecycle went through it.
        let lifecycle = try app.trace.waitFor("the alert") { $0.contains("alertPresented ForceUpdate") }
        #expect(lifecycle.first == "lifecycle application(_:didFinishLaunchingWithOptions:)", "\(lifecycle)")
    }

    @Test func aLaunchScreenThatLastsIsDrawnBeforeTheAlert() throws {
        let app = try ToasterApp(shellRunning: { binary, trace in "\(binary) --trace \(trace) --launch-screen-ms 1500" })
        let output = try app.recording(through: Self.alertHint)
        let wordmark = try #require(output.range(of: Self.wordmark))
        let hint = try #require(output.range(of: Data(Self.alertHint.utf8)))
        #expect(wordmark.lowerBound < hint.lowerBound)
    }
}
