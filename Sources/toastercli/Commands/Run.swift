import ArgumentParser
import ToasterCommandLine
import ToasterCore
import ToasterServices
import ToasterTerminal

/// `toastercli run` (the default): the app in the terminal.
struct Run: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Run the app: launch screen, home, and the update alert the check calls for.",
        discussion: """
            Keys: ↑/↓ and Enter on the home screen, q to quit; in an alert ←/→, Home/End or Tab to move, \
            Enter or Space to choose, Esc for 다음에; in the App Store Enter installs and Esc \
            returns. A click on a button presses it. Keys are ignored while the terminal has no \
            focus. Ctrl-Z suspends (the scene goes to the background), Ctrl-C quits anywhere.
            """
    )

    @OptionGroup var options: CheckOptions

    @OptionGroup var stateOptions: StateOptions

    @OptionGroup(title: "Real time") var realtime: RealtimeOptions

    @Option(help: "Append one JSON line per lifecycle callback, check and alert to this file (with --now its times read 0).")
    var trace: String?

    @Option(help: "A built-in theme (toaster, dark, light, high-contrast, mono) or a theme file's path.")
    var theme: String?

    // Unconditional: a negative number is a value refused by its range (OptionRange).
    @Option(parsing: .unconditional, help: "How long the launch screen stays up, in milliseconds.")
    var launchScreenMs = 600

    @Option(help: "Launch the app with this universal link, as scene(_:willConnectTo:options:) receives it (needs --aasa).")
    var openUrl: String?

    @Option(help: ArgumentHelp("The apple-app-site-association file --open-url is matched against.", valueName: "file"))
    var aasa: String?

    @Option(help: ArgumentHelp("The app the link must open, as TEAMID.bundle.id.", valueName: "app-id"))
    var linkAppId = "ABCDE12345.com.example.toaster"

    func validate() throws {
        try OptionRange.check(launchScreenMs, within: 0...60_000, "--launch-screen-ms")
        if openUrl != nil, aasa == nil { throw ValidationError("--open-url needs --aasa, the file that says which links open the app") }
        if aasa != nil, openUrl == nil { throw ValidationError("--aasa is only used with --open-url") }
        try realtime.validate(firebaseProject: options.firebase.firebaseProject)
    }

    /// The launch link matched once, up front: an unusable file stops the run before the UI.
    private func launchLink() throws -> LinkVerdict? {
        guard let openUrl, let aasa else { return nil }
        do {
            return try AssociatedDomainsFile.load(aasa).verdict(for: openUrl, appID: linkAppId)
        } catch {
            throw CommandExit.unusable("--aasa: \(error)")
        }
    }

    func run() throws {
        let theme = try ThemeChoice.resolve(theme)
        let plan = options.plan
        let choices = Wiring.choiceBook(stateOptions.directory, appKey: plan.appKey)
        let check = Wiring.versionCheck(plan, choices: choices.book)
        check.source.prepare()
        let traceFile = try trace.map { path throws(TerminalError) in try TraceFile(path: path, clock: check.clock) }
        var configuration = LaunchConfiguration(appVersion: plan.appVersion, sourceName: check.source.name,
                                                language: plan.language, launchScreenMilliseconds: launchScreenMs)
        configuration.launchLink = try launchLink()
        configuration.notices += choices.notice.map { [$0] } ?? []
        let listener = Wiring.realtime(backoff: realtime.backoff, source: check.source)
        configuration.realtime = listener?.configuration
        let program = LaunchProgram(configuration: configuration, trace: traceFile, recorder: check.remember, checker: check.runLeavingNote,
                                    stream: listener?.stream)
        let status = try TerminalRunner(program: program, theme: theme).run()
        if let failure = traceFile?.failure { throw CommandExit.unusable(failure) }
        // The terminal is restored and every trace line is on disk: a check's thread may still
        // wait on a slow service, which exit-time teardown must not wait for (docs/03, 18).
        throw CommandExit.immediately(status: status)
    }
}
