import Foundation
import Testing
import ToasterTestSupport

/// Every size from 30×8 up, resizes at any moment, and text from a hostile payload.
@Suite(.offThePool) struct LayoutTests {
    @Test(arguments: [(30, 8), (40, 12), (80, 24), (200, 50)])
    func forcedAndOptionalAlertsFitAndAlign(width: Int, height: Int) throws {
        let forced = try ToasterApp(width: width, height: height)
        try forced.terminal.waitForScreen("the forced alert's hint") { $0.contains("업데이트 ]") && $0.contains("Ctrl-C") }
        let box = try AlertBox.find(in: try forced.terminal.lines())
        #expect(abs(box.left - (width - 1 - box.right)) <= 1, "centred")
        #expect(box.bottom < height - 2, "above the status line and the hint")

        let optional = try ToasterApp(["--app-version", "1.9.0", "--store-version", "1.10.0"], width: width, height: height)
        let screen = try optional.terminal.waitForScreen("the optional alert's hint") { $0.contains("다음에") && $0.contains("Esc 다음에") }
        #expect(!screen.contains("�"))
        #expect(try AlertBox.find(in: try optional.terminal.lines()).bottom < height - 2)
    }

    @Test func resizeDuringTheInstallRedrawsAndTheInstallFinishes() throws {
        let app = try ToasterApp()
        // The install lasts under a second: frozen as it starts, it waits for the resize, then
        // goes on a moment at a time until it has drawn the new size.
        try app.openStorePage()
        try app.freeze(at: "installStarted") { try app.terminal.press("Enter") }
        try #require(!(try app.trace.summary().contains("installFinished")), "frozen during the install")
        try app.terminal.resize(width: 44, height: 14)
        try app.step(until: "the progress bar at 44 columns") { screen in
            screen.components(separatedBy: "\n").contains { $0.contains("설치 중") && $0.contains("%") }
        }
        try app.thaw()
        try app.terminal.waitFor("v2.0.0")
    }

    @Test func hostilePayloadBytesNeverReachTheTerminal() throws {
        let lookup = #"{"resultCount":1,"results":[{"version":"2.0.0","trackId":1,"# +
            #""trackName":"Evil\u001b]0;pwned\u0007App\u009b31m\u202eppA","# +
            #""releaseNotes":"line1\r\n\u001b[2J\u001b[31mred\u001b[0m\tTab\u0085next\u2066x\u2069"}]}"#
        let app = try ToasterApp(shellRunning: { binary, trace in
            "\(binary) --trace \(trace) --launch-screen-ms 0 --source appstore --url file://$PWD/lookup.json"
        }, files: ["lookup.json": lookup])
        try app.waitForForcedAlert()
        try app.terminal.press("Enter")
        // The notes are drawn below the name: wait for their last line, not for the name.
        let store = try app.terminal.waitForScreen("the store page and its notes") { $0.contains("pwnedApp31mppA") && $0.contains("nextx") }
        #expect(store.contains("line1") && store.contains("Tab"))
        let output = try Data(contentsOf: URL(fileURLWithPath: app.terminal.file(ToasterApp.outputName)))
        for (forbidden, what) in [("\u{1b}]", "an OSC sequence"), ("\u{9b}", "a C1 CSI"), ("\u{202e}", "a bidi override"),
                                  ("\u{2066}", "a bidi isolate"), ("\u{85}", "a C1 NEL"), ("\u{7}", "a bell"),
                                  ("\u{1b}[2J\u{1b}[31mred", "the payload's own escape sequences")] {
            #expect(output.range(of: Data(forbidden.utf8)) == nil, "\(what) reached the terminal")
        }
    }
}
