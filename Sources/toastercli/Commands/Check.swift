import ArgumentParser
import ToasterCommandLine
import ToasterCore
import ToasterServices

/// `toastercli check`: the decision without a UI, for scripts and CI.
struct Check: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Print the update decision without a UI.",
        discussion: """
            With --exit-code the status tells the decision: 0 none, 10 optional, 20 forced; 1 is an error. \
            Remembered answers are read and recorded only with an explicit --state-dir.
            """
    )

    @OptionGroup var options: CheckOptions

    @Option(help: ArgumentHelp("Read and record the app's remembered answers in this folder, as `run` does (default: none).",
                               valueName: "state-dir"))
    var stateDir: String?

    @Option(help: "text or json.")
    var format: OutputFormat = .text

    @Flag(help: "Exit with 0 (none), 10 (optional) or 20 (forced).")
    var exitCode = false

    func validate() throws {
        if let stateDir, stateDir.isEmpty { throw ValidationError("--state-dir must not be empty") }
    }

    func run() throws {
        let plan = options.plan
        let choices = stateDir.map { ChoiceBook(directory: $0, appKey: plan.appKey) }
        if let problem = choices?.loadProblem { Output.warning(problem) }
        let check = Wiring.versionCheck(plan, choices: choices)
        let result = check.run(appVersion: plan.appVersion)
        if let problem = result.recordingProblem { Output.warning(problem) }
        let report: DecisionReport
        switch result.outcome {
        case .decided(let decided):
            report = decided
        case .failed(let failure):
            // A script reading JSON gets a document saying why, beside the status.
            let message = "\(check.source.name): \(failure)"
            if format == .json { Output.line(JSONValue.object([("error", .string(message))]).serialized()) }
            throw CommandExit.unusable(message)
        case .unchanged(let forced):
            report = forced
        case let .failedButForced(failure, forced):
            Output.warning("\(check.source.name): \(failure); the last forced decision stands")
            report = forced
        }
        Output.line(format == .json ? report.json.serialized() : report.text)
        if exitCode {
            switch report.decision {
            case .none: break
            case .optional: throw CommandExit(status: 10)
            case .forced: throw CommandExit(status: 20)
            }
        }
    }
}

/// `check --format`.
enum OutputFormat: String, ExpressibleByArgument, CaseIterable {
    case text
    case json
}
