import ArgumentParser

/// `toastercli state`: what the app remembers between launches.
struct State: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Show or forget the remembered answers (later, skipped version, last forced decision).",
        subcommands: [StateShow.self, StateReset.self]
    )
}
