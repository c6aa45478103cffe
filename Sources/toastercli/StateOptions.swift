import ArgumentParser
import Glibc

/// Where the app's remembered answers live: `--state-dir`, else `$XDG_STATE_HOME/toastercli`,
/// else `~/.local/state/toastercli` (the XDG base directory rules).
struct StateOptions: ParsableArguments {
    @Option(help: "The folder of remembered answers (default: $XDG_STATE_HOME/toastercli or ~/.local/state/toastercli).")
    var stateDir: String?

    /// Nil when there is nowhere to keep state (no flag, no XDG_STATE_HOME, no HOME).
    var directory: String? {
        if let stateDir { return stateDir }
        // The XDG rules ignore a relative XDG_STATE_HOME.
        if let xdg = Self.environment("XDG_STATE_HOME"), xdg.hasPrefix("/") { return "\(xdg)/toastercli" }
        return Self.environment("HOME").map { "\($0)/.local/state/toastercli" }
    }

    func validate() throws {
        if let stateDir, stateDir.isEmpty { throw ValidationError("--state-dir must not be empty") }
    }

    private static func environment(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 }
    }
}
