import ArgumentParser
import Glibc

/// The rule's entry for an async command tree: toaster-server's, which runs on Swift
/// concurrency as Hummingbird does. toastercli's tree is synchronous and never calls it (docs/01,
/// rule 5), so this file alone of the modules toastercli links may `await`.
extension CommandLineRule {
    public static func main(_ root: any AsyncParsableCommand.Type,
                            arguments: [String] = Array(CommandLine.arguments.dropFirst())) async -> Never {
        do {
            try refuseUnknownSubcommand(arguments, of: root)
            let parsed = try root.parseAsRoot(arguments)
            if var command = parsed as? any AsyncParsableCommand {
                try await command.run()
            } else {
                var command = parsed
                try command.run()
            }
            exit(0)
        } catch {
            finish(root, error)
        }
    }
}
