import ArgumentParser
import ToasterCommandLine
import ToasterCore
import ToasterTerminal

@main
struct Toaster: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "toastercli",
        abstract: "Replays an iOS app's launch-time update check and alert in the terminal.",
        discussion: """
            A bare `toastercli` runs the app against the built-in demo store (app 1.0.0, store \
            2.0.0) and shows the forced update alert. `toastercli check` prints the same \
            decision without a UI, for scripts and CI.
            """,
        version: "0.1.0",
        subcommands: [Run.self, Check.self, Preflight.self, State.self, Links.self],
        defaultSubcommand: Run.self
    )

    /// ArgumentParser's `main()`, with the rule for statuses and messages (docs/03, 6).
    static func main() {
        // No argument changes the built-in theme: it is read on the second core while the
        // arguments are parsed on the first (a launch's parse takes 4 ms, the theme 0.2).
        BackgroundThread.start { _ = Theme.builtin(Theme.defaultName) }
        CommandLineRule.main(Toaster.self)
    }
}
