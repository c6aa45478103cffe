import Synchronization

/// Path patterns compiled into one automaton — their programs side by side, one start leading
/// into each — made deterministic lazily as paths are matched: each set of states a path leads
/// to is kept once, with a table of where each scalar leads from it. A path is then one table
/// lookup a scalar for every pattern at once, whatever their shape: rules that start with a
/// variable or share their first segment cost what rules with a segment of their own cost.
/// Still linear in the path: a step not met before costs one step of every pattern's automaton,
/// and the table starts over when it holds `capacity` sets.
final class LinkPatternSet: Sendable {
    let count: Int
    private let exact: Mutex<Determinised>
    /// ASCII letters compared without case, for telling a near miss that only case made.
    private let folding: Mutex<Determinised>

    /// At most this many sets are kept (their ASCII tables alone 4 MiB), and state numbers fit in 16 bits.
    static let capacity = 16_384

    /// Path patterns (`isPath`), each matched as `LinkPattern.matches` matches it.
    init(_ patterns: [LinkPattern]) {
        var operations: [LinkPattern.Program.Operation] = [], owners: [Int32] = [], starts: [Int] = []
        for (index, pattern) in patterns.enumerated() {
            let program = pattern.program, offset = operations.count
            operations += program.operations.map { $0.shifted(by: offset) }
            owners += repeatElement(Int32(index), count: program.operations.count)
            starts.append(program.start + offset)
        }
        operations.append(.split(starts))
        owners.append(-1)
        count = patterns.count
        exact = Mutex(Determinised(operations: operations, owners: owners, foldingCase: false))
        folding = Mutex(Determinised(operations: operations, owners: owners, foldingCase: true))
    }

    /// The patterns that match `path` (without the slashes at its ends, as `LinkSubject` keeps
    /// it), by index, ascending; `foldingCase` ignores the case of ASCII letters.
    func matches(_ path: [UInt32], foldingCase: Bool = false) -> [Int32] {
        foldingCase ? folding.withLock { $0.accepting(after: path) } : exact.withLock { $0.accepting(after: path) }
    }

    /// For each pattern, how many scalars of `path` it read before it could not go on (all of
    /// them when it never stopped), as `LinkPattern.progress` counts them.
    func consumed(_ path: [UInt32]) -> [Int] {
        exact.withLock { automaton in
            var state = automaton.start()
            var consumed = Array(repeating: 0, count: count)
            var alive = automaton.alive(state)
            for pattern in alive { consumed[Int(pattern)] = path.count }
            for (position, scalar) in path.enumerated() where !alive.isEmpty {
                state = automaton.step(state, scalar)
                let after = automaton.alive(state)
                // Both ascending; a pattern that stops never comes back.
                var kept = after.startIndex
                for pattern in alive {
                    while kept < after.endIndex, after[kept] < pattern { kept += 1 }
                    if kept == after.endIndex || after[kept] != pattern { consumed[Int(pattern)] = position }
                }
                alive = after
            }
            return consumed
        }
    }
}

extension LinkPattern.Program.Operation {
    /// The operation with every state it names moved by `offset`, for a program placed after others.
    fileprivate func shifted(by offset: Int) -> Self {
        switch self {
        case .scalar(let scalar, let next): .scalar(scalar, next: next + offset)
        case .any(let next): .any(next: next + offset)
        case .star(let next): .star(next: next + offset)
        case .split(let targets): .split(targets.map { $0 + offset })
        case .trie(let trie, let next): .trie(trie, next: next + offset)
        case .accept: .accept
        }
    }
}

/// The deterministic automaton built so far. State 0 is the empty set: nothing matches past it.
private struct Determinised {
    private var run: LinkPattern.Run
    private let operations: [LinkPattern.Program.Operation]
    /// The pattern each operation belongs to; -1 for the start, which belongs to none.
    private let owners: [Int32]
    /// The automaton states of each state, ascending.
    private var sets: [[Int]] = [[]]
    private var ids: [[Int]: Int16] = [[]: 0]
    /// Where an ASCII scalar leads from each state (`state << 7 | scalar`); -1 not known yet.
    private var ascii = Array(repeating: Int16(-1), count: 128)
    /// Where any other scalar leads (`state << 32 | scalar`).
    private var others: [Int: Int16] = [:]
    /// Per state, computed when first asked.
    private var accepted: [[Int32]?] = [[]]
    private var aliveIn: [[Int32]?] = [[]]
    private var initial: Int16?
    private var scratch: [Int] = []

    init(operations: [LinkPattern.Program.Operation], owners: [Int32], foldingCase: Bool) {
        self.operations = operations
        self.owners = owners
        run = LinkPattern.Run(operations: operations, foldingCase: foldingCase)
    }

    mutating func start() -> Int16 {
        if let initial { return initial }
        run.closure(of: operations.count - 1, into: &scratch)
        let state = intern(scratch)
        initial = state
        return state
    }

    mutating func step(_ state: Int16, _ scalar: UInt32) -> Int16 {
        let slot = scalar < 128 ? Int(state) << 7 | Int(scalar) : nil
        if let slot, ascii[slot] >= 0 { return ascii[slot] }
        let key = Int(state) << 32 | Int(scalar)
        if slot == nil, let known = others[key] { return known }
        run.step(sets[Int(state)], by: scalar, literally: false, into: &scratch)
        let known = sets.count
        let next = intern(scratch)
        // Interning may have started the table over, taking `state` with it.
        guard sets.count >= known else { return next }
        if let slot { ascii[slot] = next } else { others[key] = next }
        return next
    }

    mutating func accepting(after path: [UInt32]) -> [Int32] {
        var state = start()
        for scalar in path {
            state = step(state, scalar)
            if state == 0 { return [] }
        }
        return accepting(state)
    }

    /// The patterns that accept where `state` stands: at the end of the path, or with one more
    /// `/` taken by a literal slash of the pattern (the optional slash at a path's end).
    mutating func accepting(_ state: Int16) -> [Int32] {
        if let known = accepted[Int(state)] { return known }
        var found = Set(sets[Int(state)].compactMap(acceptor))
        run.step(sets[Int(state)], by: LinkPattern.slash, literally: true, into: &scratch)
        found.formUnion(scratch.compactMap(acceptor))
        let sorted = found.sorted()
        accepted[Int(state)] = sorted
        return sorted
    }

    /// The patterns that still have a state in `state`, ascending.
    mutating func alive(_ state: Int16) -> [Int32] {
        if let known = aliveIn[Int(state)] { return known }
        let found = Set(sets[Int(state)].map { owners[$0 & 0xFFFF_FFFF] }).sorted()
        aliveIn[Int(state)] = found
        return found
    }

    private func acceptor(_ state: Int) -> Int32? {
        guard state >> 32 == 0, case .accept = operations[state] else { return nil }
        return owners[state]
    }

    private mutating func intern(_ states: [Int]) -> Int16 {
        let key = states.sorted()
        if let known = ids[key] { return known }
        if sets.count >= LinkPatternSet.capacity {
            sets = [[]]
            ids = [[]: 0]
            ascii = Array(repeating: -1, count: 128)
            others = [:]
            accepted = [[]]
            aliveIn = [[]]
            initial = nil
        }
        let id = Int16(sets.count)
        sets.append(key)
        ids[key] = id
        ascii += repeatElement(-1, count: 128)
        accepted.append(nil)
        aliveIn.append(nil)
        return id
    }
}
