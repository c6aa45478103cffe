import FoundationEssentials

/// The state of one storefront on the board (`BoardRenderer` gives each its glyph and colour).
public enum BoardCell: Sendable, CaseIterable {
    /// Serves what the policy needs: no finding that waiting could end touches it.
    case served
    /// Serves an older version, or one too young: the store catching up ends it.
    case waiting
    case notListed
    /// A dead end that waiting cannot end (an iOS minimum, an update URL, a minimum App Store
    /// Connect has not released).
    case deadEnd
    /// Its lookups failed after their retries.
    case unanswered
    case asking
    case notAsked
}

/// What a key asks the machine to do.
enum BoardCommand: Sendable, Equatable {
    case askNow
    case quit
}

/// The storefront board of `preflight --watch` on a terminal: every storefront asked, what each
/// answered, the findings over everything answered so far, the cursor and the open storefront.
/// Pure data, stepped by `BoardMachine`; the clock is `input.now`, which `.clock` events set.
public struct BoardState: Sendable {
    /// The storefronts, policy, installed base and clock; the answers are the board's own.
    public var input: PreflightInput
    /// The app as asked: `id 1234567890` and/or `bundleId com.example.toaster`.
    public var app: String
    /// What each round asks.
    public let requests: [LookupRequest]
    /// Between the end of a round and the next.
    public let interval: Duration
    /// `--strict`: quitting exits 3 for any finding.
    public let strict: Bool
    public private(set) var round = 0
    /// When the next round starts; nil while one runs, or before the first.
    public internal(set) var nextRound: Date?
    public internal(set) var cursor = 0
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
    /// Why the template could not be read again this round; nil once it is.
    public private(set) var templateFailure: String?
    /// Nothing blocks: the last frame is up, and a key or its timer ends the board.
    var showsLastFrame = false
    /// The countdown's timer is set: one at a time, however rounds start and end.
    var countdownSet = false
    /// How the board ended, once it has.
    public internal(set) var ending: BoardEnding?
    /// Requests of the running round not answered yet.
    private var inFlight: Set<LookupRequest> = []
    /// Every request ever planned, in plan order (the answers list in this order).
    private var planned: [LookupRequest] = []

    public init(input: PreflightInput, app: String, requests: [LookupRequest] = [], interval: Duration = .seconds(300), strict: Bool = false) {
        self.input = input
        self.app = app
        self.requests = requests
        self.interval = interval
        self.strict = strict
    }

    public var storefronts: [String] { input.storefronts }

    public var isAsking: Bool { !inFlight.isEmpty }

    // MARK: Events

    /// What the asking side tells the board changes its data; the machine decides the rest.
    mutating func apply(_ event: BoardEvent) {
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
        case .template(let template):
            input.template = template
            templateFailure = nil
            evaluate()
        case .templateFailed(let reason):
            templateFailure = reason
        case .roundEnded(let ended):
            guard ended == round else { return }
            inFlight.removeAll()
            evaluate()
            lastRoundStep = watchStep
        default:
            break
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
        guard var report = evaluation(storefronts: asked, answers: latest, unanswered: unanswered) else { return nil }
        report.safeAt = input.safeAt(report)
        return report
    }

    // MARK: What the board shows

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

    /// What quitting leaves unknown: the storefronts not evaluated, or whose last asking failed.
    public var withoutAnswer: [String] {
        storefronts.filter { code in cell(code) == .unanswered || !(report?.storefronts.contains { $0.storefront == code } ?? false) }
    }

    /// What `--watch` does now: nothing blocks once every storefront answered, App Store Connect
    /// (when asked) answered and the template (when given) was read this round, and the
    /// evaluation has nothing that waiting could end.
    public var watchStep: PreflightReport.WatchStep? {
        guard !isAsking, appStoreConnectFailure == nil, templateFailure == nil, let report, report.storefronts.count == storefronts.count, unanswered.isEmpty else {
            return nil
        }
        return report.watchStep
    }

    /// The exit status of quitting now: the status of the report quitting prints, as the plain
    /// run's (3 while a dead end blocks, 1 while a storefront has no answer — failed, still
    /// asked, or not asked yet — 4 when only waiting stands in the way, 0 when nothing does).
    public func quitStatus(strict: Bool) -> Int32 {
        guard report != nil, let quit = quitReport else { return 1 }
        let status = quit.status(strict: strict)
        guard status != PreflightReport.deadEndStatus else { return status }
        // What is not known (a storefront never asked, App Store Connect or the template unread this round) lets nothing pass.
        return withoutAnswer.isEmpty && appStoreConnectFailure == nil && templateFailure == nil ? status : 1
    }

    /// When the header says forcing becomes safe: the same estimate as the plain run's `safeAt`.
    public var safeAt: PreflightReport.SafeAt? { report.flatMap(input.safeAt) }

    /// The answers of a storefront, in plan order, with the failures.
    public func answerLines(_ storefront: String) -> [(request: LookupRequest, answer: LookupAnswer?, failure: String?)] {
        planned.filter { $0.storefront == storefront }.map { ($0, answers[$0], failures[$0]) }
    }

    // MARK: Keys

    /// Moves the cursor over a grid `columns` wide, opens and closes a storefront's answers;
    /// returns what the machine must do, if anything.
    mutating func press(_ key: Key, columns: Int) -> BoardCommand? {
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
