import Foundation
import Testing
import ToasterTestSupport

/// The scripted tests in examples/scripted, run against this build so that the examples a QA
/// engineer copies never rot. Each proves the forced alert holds and the optional one closes.
@Suite(.offThePool) struct ScriptedExamplesTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../examples/scripted").standardizedFileURL

    @Test(arguments: [["bash", "tmux.sh"], ["python3", "pexpect_alerts.py"], ["expect", "alerts.exp"]])
    func exampleHoldsTheForcedAlertAndClosesTheOptionalOne(interpreter: [String]) throws {
        let script = Self.folder.appendingPathComponent(interpreter[1]).path
        // As a CI job runs them: with the runner's blocked signals, tmux could not see its pane
        // end. Their waits get the tests' polling allowance, which grows on a busy machine.
        let deadline = "TOASTER_DEADLINE=\(Polling.allowance.components.seconds)"
        let result = try Toolchain.run(["TOASTERCLI=\(Toolchain.toastercli)", deadline, interpreter[0], script], unblockingSignals: true)
        #expect(result.status == 0, "\(interpreter[1]) failed:\n\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("forced alert held, optional alert dismissed"))
    }
}
