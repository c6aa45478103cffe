import ArgumentParser

/// `toastercli links`: universal links tools.
struct Links: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "links",
        abstract: "Universal links: check URLs against an apple-app-site-association file.",
        subcommands: [LinksCheck.self]
    )
}
