import Testing
@testable import ToasterCore

@Suite struct ScreenRendererTests {
    @Test func homeRendersAtEverySize() {
        var state = AppState(configuration: LaunchConfiguration(appVersion: "1.0.0", sourceName: "demo"))
        state = LaunchMachine.step(state, .launch).0
        state = LaunchMachine.step(state, .timerFired(.launchScreen)).0
        for (width, height) in [(80, 24), (20, 6), (40, 12), (1, 1), (200, 50)] {
            let canvas = ScreenRenderer.render(state, width: width, height: height)
            #expect(canvas.width == width)
        }
    }
}
