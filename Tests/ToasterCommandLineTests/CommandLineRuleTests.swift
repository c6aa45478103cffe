import ArgumentParser
import Testing
@testable import ToasterCommandLine

/// The rule both executables follow, without a process: what a mistyped subcommand and an
/// out-of-range value say, and what a `CommandExit` carries.
@Suite struct CommandLineRuleTests {
    struct Root: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "tool", subcommands: [Check.self, Links.self], defaultSubcommand: Check.self)
    }

    struct Check: ParsableCommand {
        @Flag var quiet = false
    }

    struct Links: ParsableCommand {
        static let configuration = CommandConfiguration(subcommands: [LinksCheck.self])
    }

    struct LinksCheck: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "check", aliases: ["verify"])
    }

    private func refusal(_ arguments: [String]) -> String? {
        do throws(ValidationError) {
            try CommandLineRule.refuseUnknownSubcommand(arguments, of: Root.self)
            return nil
        } catch {
            return error.message
        }
    }

    @Test func aMistypedSubcommandIsNamedWithTheNearestOne() {
        #expect(refusal(["chek"]) == #"tool has no command "chek"; did you mean "check"?"#)
        #expect(refusal(["links", "zzz"]) == #"tool links has no command "zzz" (its commands: check)"#)
    }

    @Test func knownWordsFlagsHelpAndAliasesPass() {
        for arguments in [["check"], ["--quiet"], ["help"], ["links", "check"], ["links", "verify"], []] {
            #expect(refusal(arguments) == nil, "\(arguments)")
        }
    }

    @Test func theDefaultCommandParsesItsOwnOptionsAlone() throws {
        #expect(CommandLineRule.defaultCommand(of: Root.self, ["--quiet"]) is Check)
        #expect(CommandLineRule.defaultCommand(of: Root.self, ["links"]) == nil, "a subcommand's name is the root's to parse")
        #expect(CommandLineRule.defaultCommand(of: Root.self, ["--help"]) == nil, "help is the root's")
    }

    private func rangeRefusal(_ check: () throws -> Void) -> String? {
        do { try check(); return nil } catch { return (error as? ValidationError)?.message ?? "not a ValidationError: \(error)" }
    }

    @Test func aValueOutOfRangeSaysTheRange() {
        #expect(rangeRefusal { try OptionRange.check(60_001, within: 0...60_000, "--launch-screen-ms") }
            == "--launch-screen-ms must be between 0 and 60000")
        #expect(rangeRefusal { try OptionRange.check(Double.nan, above: 0, atMost: 600, "--timeout", unit: "seconds") }
            == "--timeout must be more than 0 and at most 600 seconds")
        #expect(rangeRefusal { try OptionRange.check(0.75, above: 0, atMost: 0.5, "--timeout", unit: "s") }
            == "--timeout must be more than 0 and at most 0.5 s")
        #expect(rangeRefusal { try OptionRange.check(5, within: 0...10, "--n", unit: "ms") } == nil)
    }

    @Test func anEndingCarriesItsStatusMessageAndTeardown() {
        let unusable = CommandExit.unusable("cannot read x", status: 2)
        #expect((unusable.status, unusable.message, unusable.skipsTeardown) == (2, "cannot read x", false))
        let quiet = CommandExit(status: 10)
        #expect((quiet.status, quiet.message, quiet.description) == (10, nil, ""))
        #expect(CommandExit.immediately(status: 0).skipsTeardown)
    }
}
