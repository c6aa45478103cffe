import ToasterCore
import ToasterServices

/// Where a command's plan becomes what it runs — a `VersionCheck` for `run` and `check`, a
/// `PreflightRound` for `preflight`, the files `links check` reads — as SwiftPM's
/// `SwiftCommandState` is for its commands. It reads the plan alone (the options were read
/// once, by validate()), and returns what it has to say rather than printing it: the command
/// says it, in order.
enum Wiring {
    /// What building has to tell the user on standard error, in order.
    enum Note: Equatable {
        /// `warning: …`: a problem that does not stop the command.
        case warning(String)
        /// `note: …`: how an input was read, such as the columns of `--installed` left out.
        case note(String)
    }

    /// The check `run` and `check` run, with the remembered choices the command chose.
    static func versionCheck(_ plan: CheckPlan, choices: ChoiceBook?) -> VersionCheck {
        // The state folder also keeps a real fetch's Firebase installation, as the SDK keeps it.
        let folder = choices.map { String($0.path[..<($0.path.lastIndex(of: "/") ?? $0.path.startIndex)]) }
        return VersionCheck(source: source(plan, stateFolder: folder), decider: plan.decider, choices: choices, clock: plan.clock)
    }

    /// `run`'s remembered choices for one app, in the folder the flag or the environment
    /// names, and what the user should be told about them (nil when all is well).
    static func choiceBook(_ directory: String?, appKey: String) -> (book: ChoiceBook?, notice: StartupNotice?) {
        guard let directory else { return (nil, .choicesNotRemembered) }
        let book = ChoiceBook(directory: directory, appKey: appKey)
        return (book, book.loadProblem.map(StartupNotice.stateFileUnusable))
    }
}
