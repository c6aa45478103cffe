/// One pattern of an apple-app-site-association file, compiled once: `*` matches zero or more
/// characters, `?` exactly one (so `?*` one or more), `$(name)` any one of a substitution
/// variable's values, every other character itself. Apple documents no escape for a literal `*`,
/// `?` or `$(`, so there is none.
///
/// A path pattern (`/`, or a legacy `paths` string) is read as iOS reads it: the slashes at its
/// ends are optional, so `abc` and `//abc` mean `/abc`, and `/buy/*` matches `/buy` as `/buy/`
/// does. Case folding happens before compiling: a pattern for a case-insensitive component is
/// compiled lowercased, and compared with the lowercased URL. A class, for the reason
/// `LinkComponent` is one.
final class LinkPattern: Sendable {
    /// As the file wrote it.
    let text: String
    /// The variables the pattern names that neither the file nor iOS defines: each makes the
    /// pattern match nothing.
    let undefinedVariables: [String]
    let program: Program
    /// For a path pattern, the pattern taken literally (slashes at its ends required), to tell
    /// when a path matched only because those slashes are optional.
    private let literalProgram: Program?

    init(_ text: String, isPath: Bool = false, caseSensitive: Bool = true, variables: SubstitutionVariables = .builtIn) {
        self.text = text
        var undefined: [String] = []
        let tokens = Token.parse(text, variables: variables, caseSensitive: caseSensitive, undefined: &undefined)
        undefinedVariables = undefined
        if isPath {
            var inner = tokens[...]
            while inner.first == .scalar(Self.slash) { inner = inner.dropFirst() }
            while inner.last == .scalar(Self.slash) { inner = inner.dropLast() }
            program = Program(inner)
            literalProgram = Program(tokens[...])
        } else {
            program = Program(tokens[...])
            literalProgram = nil
        }
    }

    static let slash = UInt32(UInt8(ascii: "/"))

    /// Whether the whole of `subject` matches. For a path pattern `subject` is the path without
    /// the slashes at its ends (`LinkSubject` keeps it so), and it also matches when the pattern
    /// wants one more slash at the end, where a literal `/` of the pattern stands — never a `?`,
    /// so `/id/????` does not match `/id/481`.
    func matches(_ subject: [UInt32]) -> Bool {
        program.run(subject, trailingSlash: literalProgram != nil)
    }

    /// How far `subject` (as `matches` takes it) gets through the pattern: whether it matches,
    /// and how many scalars were read before it could not; `foldingCase` ignores the case of
    /// ASCII letters. For explaining a near miss, not for matching: it skips the cheap tests.
    func progress(_ subject: [UInt32], foldingCase: Bool) -> (accepted: Bool, consumed: Int) {
        program.progress(subject, trailingSlash: literalProgram != nil, foldingCase: foldingCase)
    }

    /// For a path pattern: whether `path` (with its slashes) matches the pattern as written,
    /// without the optional slashes at the ends.
    func matchesLiterally(_ path: [UInt32]) -> Bool {
        (literalProgram ?? program).run(path, trailingSlash: false)
    }
}

extension LinkPattern {
    /// A pattern read into what it matches, one Unicode scalar at a time.
    fileprivate enum Token: Equatable {
        case scalar(UInt32)
        /// `?`
        case any
        /// `*`
        case star
        /// `$(name)`: one of the variable's values; none for a variable defined nowhere.
        case variable(Alternatives?)

        static func == (left: Token, right: Token) -> Bool {
            switch (left, right) {
            case (.scalar(let a), .scalar(let b)): a == b
            case (.any, .any), (.star, .star): true
            case (.variable(let a), .variable(let b)): a === b
            default: false
            }
        }

        /// `$(` without a closing `)` is text; a value cannot hold another variable, so inside
        /// one (`variables` nil) `$(` is text too. Without case sensitivity the text and the
        /// values are lowercased, the variable names never: they are case-sensitive.
        static func parse(_ text: String, variables: SubstitutionVariables?, caseSensitive: Bool,
                          undefined: inout [String]) -> [Token] {
            var tokens: [Token] = []
            var literal = ""
            func flush() {
                for scalar in (caseSensitive ? literal : literal.lowercased()).unicodeScalars {
                    tokens.append(scalar == "*" ? .star : scalar == "?" ? .any : .scalar(scalar.value))
                }
                literal = ""
            }
            var rest = text[...]
            while let dollar = rest.firstRange(of: "$(") {
                guard let variables, let close = rest[dollar.upperBound...].firstIndex(of: ")") else { break }
                literal += rest[..<dollar.lowerBound]
                flush()
                let name = String(rest[dollar.upperBound..<close])
                let alternatives = variables.alternatives(name, caseSensitive: caseSensitive)
                if alternatives == nil { undefined.append(name) }
                tokens.append(.variable(alternatives))
                rest = rest[rest.index(after: close)...]
            }
            literal += rest
            flush()
            return tokens
        }
    }

    /// A variable's values under one case rule: the plain ones in one trie, shared by every
    /// pattern of the file that names the variable; those with `?` or `*` as tokens, compiled
    /// into each such pattern.
    final class Alternatives: Sendable {
        let trie: Trie?
        fileprivate let patterned: [[Token]]

        init(_ values: [String], caseSensitive: Bool) {
            var none: [String] = []
            let parsed = values.map { Token.parse($0, variables: nil, caseSensitive: caseSensitive, undefined: &none) }
            var plain: [[UInt32]] = [], patterned: [[Token]] = []
            for tokens in parsed {
                let scalars = tokens.compactMap { token -> UInt32? in if case .scalar(let scalar) = token { scalar } else { nil } }
                if scalars.count == tokens.count { plain.append(scalars) } else { patterned.append(tokens) }
            }
            trie = plain.isEmpty ? nil : Trie(plain)
            self.patterned = patterned
        }
    }

    /// Plain values as a deterministic automaton: node 0 is the root; one lookup a scalar
    /// however many values share a prefix.
    final class Trie: Sendable {
        let edges: [[UInt32: Int]]
        let accepting: [Bool]

        init(_ words: [[UInt32]]) {
            var edges: [[UInt32: Int]] = [[:]], accepting = [false]
            for word in words {
                var node = 0
                for scalar in word {
                    if let child = edges[node][scalar] {
                        node = child
                    } else {
                        edges.append([:])
                        accepting.append(false)
                        edges[node][scalar] = edges.count - 1
                        node = edges.count - 1
                    }
                }
                accepting[node] = true
            }
            self.edges = edges
            self.accepting = accepting
        }
    }

    /// The pattern as a nondeterministic automaton, run by following every state at once:
    /// linear in the subject's length whatever the pattern, never exponential.
    final class Program: Sendable {
        enum Operation: Sendable {
            case scalar(UInt32, next: Int)
            case any(next: Int)
            /// Stays on any scalar, or moves on to `next` without one.
            case star(next: Int)
            /// Moves on to every state listed, without a scalar.
            case split([Int])
            /// A variable's shared trie: its states carry a trie node besides this operation;
            /// where a value ends, moves on to `next` without a scalar.
            case trie(Trie, next: Int)
            case accept
        }

        let operations: [Operation]
        let start: Int
        /// The scalars every match starts with: a cheap test before the automaton runs.
        private let prefix: [UInt32]
        /// The whole pattern when it has no wildcard or variable.
        private let literal: [UInt32]?
        /// The longest run of plain scalars, which every match contains: a cheap test for a
        /// pattern that starts with a wildcard or a variable (`$(lang)/shop/*`). Without a
        /// trailing `/`, which the optional slash at the end may supply.
        private let required: [UInt32]

        fileprivate init(_ tokens: ArraySlice<Token>) {
            var builder = Builder()
            start = builder.compile(tokens, next: 0)
            operations = builder.operations
            prefix = tokens.prefix(while: { if case .scalar = $0 { true } else { false } }).map { if case .scalar(let s) = $0 { s } else { 0 } }
            literal = prefix.count == tokens.count ? prefix : nil
            var longest: [UInt32] = [], run: [UInt32] = []
            for token in tokens {
                if case .scalar(let scalar) = token { run.append(scalar) } else { run = [] }
                if run.count > longest.count { longest = run }
            }
            while longest.last == LinkPattern.slash { longest.removeLast() }
            required = longest
        }

        /// Whether the automaton accepts `subject`, or — with `trailingSlash` — `subject` and
        /// then a `/` taken by a literal slash of the pattern.
        func run(_ subject: [UInt32], trailingSlash: Bool) -> Bool {
            if let literal { return literal == subject }
            guard subject.starts(with: prefix)
                || trailingSlash && prefix.count == subject.count + 1 && prefix.last == LinkPattern.slash && prefix.starts(with: subject)
            else { return false }
            guard required.count <= prefix.count || Self.contains(subject, required) else { return false }
            return progress(subject, trailingSlash: trailingSlash, foldingCase: false).accepted
        }

        /// How far the automaton gets through `subject`, without the cheap tests: whether it
        /// accepts, and how many scalars it read before no state was left. `foldingCase`
        /// compares ASCII letters without their case, to tell a near miss that only case made.
        func progress(_ subject: [UInt32], trailingSlash: Bool, foldingCase: Bool) -> (accepted: Bool, consumed: Int) {
            // The plain start first: most patterns part from a subject there, and cheaply.
            var common = 0
            while common < min(subject.count, prefix.count),
                  subject[common] == prefix[common] || foldingCase && Run.otherCase(subject[common]) == prefix[common] {
                common += 1
            }
            let wantsOnlyTheSlash = trailingSlash && common == subject.count && prefix.count == subject.count + 1 && prefix.last == LinkPattern.slash
            if common < prefix.count, !wantsOnlyTheSlash { return (false, common) }
            var run = Run(operations: operations, foldingCase: foldingCase)
            // Two sets, reused step after step: no allocation per scalar.
            var current: [Int] = [], next: [Int] = []
            current.reserveCapacity(8)
            next.reserveCapacity(8)
            run.closure(of: start, into: &current)
            for (position, scalar) in subject.enumerated() {
                run.step(current, by: scalar, literally: false, into: &next)
                swap(&current, &next)
                if current.isEmpty { return (false, position) }
            }
            if current.contains(0) { return (true, subject.count) }
            guard trailingSlash else { return (false, subject.count) }
            run.step(current, by: LinkPattern.slash, literally: true, into: &next)
            return (next.contains(0), subject.count)
        }

        private static func contains(_ subject: [UInt32], _ part: [UInt32]) -> Bool {
            guard part.count <= subject.count else { return false }
            return (0...(subject.count - part.count)).contains { start in subject[start..<(start + part.count)].elementsEqual(part) }
        }
    }

    /// Lays the operations out back to front, so that each knows the state that follows it.
    private struct Builder {
        var operations: [Program.Operation] = [.accept]

        mutating func compile(_ tokens: ArraySlice<Token>, next: Int) -> Int {
            var next = next
            for token in tokens.reversed() {
                switch token {
                case .scalar(let scalar): operations.append(.scalar(scalar, next: next))
                case .any: operations.append(.any(next: next))
                case .star: operations.append(.star(next: next))
                case .variable(let alternatives):
                    let follow = next
                    var starts: [Int] = []
                    if let trie = alternatives?.trie {
                        operations.append(.trie(trie, next: follow))
                        starts.append(operations.count - 1)
                    }
                    for alternative in alternatives?.patterned ?? [] {
                        starts.append(compile(alternative[...], next: follow))
                    }
                    operations.append(.split(starts))
                }
                next = operations.count - 1
            }
            return next
        }
    }

    /// The state sets of one run. A state is an operation's index, and for a trie operation
    /// the trie node it stands at above bit 32 (the root is node 0). A set is kept free of
    /// repeats by looking through it while it is small, as sets nearly always are; past that,
    /// by marks over every operation for the states outside a trie.
    struct Run {
        let operations: [Program.Operation]
        let foldingCase: Bool
        private var marks: [Int] = []
        private var generation = 0

        init(operations: [Program.Operation], foldingCase: Bool) {
            self.operations = operations
            self.foldingCase = foldingCase
        }

        mutating func closure(of state: Int, into set: inout [Int]) {
            generation += 1
            set.removeAll(keepingCapacity: true)
            add(state, to: &set)
        }

        /// Into `set`, the states reached from `current` by `scalar`; `literally`, only through
        /// a literal of the pattern (not `?` or `*`).
        mutating func step(_ current: [Int], by scalar: UInt32, literally: Bool, into set: inout [Int]) {
            generation += 1
            set.removeAll(keepingCapacity: true)
            let other = foldingCase ? Self.otherCase(scalar) : nil
            for state in current {
                let index = state & 0xFFFF_FFFF
                switch operations[index] {
                case .scalar(let wanted, let next) where wanted == scalar || wanted == other: add(next, to: &set)
                case .trie(let trie, _):
                    let edges = trie.edges[state >> 32]
                    if let child = edges[scalar] { add(index | child << 32, to: &set) }
                    if let other, let child = edges[other] { add(index | child << 32, to: &set) }
                case .any(let next) where !literally: add(next, to: &set)
                case .star where !literally: add(state, to: &set)
                default: break
                }
            }
        }

        /// The ASCII letter's other case.
        static func otherCase(_ scalar: UInt32) -> UInt32? {
            switch scalar {
            case 0x41...0x5A: scalar + 0x20
            case 0x61...0x7A: scalar - 0x20
            default: nil
            }
        }

        private mutating func add(_ state: Int, to set: inout [Int]) {
            let index = state & 0xFFFF_FFFF
            if marks.isEmpty, set.count >= 16 {
                marks = Array(repeating: -1, count: operations.count)
                for member in set where member >> 32 == 0 { marks[member] = generation }
            }
            if marks.isEmpty || state >> 32 != 0 {
                if set.contains(state) { return }
            } else {
                guard marks[state] != generation else { return }
                marks[state] = generation
            }
            switch operations[index] {
            case .split(let targets):
                for target in targets { add(target, to: &set) }
            case .star(let next):
                set.append(state)
                add(next, to: &set)
            case .trie(let trie, let next):
                set.append(state)
                if trie.accepting[state >> 32] { add(next, to: &set) }
            default:
                set.append(state)
            }
        }
    }
}
