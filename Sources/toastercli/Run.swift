import ArgumentParser
import Glibc
import ToasterCore
import ToasterServices
import ToasterTerminal

/// `toastercli run` (the default): the app in the terminal.
struct Run: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Run the app: launch screen, home, and the update alert the check calls for.",
        discussion: """
            Keys: ↑/↓ and Enter on the home screen, q to quit; in an alert ←/→ or Tab to move, \
            Enter or Space to choose, Esc for 다음에; in the App Store Enter installs and Esc \
            returns. Ctrl-Z suspends (the scene goes to the background), Ctrl-C quits anywhere.
            """
    )

    @OptionGroup var options: CheckOptions

    @Option(help: "Append one JSON line per lifecycle callback, check and alert to this file.")
    var trace: String?

    @Option(help: "A built-in theme (toaster, dark, light, high-contrast, mono) or a theme file's path.")
    var theme: String?

    @Option(help: "How long the launch screen stays up, in milliseconds.")
    var launchScreenMs = 600

    func validate() throws {
        guard (0...60_000).contains(launchScreenMs) else {
            throw ValidationError("--launch-screen-ms must be between 0 and 60000")
        }
    }

    func run() throws {
        let theme = try ThemeChoice.resolve(theme)
        let source = try options.makeSource()
        let decider = try options.makeDecider()
        let clock = try options.makeClock()
        let traceFile = try trace.map { path throws(TerminalError) in try TraceFile(path: path, clock: clock) }
        let configuration = LaunchConfiguration(appVersion: options.appVersion, sourceName: source.name,
                                                language: try options.language(), launchScreenMilliseconds: launchScreenMs)
        let runner = TerminalRunner(configuration: configuration, theme: theme, trace: traceFile) { appVersion in
            do {
                let policy = try await source.fetchPolicy()
                return .decided(try decider.decide(current: appVersion, policy: policy, now: clock.now))
            } catch let error as SourceError {
                return .failed(error.message)
            } catch {
                return .failed("\(error)")
            }
        }
        let status = try runner.run()
        if let failure = traceFile?.failure { throw CLIError(failure) }
        // The terminal is restored and every trace line is on disk: end now, without exit-time
        // teardown (static destructors, the HTTP client's event-loop threads) that could hold a
        // process whose terminal is already gone.
        _exit(status)
    }
}
