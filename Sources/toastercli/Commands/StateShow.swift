import ArgumentParser
import ToasterCommandLine
import FoundationEssentials
import ToasterCore
import ToasterServices

/// `toastercli state show`: every app's remembered choices in the state folder.
struct StateShow: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "show", abstract: "Print the remembered answers of every app.")

    @OptionGroup var stateOptions: StateOptions

    @Option(help: "text or json.")
    var format: OutputFormat = .text

    func run() throws {
        let directory = try stateOptions.requiredDirectory()
        let entries = ChoiceFolder(directory: directory).entries()
        switch format {
        case .json:
            Output.line(JSONValue.object([
                ("folder", .string(directory)),
                ("apps", .array(entries.map(\.json))),
            ]).serialized())
        case .text:
            guard !entries.isEmpty else {
                Output.line("no remembered answers in \(directory)")
                return
            }
            Output.line(entries.map(\.text).joined(separator: "\n\n"))
        }
    }
}
