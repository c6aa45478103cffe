import ArgumentParser
import ToasterCommandLine

/// Where the app's remembered choices live: `--state-dir`, else `$XDG_STATE_HOME/toastercli`,
/// else `~/.local/state/toastercli` (the XDG base directory rules).
struct StateOptions: ParsableArguments {
    @Option(help: "The folder of remembered answers (default: $XDG_STATE_HOME/toastercli or ~/.local/state/toastercli).")
    var stateDir: String?

    /// Nil when there is nowhere to keep state (no flag, no XDG_STATE_HOME, no HOME).
    var directory: String? {
        if let stateDir { return stateDir }
        // The XDG rules ignore a relative XDG_STATE_HOME.
        if let xdg = Environment.value("XDG_STATE_HOME"), xdg.hasPrefix("/") { return "\(xdg)/toastercli" }
        return Environment.value("HOME").map { "\($0)/.local/state/toastercli" }
    }

    /// For the commands that only work on the folder.
    func requiredDirectory() throws(CommandExit) -> String {
        guard let directory else { throw CommandExit.unusable("no state folder: pass --state-dir, or set XDG_STATE_HOME or HOME") }
        return directory
    }

    func validate() throws {
        if let stateDir, stateDir.isEmpty { throw ValidationError("--state-dir must not be empty") }
    }
}
