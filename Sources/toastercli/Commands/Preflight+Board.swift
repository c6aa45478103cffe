import Glibc
import ToasterCommandLine
import ToasterCore
import ToasterServices
import ToasterTerminal

extension Preflight {
    /// The board replaces the lines of `--watch` when a person watches: text on a terminal.
    var showsBoard: Bool {
        watch && !noBoard && format == .text && isatty(STDIN_FILENO) == 1 && isatty(STDOUT_FILENO) == 1
    }

    /// `--watch` as the storefront board; its final report goes to the normal screen, so that
    /// it stays in the scrollback. Ends the process with the board's status, or returns when
    /// the terminal cannot show the board (the lines follow).
    func runBoard(_ round: PreflightRound, choice: StorefrontChoice, base: PreflightInput) throws {
        let facts: AppStoreConnectFacts?
        do { facts = try round.facts() } catch {
            return try stop(.unfinished(now: plan.clock.now, error: error.message))
        }
        if let leftOut = choice.leftOut(given: facts) { Output.warning(leftOut) }
        var input = base
        input.storefronts = choice.asked(given: facts)
        input.appStoreConnect = facts
        let app = [plan.evaluation.appID.map { "id \($0)" }, plan.evaluation.bundleID.map { "bundleId \($0)" }].compactMap { $0 }.joined(separator: ", ")
        let theme = try ThemeChoice.resolve(theme)
        let program = BoardProgram(state: BoardState(input: input, app: app, requests: round.requests(input.storefronts),
                                                     interval: .seconds(interval), strict: strict),
                                   ask: round.boardRounds(first: facts))
        let status: Int32
        do {
            status = try TerminalRunner(program: program, theme: theme).run()
        } catch {
            let reason = switch error {
            case .dumbTerminal: "TERM is unset or \"dumb\""
            case .unknownTerminal(let name): "the terminal type \"\(name)\" is not in the terminfo database"
            default: error.description
            }
            Output.write("no storefront board: \(reason); a line a round instead\n", to: STDERR_FILENO)
            return
        }
        let state = program.state
        switch state.ending {
        case .nothingBlocks?:
            Output.line(state.report.map(render) ?? "")
            Output.line("safe to force now")
        case .stuck?:
            Output.line(state.report.map(render) ?? "")
        case .quit?:
            if state.report != nil, let report = state.quitReport { Output.line(render(report)) }
            if let missing = BoardRenderer.withoutAnswer(state) { Output.write("quit with \(missing)\n", to: STDERR_FILENO) }
        case .signal?, nil:
            break
        }
        // The terminal is restored and the report out; a round may still wait on a slow storefront.
        throw CommandExit.immediately(status: status)
    }
}
