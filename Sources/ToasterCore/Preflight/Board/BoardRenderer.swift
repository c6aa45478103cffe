import FoundationEssentials

/// Draws the storefront board into a `Canvas`: a header, the grid of storefronts with a summary,
/// the findings (or the open storefront's answers), and the keys. Every text from the store or
/// the policy goes through `TextSanitizer`.
public enum BoardRenderer {
    /// Below this the board asks for a larger terminal.
    public static let minimumSize = MinimumSize(width: 40, height: 14)
    /// `[✓ kr]`: the brackets mark the cursor, blanks elsewhere.
    static let cellWidth = 6
    static let gridTop = 4
    static let hint = "←↓↑→/hjkl move · Enter answers · Esc close · r ask now · q quit"
    /// The same keys where the full hint does not fit (40 columns), `r` and `q` kept whole.
    static let shortHint = "hjkl Enter Esc · r ask now · q quit"

    /// How many storefronts a grid row holds at this width; the cursor moves by it.
    public static func columns(width: Int) -> Int { max(1, (width - 2) / cellWidth) }

    public static func render(_ state: BoardState, width: Int, height: Int) -> Canvas {
        guard minimumSize.fits(width: width, height: height) else { return minimumSize.notice(width: width, height: height) }
        var canvas = Canvas(width: width, height: height)
        drawHeader(state, into: &canvas)
        let gridBottom = drawGrid(state, into: &canvas)
        let bottom = height - 1
        if let opened = state.opened {
            drawAnswers(of: opened, state, from: gridBottom + 1, to: bottom - 1, into: &canvas)
        } else {
            drawFindings(state, from: gridBottom + 1, to: bottom - 1, into: &canvas)
        }
        canvas.putHintRow(DisplayWidth.of(hint) <= width - 2 ? hint : shortHint)
        return canvas
    }

    private static func drawHeader(_ state: BoardState, into canvas: inout Canvas) {
        // The app's name as the store lists it, once a storefront has answered.
        let name = state.report?.storefronts.lazy.compactMap { $0.served?.listing.appName }.first { !$0.isEmpty }
        let title = TextSanitizer.cleanLine(["preflight", name, state.app].compactMap { $0 }.joined(separator: " · "))
        canvas.putTitleBar(TextWrapper.truncated(title, width: canvas.width - 2))
        // The round and the countdown first: on a narrow terminal the policy's name is what is cut.
        var status: [String] = []
        if state.round > 0 { status.append("round \(state.round)") }
        if let next = state.nextRound {
            status.append("next ask in \(max(0, Int(next.timeIntervalSince(state.input.now).rounded(.up)))) s")
        }
        status.append(forcing(state))
        line(status.joined(separator: " · "), y: 1, style: .heading, into: &canvas)
        var facts: [String] = []
        if state.isAsking { facts.append("asking: \(state.requestsDone)/\(state.requestsTotal) requests answered") }
        switch state.safeAt {
        case .at(let date)?: facts.append("safe to force at ~\(clock(date)) UTC")
        // No time in the past: 38 characters, so it fits a 40-column header alone.
        case .pastUsualLag?: facts.append("safe to force: lag past the usual 24 h")
        case nil: break
        }
        if let phased = state.input.appStoreConnect?.phasedRelease?.text {
            facts.append("phased release \(TextSanitizer.cleanLine(phased)); it paces automatic updates only")
        }
        line(facts.joined(separator: " · "), y: 2, style: .backdrop, into: &canvas)
    }

    /// The grid and its summary line; returns the summary's row.
    private static func drawGrid(_ state: BoardState, into canvas: inout Canvas) -> Int {
        let columns = columns(width: canvas.width)
        let codes = state.storefronts
        let rows = (codes.count + columns - 1) / columns
        // The findings keep at least three rows; the grid scrolls to keep the cursor in view.
        let room = max(1, canvas.height - gridTop - 2 - 1 - 3)
        let visible = min(rows, room)
        let cursorRow = state.cursor / columns
        let first = cursorRow >= visible ? cursorRow - visible + 1 : 0
        for row in 0..<visible {
            for column in 0..<columns {
                let index = (first + row) * columns + column
                guard index < codes.count else { break }
                let cell = state.cell(codes[index])
                let code = TextSanitizer.cleanLine(codes[index])
                let x = 1 + column * cellWidth, y = gridTop + row
                let focused = index == state.cursor
                canvas.put(focused ? "[" : " ", x: x, y: y, style: focused ? .focusedButton : .backdrop)
                canvas.put("\(cell.glyph) \(code)", x: x + 1, y: y, style: focused ? .focusedButton : cell.style, limit: cellWidth - 2)
                canvas.put(focused ? "]" : " ", x: x + cellWidth - 1, y: y, style: focused ? .focusedButton : .backdrop)
            }
        }
        let summaryRow = gridTop + visible
        var parts = state.counts.filter { $0.count > 0 }.map { "\($0.cell.glyph) \($0.cell.label) \($0.count)" }
        parts.append("of \(codes.count)")
        if visible < rows { parts.append("rows \(first + 1)–\(first + visible) of \(rows)") }
        line(parts.joined(separator: "  "), y: summaryRow, style: .heading, into: &canvas)
        return summaryRow + 1
    }

    private static func drawFindings(_ state: BoardState, from top: Int, to last: Int, into canvas: inout Canvas) {
        var y = top + 1
        guard y <= last else { return }
        switch state.lastRoundStep {
        case .safe?:
            line("Nothing blocks: safe to force now.", y: y, style: .boardServed, into: &canvas)
            y += 1
        case .stuck?:
            line("Stuck: a dead end that waiting cannot end.", y: y, style: .boardDeadEnd, into: &canvas)
            y += 1
        case .stuckUntilReleased?:
            let versions = TextSanitizer.cleanLine(unreleasedMinimums(state).joined(separator: ", "))
            line("Stuck until someone releases \(versions) in App Store Connect; it is asked again each round.", y: y, style: .boardDeadEnd,
                 into: &canvas)
            y += 1
        case .waiting?, nil: break
        }
        for failure in [state.appStoreConnectFailure, state.templateFailure].compactMap({ $0 }) where y <= last {
            line(TextSanitizer.cleanLine("\(failure); asked again next round"), y: y, style: .boardUnanswered, into: &canvas)
            y += 1
        }
        guard let report = state.report else {
            line(state.isAsking ? "Findings appear as the storefronts answer." : "No storefront answered yet.", y: y, style: .hint, into: &canvas)
            return
        }
        var findings = report.findings
        if !state.unanswered.isEmpty {
            line("? unanswered · \(PreflightText.list(state.unanswered, none: "")) · their lookups failed; they are asked again next round",
                 y: y, style: .boardUnanswered, into: &canvas)
            y += 1
        }
        if findings.isEmpty, y <= last {
            line("No findings over the \(report.storefronts.count) storefronts answered.", y: y, style: .backdrop, into: &canvas)
            return
        }
        // Dead ends first (the report lists them first), each with its users and its message.
        while let finding = findings.first, y <= last {
            let more = findings.count - 1
            if y == last, more > 0 {
                line("… \(findings.count) more findings", y: y, style: .hint, into: &canvas)
                return
            }
            findings.removeFirst()
            let deadEnd = finding.severity == .deadEnd
            var head = [(deadEnd ? "\(BoardCell.deadEnd.glyph) dead-end" : "\(BoardCell.waiting.glyph) warning") + "  " + finding.kind.rawValue]
            if !finding.storefronts.isEmpty { head.append(PreflightText.list(finding.storefronts, none: "")) }
            if !finding.versions.isEmpty { head.append(PreflightText.list(finding.versions, none: "")) }
            if let users = finding.users { head.append("\(users) users") }
            line(TextSanitizer.cleanLine(head.joined(separator: " · ")), y: y, style: deadEnd ? .boardDeadEnd : .boardWaiting, into: &canvas)
            y += 1
            // The message as room allows, keeping a row for each finding still to come.
            let spare = max(0, last - y + 1 - findings.count)
            for text in TextWrapper.wrap(TextSanitizer.cleanLine(finding.message), width: canvas.width - 4).prefix(min(2, spare)) {
                canvas.put(text, x: 3, y: y, style: .backdrop)
                y += 1
            }
        }
    }

    private static func drawAnswers(of storefront: String, _ state: BoardState, from top: Int, to last: Int, into canvas: inout Canvas) {
        var y = top + 1
        guard y <= last else { return }
        let cell = state.cell(storefront)
        line("\(TextSanitizer.cleanLine(storefront)): \(cell.glyph) \(cell.label) · its answers (Esc closes)", y: y, style: cell.style, into: &canvas)
        y += 1
        let lines = state.answerLines(storefront)
        if lines.isEmpty { line("Not asked yet.", y: y, style: .hint, into: &canvas) }
        for (request, answer, failure) in lines where y <= last {
            var text = request.formName + "  "
            if let failure {
                text += "failed: \(failure)"
            } else if let answer {
                if let listing = answer.entry?.listing {
                    text += [listing.version, listing.releaseDate.map { "released \($0)" }, listing.minimumOSVersion.map { "needs iOS \($0)" }]
                        .compactMap { $0 }.joined(separator: " · ")
                } else {
                    text += "not listed"
                }
            } else {
                text += "asking…"
            }
            line(TextSanitizer.cleanLine(text), y: y, style: failure == nil ? .backdrop : .boardUnanswered, into: &canvas)
            y += 1
        }
    }

    /// The policy layer that forces the highest minimum, as the header names it.
    static func forcing(_ state: BoardState) -> String {
        let minimums = state.input.possibleLayers.compactMap { layer in
            layer.answer.minimumRequiredVersion.flatMap { text in (try? Version(text)).map { (text, $0, layer.name) } }
        }
        if let top = minimums.max(by: { $0.1 < $1.1 }) { return "forcing \(TextSanitizer.cleanLine(top.0)) (\(TextSanitizer.cleanLine(top.2)))" }
        if let ranged = state.input.possibleLayers.first(where: { $0.answer.forcedRange != nil }), let range = ranged.answer.forcedRange {
            return "forcing \(TextSanitizer.cleanLine(range.minAppVersion))–\(TextSanitizer.cleanLine(range.maxAppVersion)) up (\(TextSanitizer.cleanLine(ranged.name)))"
        }
        return "forcing what the rules decide"
    }

    /// The minimums App Store Connect has released no version for, as the stuck line names them.
    static func unreleasedMinimums(_ state: BoardState) -> [String] {
        var seen: Set<String> = []
        return state.input.unreleasedMinimums.map(\.text).filter { seen.insert($0).inserted }
    }

    /// What quitting leaves unknown, as one sentence; nil when every storefront answered.
    public static func withoutAnswer(_ state: BoardState) -> String? {
        let missing = state.withoutAnswer
        return missing.isEmpty ? nil : "no answer from \(PreflightText.list(missing, none: ""))"
    }

    /// One row of text from column 1, cut with `…` to the width.
    private static func line(_ text: String, y: Int, style: CellStyle, into canvas: inout Canvas) {
        canvas.put(TextWrapper.truncated(text, width: canvas.width - 2), x: 1, y: y, style: style)
    }

    /// `HH:MM` in UTC.
    static func clock(_ date: Date) -> String {
        let seconds = Int(date.timeIntervalSince1970.rounded(.down))
        let minutes = ((seconds % 86_400) + 86_400) % 86_400 / 60
        let hours = minutes / 60, rest = minutes % 60
        return (hours < 10 ? "0" : "") + "\(hours):" + (rest < 10 ? "0" : "") + "\(rest)"
    }
}

/// How a cell looks: a colour (its theme role) and a glyph, so that a monochrome terminal or
/// `NO_COLOR` reads the same, and the state's name for the summary.
extension BoardCell {
    var label: String {
        switch self {
        case .served: "served"
        case .waiting: "waiting"
        case .notListed: "not listed"
        case .deadEnd: "dead end"
        case .unanswered: "unanswered"
        case .asking: "asking"
        case .notAsked: "not asked"
        }
    }

    var glyph: Character {
        switch self {
        case .notAsked: "·"
        case .asking: "~"
        case .served: "✓"
        case .waiting: "◷"
        case .notListed: "-"
        case .deadEnd: "✗"
        case .unanswered: "?"
        }
    }

    var style: CellStyle {
        switch self {
        case .notAsked, .asking: .boardPending
        case .served: .boardServed
        case .waiting: .boardWaiting
        case .notListed: .boardNotListed
        case .deadEnd: .boardDeadEnd
        case .unanswered: .boardUnanswered
        }
    }
}
