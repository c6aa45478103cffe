import ArgumentParser
import ToasterCommandLine
import ToasterServices

/// `toastercli state reset`: forget the remembered choices, as deleting and reinstalling would.
struct StateReset: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "reset", abstract: "Forget the remembered answers of one app (--app-id, --bundle-id) or of all.")

    @OptionGroup var stateOptions: StateOptions

    @Option(help: "Only this App Store id's answers.")
    var appId: String?

    @Option(help: "Only this bundle id's answers.")
    var bundleId: String?

    func run() throws {
        let directory = try stateOptions.requiredDirectory()
        let only = bundleId ?? appId.map { "id\($0)" }
        let removed = try ChoiceFolder(directory: directory).reset(appKey: only)
        Output.line(removed.isEmpty ? "nothing to forget in \(directory)" : removed.map { "forgot \($0)" }.joined(separator: "\n"))
    }
}
