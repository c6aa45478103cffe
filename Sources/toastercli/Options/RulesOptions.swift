import ArgumentParser
import ToasterCore

/// `--rules`, for every command that decides. The command's validate() reads it, in its place
/// among the other checks.
struct RulesOptions: ParsableArguments {
    @Option(help: ArgumentHelp(
        "Rules per update kind: a preset (critical, annoying, persistent, hinting, relaxed, default) and/or KIND=OUTCOME[:FREQUENCY] items.",
        discussion: "e.g. major=force,minor=option,patch=option,revision=none; relaxed,major=critical; minor=option:daily. Outcomes: force, option, skip, none; frequencies: immediately, daily, weekly."))
    var rules: String?

    /// `--rules`; nil when not given: each answer is then decided as its source means it (only
    /// a minimum forces where one is named, the reference app's table where none is).
    func updateRules() throws(ValidationError) -> UpdateRules? {
        do {
            return try rules.map { text throws(RulesError) in try UpdateRules(parsing: text) }
        } catch {
            throw ValidationError("--rules: \(error)")
        }
    }
}
