import ArgumentParser
import Glibc
import ToasterCore

/// The rule both executables follow for what they print and how they end (docs/03, 6):
/// a usage error — an unknown flag or subcommand, a bad or out-of-range value — exits 64
/// (`EX_USAGE`) and names the flag as the command spells it; an input that cannot be read or
/// used exits 1; every message reaches the terminal with its control characters escaped; a
/// command ends otherwise only by throwing a `CommandExit`.
public enum CommandLineRule {
    /// sysexits.h's `EX_USAGE`, which ArgumentParser also uses for a `ValidationError`.
    public static let usageStatus: Int32 = 64

    /// Parses, runs and ends `root` (a synchronous command tree), as ArgumentParser's `main()`
    /// would, but with the rule's subcommand check and escaped messages.
    public static func main(_ root: any ParsableCommand.Type, arguments: [String] = Array(CommandLine.arguments.dropFirst())) -> Never {
        do {
            try refuseUnknownSubcommand(arguments, of: root)
            var command = try defaultCommand(of: root, arguments) ?? root.parseAsRoot(arguments)
            try command.run()
            exit(0)
        } catch {
            finish(root, error)
        }
    }

    /// Arguments that name no subcommand are the default command's own, and it parses them
    /// alone: through the root, swift-argument-parser reads the default command's options once
    /// more to decide where they go (a tenth of a launch's parse). Whatever it does not take
    /// as a command of its own — help, `--version`, a mistake — is parsed again from the root,
    /// so that what is shown and the status are the root's.
    static func defaultCommand(of root: any ParsableCommand.Type, _ arguments: [String]) -> (any ParsableCommand)? {
        guard let command = root.configuration.defaultSubcommand, arguments.first?.hasPrefix("-") ?? true,
              let parsed = try? command.parseAsRoot(arguments), type(of: parsed) == command else { return nil }
        return parsed
    }

    /// ArgumentParser's message and status for `error`, the message escaped: help and
    /// `--version` on standard output, everything else on standard error.
    static func finish(_ root: any ParsableCommand.Type, _ error: any Error) -> Never {
        if let ending = error as? CommandExit { end(ending) }
        let status = root.exitCode(for: error)
        let message = root.fullMessage(for: error)
        if !message.isEmpty {
            Output.write(message + "\n", to: status.isSuccess ? STDOUT_FILENO : STDERR_FILENO)
        }
        exit(status.rawValue)
    }

    /// What a `CommandExit` says: its message on standard error, then its status.
    static func end(_ ending: CommandExit) -> Never {
        if let message = ending.message { Output.write("Error: \(message)\n", to: STDERR_FILENO) }
        if ending.skipsTeardown {
            fflush(nil)
            _exit(ending.status)
        }
        exit(ending.status)
    }

    /// Ends the process with `status` at once, from any thread: no flush and no exit-time
    /// teardown, which could wait on a lock a running job's thread holds. For a signal's report
    /// (`InterruptWatch`), written unbuffered before it.
    public static func endNow(status: Int32) -> Never {
        _exit(status)
    }

    /// A command with subcommands takes a bare word first only as one of their names, so
    /// `toastercli bogus` is a mistyped subcommand, not an argument of the default `run`
    /// (which takes no arguments). `help` is ArgumentParser's own.
    static func refuseUnknownSubcommand(_ arguments: [String], of root: any ParsableCommand.Type) throws(ValidationError) {
        var command = root
        var path = [name(of: root)]
        for word in arguments {
            let subcommands = command.configuration.subcommands
            guard !subcommands.isEmpty, !word.hasPrefix("-") else { return }
            if word == "help" { return }
            guard let next = subcommands.first(where: { name(of: $0) == word || $0.configuration.aliases.contains(word) }) else {
                throw ValidationError(unknownSubcommand(word, of: path.joined(separator: " "), known: subcommands.map(name(of:))))
            }
            command = next
            path.append(word)
        }
    }

    /// `toastercli has no command "bogus"; did you mean "check"?`
    static func unknownSubcommand(_ word: String, of command: String, known: [String]) -> String {
        let hint = NearestName.to(word, among: known).map { "; did you mean \"\($0)\"?" }
            ?? " (its commands: \(known.joined(separator: ", ")))"
        return "\(command) has no command \(JSONValue.string(word).serialized())\(hint)"
    }

    private static func name(of command: any ParsableCommand.Type) -> String {
        command.configuration.commandName ?? String(describing: command).lowercased()
    }
}
