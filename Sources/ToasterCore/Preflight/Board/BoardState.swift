import FoundationEssentials

/// What one storefront looks like on the board. Each state has a colour (its theme role) and a
/// glyph, so that a monochrome terminal or `NO_COLOR` reads the same.
public enum BoardCell: String, Sendable, CaseIterable {
    /// Serves what the policy needs: no finding that waiting could end touches it.
    case served
    /// Serves an older version, or one too young: the store catching up ends it.
    case waiting
    case notListed = "not listed"
    /// A dead end that waiting cannot end (an iOS minimum, an update URL, a minimum App Store
    /// Connect has not released).
    case deadEnd = "dead end"
    /// Its lookups failed after their retries.
    case unanswered
    case asking
    case notAsked = "not asked"

    public var glyph: Character {
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

    public var style: CellStyle {
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

/// What the asking side tells the board, from its own thread, as it happens.
public enum BoardEvent: Sendable, Equatable {
    /// A round begins: these requests will be asked.
    case roundStarted([LookupRequest])
    case answered(LookupAnswer)
    /// A request that failed after its retries, and why (the raw status or the transport's words).
    case failed(LookupRequest, reason: String)
    /// What App Store Connect knows, read again at the start of each round.
    case appStoreConnect(AppStoreConnectFacts)
    /// App Store Connect could not be read this round (after its retries), and why.
    case appStoreConnectFailed(reason: String)
    /// Every request of round `round` has answered or failed. Numbered, so that the end of a
    /// round that `r` has already replaced does not end the new one.
    case roundEnded(round: Int)
}

/// What a key asks the shell to do.
public enum BoardCommand: Sendable, Equatable {
    case askNow
    case quit
}

/// The storefront board of `preflight --watch` on a terminal: every storefront asked, what each
/// answered, the findings over everything answered so far, the cursor and the open storefront.
/// Pure: events and keys in, a new state out; the clock is `now`, set by the shell.
public struct BoardState: Sendable {
    /// The storefronts, policy, installed base and clock; the answers are the board's own.
    public var input: PreflightInput
    /// The app as asked: `id 1234567890` and/or `bundleId com.example.toaster`.
    public var app: String
    public private(set) var round = 0
    /// When the next round starts; nil while one runs, or before the first.
    public var nextRound: Date?
    public var cursor = 0
    /// The storefront whose answers are open (Enter), if any.
    public private(set) var opened: String?
    /// The evaluation of every storefront answered so far.
    public private(set) var report: PreflightReport?
    public private(set) var requestsDone = 0
    public private(set) var requestsTotal = 0
    /// Answers by request, the latest of each.
    public private(set) var answers: [LookupRequest: LookupAnswer] = [:]
    /// Requests whose latest asking failed, and why.
    public private(set) var failures: [LookupRequest: String] = [:]
    /// What the last round to end found: the board says it (stuck, safe) while the next round asks.
    public private(set) var lastRoundStep: PreflightReport.WatchStep?
    /// Why App Store Connect could not be read this round; nil once it answers.
    public private(set) var appStoreConnectFailure: String?
    /// Requests of the running round not answered yet.
    private var inFlight: Set<LookupRequest> = []
    /// Every request ever planned, in plan order (the answers list in this order).
    private var planned: [LookupRequest] = []

    public init(input: PreflightInput, app: String) {
        self.input = input
        self.app = app
    }

    public var storefronts: [String] { input.storefronts }

    public var isAsking: Bool { !inFlight.isEmpty }

    // MARK: Events

    public mutating func apply(_ event: BoardEvent) {
        switch event {
        case .roundStarted(let requests):
            round += 1
            nextRound = nil
            inFlight = Set(requests)
            requestsDone = 0
            requestsTotal = requests.count
            for request in requests where !planned.contains(request) { planned.append(request) }
        case .answered(let answer):
            guard inFlight.remove(answer.request) != nil else { return }
            answers[answer.request] = answer
            failures[answer.request] = nil
            requestsDone += 1
            evaluate()
        case let .failed(request, reason):
            guard inFlight.remove(request) != nil else { return }
            failures[request] = reason
            requestsDone += 1
            evaluate()
        case .appStoreConnect(let facts):
            input.appStoreConnect = facts
            appStoreConnectFailure = nil
            evaluate()
        case .appStoreConnectFailed(let reason):
            appStoreConnectFailure = reason
        case .roundEnded(let ended):
            guard ended == round else { return }
            inFlight.removeAll()
            evaluate()
            lastRoundStep = watchStep
        }
    }

    /// Evaluates the storefronts whose every request has an answer (from this round or an
    /// earlier one); a failure keeps the earlier answer in the evaluation, and the cell says
    /// `unanswered`.
    private mutating func evaluate() {
        let complete = storefronts.filter { code in
            let requests = planned.filter { $0.storefront == code }
            return !requests.isEmpty && requests.allSatisfy { answers[$0] != nil }
        }
        // The policy's versions were checked before the board started, so this does not fail;
        // if it did, the last evaluation stands.
        let answered = planned.compactMap { answers[$0] }.filter { complete.contains($0.request.storefront) }
        if let report = evaluation(storefronts: complete, answers: answered, unanswered: []) { self.report = report }
    }

    private func evaluation(storefronts codes: [String], answers: [LookupAnswer], unanswered: [UnansweredLookup]) -> PreflightReport? {
        var evaluated = input
        evaluated.storefronts = codes
        evaluated.answers = answers
        evaluated.unanswered = unanswered
        return try? evaluated.evaluate()
    }

    /// The report quitting prints: every storefront asked, with each request whose latest
    /// asking failed, or that had no answer before the quit, as `unanswered`, so that a board
    /// quit half-way is not reported as having no findings.
    public var quitReport: PreflightReport? {
        let asked = storefronts.filter { code in planned.contains { $0.storefront == code } }
        let latest = planned.compactMap { failures[$0] == nil ? answers[$0] : nil }
        let unanswered = planned.compactMap { request -> UnansweredLookup? in
            if let reason = failures[request] { return UnansweredLookup(request: request, reason: reason) }
            return answers[request] == nil ? UnansweredLookup(request: request, reason: "no answer before the board was quit") : nil
        }
        return evaluation(storefronts: asked, answers: latest, unanswered: unanswered)
    }

    // MARK: What the board shows

    /// The phased release App Store Connect reports (`active, day 3 of 7`), when it is known.
    public var phasedRelease: String? { input.appStoreConnect?.phasedRelease?.text }

    /// The minimums App Store Connect has released no version for, as the stuck line names them.
    public var unreleasedMinimums: [String] {
        var seen: Set<String> = []
        return input.unreleasedMinimums.map(\.text).filter { seen.insert($0).inserted }
    }

    public func cell(_ storefront: String) -> BoardCell {
        let requests = planned.filter { $0.storefront == storefront }
        if requests.contains(where: { failures[$0] != nil }) { return .unanswered }
        guard let view = report?.storefronts.first(where: { $0.storefront == storefront }) else {
            return requests.contains(where: inFlight.contains) ? .asking : .notAsked
        }
        let findings = report?.findings.filter { $0.storefronts.contains(storefront) } ?? []
        if findings.contains(where: { $0.severity == .deadEnd && !$0.kind.endsByWaiting }) { return .deadEnd }
        if view.served == nil { return .notListed }
        return findings.contains(where: \.kind.endsByWaiting) ? .waiting : .served
    }

    public var counts: [(cell: BoardCell, count: Int)] {
        let cells = storefronts.map(cell)
        return BoardCell.allCases.map { state in (state, cells.filter { $0 == state }.count) }
    }

    /// The storefronts with an unanswered request.
    public var unanswered: [String] { storefronts.filter { cell($0) == .unanswered } }

    /// What quitting leaves unknown: the storefronts not evaluated, or whose last asking failed,
    /// as one sentence; nil when every storefront answered.
    public var withoutAnswer: String? {
        let missing = storefronts.filter { code in
            cell(code) == .unanswered || !(report?.storefronts.contains { $0.storefront == code } ?? false)
        }
        return missing.isEmpty ? nil : "no answer from \(FindingCollector.list(missing, none: ""))"
    }

    /// What `--watch` does now: nothing blocks once every storefront answered, App Store Connect
    /// (when asked) answered this round, and the evaluation has nothing that waiting could end.
    public var watchStep: PreflightReport.WatchStep? {
        guard !isAsking, appStoreConnectFailure == nil, let report, report.storefronts.count == storefronts.count, unanswered.isEmpty else {
            return nil
        }
        return report.watchStep
    }

    /// The exit status of quitting now: 3 while a dead end or anything waiting blocks, 1 when
    /// only unanswered (or never answered) storefronts stand in the way.
    public func quitStatus(strict: Bool) -> Int32 {
        if let report {
            if report.hasDeadEnd || report.findings.contains(where: \.kind.endsByWaiting) { return 3 }
            if strict, !report.findings.isEmpty { return 3 }
        }
        if watchStep == .safe { return 0 }
        return 1
    }

    /// The policy layer that forces the highest minimum, as the header names it.
    public var forcing: String {
        let minimums = input.layers.compactMap { layer in
            layer.policy.minimumRequiredVersion.flatMap { text in (try? Version(text)).map { (text, $0, layer.name) } }
        }
        if let top = minimums.max(by: { $0.1 < $1.1 }) { return "forcing \(TextSanitizer.cleanLine(top.0)) (\(TextSanitizer.cleanLine(top.2)))" }
        if let ranged = input.layers.first(where: { $0.policy.forcedRange != nil }), let range = ranged.policy.forcedRange {
            return "forcing \(TextSanitizer.cleanLine(range.minAppVersion))–\(TextSanitizer.cleanLine(range.maxAppVersion)) up (\(TextSanitizer.cleanLine(ranged.name)))"
        }
        return "forcing what the rules decide"
    }

    /// When the header says forcing becomes safe.
    public enum SafeAt: Sendable, Equatable {
        case at(Date)
        /// Storefronts still serve an older version after the usual lag has passed: no time to give.
        case pastUsualLag
    }

    /// How long a released version may take to reach every storefront: App Store Connect's
    /// help says to allow up to 24 hours (docs/10-preflight.md).
    public static let usualStoreLag: Duration = .seconds(86_400)

    /// When forcing becomes safe, if only waiting stands in the way: the youngest release date
    /// plus the minimum release age, and, while storefronts still serve an older version than
    /// others, no earlier than the newest version's release plus the usual store lag.
    public var safeAt: SafeAt? {
        guard let report, !report.findings.isEmpty, report.findings.allSatisfy({
            $0.kind.endsByWaiting ? $0.kind != .unanswered : $0.severity != .deadEnd
        }) else { return nil }
        var released = report.storefronts.compactMap { $0.served?.listing.releaseDate.flatMap(ISO8601.parse) }
        var lagEnds: Date?
        let lagging = report.findings.filter { $0.kind != .tooFresh && $0.kind.endsByWaiting }
        if !lagging.isEmpty {
            // Only a lag the store ends: each storefront named serves something older than the newest version answered.
            guard let newest = newestRelease(report), lagging.allSatisfy({ finding in
                finding.storefronts.allSatisfy { code in
                    report.storefronts.first { $0.storefront == code }?.servedVersion.map { $0 < newest.version } ?? false
                }
            }) else { return nil }
            // Once they catch up they serve it, so its release counts for the release age too.
            released.append(newest.released)
            lagEnds = newest.released.addingTimeInterval(Double(Self.usualStoreLag.components.seconds))
        }
        guard let youngest = released.max() else { return nil }
        let safe = max(youngest.addingTimeInterval(Double(input.minimumReleaseAge.components.seconds)), lagEnds ?? .distantPast)
        if safe > input.now { return .at(safe) }
        return lagEnds == nil ? nil : .pastUsualLag
    }

    /// The newest version any answer lists, and the earliest release date given for it.
    private func newestRelease(_ report: PreflightReport) -> (version: Version, released: Date)? {
        let entries = report.storefronts.flatMap { $0.answers.compactMap(\.entry) }
            .compactMap { entry in (try? Version(entry.listing.version)).map { ($0, entry.listing.releaseDate.flatMap(ISO8601.parse)) } }
        guard let newest = entries.map(\.0).max(),
              let released = entries.filter({ $0.0 == newest }).compactMap(\.1).min() else { return nil }
        return (newest, released)
    }

    /// The answers of a storefront, in plan order, with the failures.
    public func answerLines(_ storefront: String) -> [(request: LookupRequest, answer: LookupAnswer?, failure: String?)] {
        planned.filter { $0.storefront == storefront }.map { ($0, answers[$0], failures[$0]) }
    }

    // MARK: Keys

    /// Moves the cursor over a grid `columns` wide, opens and closes a storefront's answers;
    /// returns what the shell must do, if anything.
    public mutating func press(_ key: Key, columns: Int) -> BoardCommand? {
        let columns = max(1, columns), last = storefronts.count - 1
        switch key {
        case .left, .character("h"): cursor = max(0, cursor - 1)
        case .right, .character("l"): cursor = min(last, cursor + 1)
        case .up, .character("k"): if cursor - columns >= 0 { cursor -= columns }
        case .down, .character("j"): if cursor + columns <= last { cursor += columns } else if cursor / columns < last / columns { cursor = last }
        case .home: cursor = 0
        case .end: cursor = last
        case .enter: opened = storefronts.indices.contains(cursor) ? storefronts[cursor] : nil
        case .escape: opened = nil
        case .character("r"): return isAsking ? nil : .askNow
        case .character("q"), .controlC: return .quit
        default: break
        }
        if opened != nil, storefronts.indices.contains(cursor) { opened = storefronts[cursor] }
        return nil
    }
}
