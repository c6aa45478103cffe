import ArgumentParser

/// `toastercli state`: what the app remembers between launches.
struct State: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "state",
        abstract: "Show or forget the remembered answers (later, skipped version, last forced decision).",
        subcommands: [StateShow.self, StateReset.self]
    )
}
