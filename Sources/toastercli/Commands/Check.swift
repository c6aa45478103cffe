import ArgumentParser
import ToasterCore
import ToasterServices

/// `toastercli check`: the decision without a UI, for scripts and CI.
struct Check: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Print the update decision without a UI.",
        discussion: "With --exit-code the status tells the decision: 0 none, 10 optional, 20 forced; 1 is an error."
    )

    @OptionGroup var options: CheckOptions

    @Option(help: "text or json.")
    var format: OutputFormat = .text

    @Flag(help: "Exit with 0 (none), 10 (optional) or 20 (forced).")
    var exitCode = false

    func run() throws {
        let report: DecisionReport
        do {
            let policy = try options.makeSource().fetchPolicy()
            report = try options.makeDecider().decide(current: options.appVersion, policy: policy, now: options.makeClock().now)
        } catch let error as SourceError {
            throw CLIError("\(options.source.rawValue): \(error.message)")
        }
        print(format == .json ? report.json.serialized() : report.text)
        if exitCode {
            switch report.decision {
            case .none: break
            case .optional: throw ExitCode(10)
            case .forced: throw ExitCode(20)
            }
        }
    }
}

/// `check --format`.
enum OutputFormat: String, ExpressibleByArgument, CaseIterable {
    case text
    case json
}
