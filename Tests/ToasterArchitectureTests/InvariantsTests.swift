import Foundation
import Testing

/// The rules of docs/01-architecture.md ("Invariants"), each checked against the sources: a
/// change that breaks one fails here with the file and line that broke it. Each rule first
/// checks what it read — the module's folder with its Swift files, or every Swift module the
/// manifest declares — so that a tree it could not read fails rather than passes.
@Suite struct InvariantsTests {
    /// Where a rule is broken, in the form `path:line: what`.
    private func expectNone(_ breaks: [String], _ rule: Comment) {
        #expect(breaks.isEmpty, "\(rule)\n\(breaks.joined(separator: "\n"))")
    }

    /// The Swift files of `modules`, each module's own folder read and holding Swift.
    private func read(_ modules: some Sequence<String>) throws -> [SourceTree.File] {
        try modules.sorted().flatMap { try SourceTree.files(in: $0) }
    }

    /// Every Swift file under `Sources/`, and proof that every Swift module the manifest
    /// declares was among them.
    private func readAll() throws -> [SourceTree.File] {
        let files = try SourceTree.files()
        let modules = try PackageManifest.read().swiftModules
        let missing = modules.subtracting(files.map { SourceTree.module(of: $0.path) })
        try #require(modules.count >= 10 && missing.isEmpty, "read \(files.count) files; no Swift read for \(missing.sorted())")
        return files
    }

    private func imports(in module: String) throws -> [(path: String, module: String)] {
        try read([module]).flatMap { file in file.imports.sorted().map { (file.path, $0) } }
    }

    /// The lines of `files` on which `pattern` matches their code, as `path:line: what`.
    private func matches(of pattern: String, in files: [SourceTree.File], _ what: String) throws -> [String] {
        let expression = try NSRegularExpression(pattern: pattern)
        return files.flatMap { file in
            file.codeLines.enumerated().compactMap { number, line -> String? in
                let text = String(line)
                guard let match = expression.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) else { return nil }
                return "\(file.path):\(number + 1): \(what) \((text as NSString).substring(with: match.range))"
            }
        }
    }

    /// Rule 1: the core is pure — it imports only FoundationEssentials, Synchronization and
    /// the wire's spellings.
    @Test func coreImportsOnlyFoundationEssentialsSynchronizationAndTheWire() throws {
        let allowed: Set = ["FoundationEssentials", "Synchronization", "ToasterWire"]
        expectNone(try imports(in: "ToasterCore").filter { !allowed.contains($0.module) }.map { "\($0.path): imports \($0.module)" },
                   "ToasterCore may import only FoundationEssentials, Synchronization and ToasterWire")
    }

    /// Rule 2: only ToasterTerminal imports the ncurses shim or the terminal's C support.
    @Test func onlyTheTerminalModuleImportsTheTerminalShims() throws {
        let shims: Set = ["CNcursesw", "CTerminalSupport"]
        let breaks = try readAll().filter { SourceTree.module(of: $0.path) != "ToasterTerminal" }
            .flatMap { file in file.imports.intersection(shims).sorted().map { "\(file.path): imports \($0)" } }
        expectNone(breaks, "only ToasterTerminal imports CNcursesw or CTerminalSupport")
    }

    /// Rule 3: only toaster-server's library speaks HTTP as a server or PostgreSQL.
    @Test func onlyTheServerModuleImportsTheServerStack() throws {
        let stack: Set = ["Hummingbird", "HummingbirdCore", "NIOCore", "NIOPosix", "NIOHTTP1", "NIOSSL", "PostgresNIO",
                          "ServiceLifecycle", "JWTKit", "Prometheus", "Metrics", "CoreMetrics", "CZlib"]
        let breaks = try readAll().filter { SourceTree.module(of: $0.path) != "ToasterServer" }
            .flatMap { file in file.imports.intersection(stack).sorted().map { "\(file.path): imports \($0)" } }
        expectNone(breaks, "only ToasterServer imports Hummingbird, SwiftNIO, PostgresNIO and the rest of the server stack")
    }

    /// Rule 4: the core reads no clock; the time comes in through `WallClock` or an event. A
    /// reading is any way Swift, Foundation, Dispatch or libc gives the time now: `Date()`,
    /// `Date.now`, `…SinceNow`, a `Clock` type's `.now` or the clock types themselves, Dispatch's
    /// times, the process's uptime, and C's clocks.
    @Test func theCoreReadsNoClockButWallClocks() throws {
        let reading = #"\bDate\s*\(\s*\)|\bDate\.now\b|SinceNow\b|\b[A-Z]\w*Clock\.now\b|\b(?:Continuous|Suspending)Clock\b"#
            + #"|\bDispatch(?:Wall)?Time\b|\b(?:systemUptime|ProcessInfo|clock_gettime|gettimeofday|mach_absolute_time|CFAbsoluteTimeGetCurrent)\b"#
            + #"|(?<![\w.])(?:time|clock)\s*\(\s*(?:nil|NULL|&|\))"#
        let core = try read(["ToasterCore"])
        let clocks = core.filter { $0.path.hasSuffix("/Clock/WallClock.swift") }
        try #require(try !matches(of: reading, in: clocks, "reads").isEmpty, "the pattern finds SystemClock's own readings in Clock/WallClock.swift")
        expectNone(try matches(of: reading, in: core.filter { !clocks.map(\.path).contains($0.path) }, "reads the clock with"),
                   "ToasterCore reads the time only through a WallClock (Clock/WallClock.swift)")
    }

    /// Rule 5: toastercli runs no Swift concurrency — a fetch blocks its own thread, the loop is
    /// `poll()`; starting the concurrency runtime would cost every launch. Every Swift module
    /// toastercli links, as the manifest says, is read; its C targets have no Swift to start it.
    /// One file is toaster-server's alone: the command line rule's entry for an async command
    /// tree, which toastercli's synchronous tree never calls.
    @Test func toastercliRunsNoSwiftConcurrency() throws {
        let manifest = try PackageManifest.read()
        let linked = try manifest.linked(by: "toastercli")
        let swift = linked.filter { !manifest.isC($0) }
        try #require(swift.isSuperset(of: ["toastercli", "ToasterCore", "ToasterServices", "ToasterTerminal"]), "toastercli links \(linked.sorted())")
        let serversOwn = "Sources/ToasterCommandLine/CommandLineRule+Async.swift"
        let files = try read(swift)
        try #require(files.contains { $0.path == serversOwn }, "\(serversOwn) is where the rule's async entry is")
        let breaks = files.filter { $0.path != serversOwn }.flatMap { file in
            file.codeLines.enumerated().compactMap { number, line -> String? in
                let words = line.split(whereSeparator: { !$0.isLetter && !$0.isNumber && $0 != "." && $0 != "_" })
                let word = words.first { ["async", "await", "Task", "actor", "Task.detached", "AsyncStream", "MainActor"].contains($0) }
                return word.map { "\(file.path):\(number + 1): \($0)" }
            }
        }
        expectNone(breaks, "no async, await, Task or actor in the modules toastercli links (\(swift.sorted().joined(separator: ", ")); Dispatch's .async is fine)")
    }

    /// Rule 6: each protocol is spelled in one place — a key, header, path or code of a wire
    /// protocol appears in a string only in ToasterWire; everyone else uses its shapes and
    /// constants. The words are Wire's own (`WireSpellings`), so a key added there is guarded at once.
    @Test func onlyTheWireModuleSpellsAProtocol() throws {
        let spellings = try WireSpellings.read()
        try #require(spellings.words.count >= 100 && spellings.words.isSuperset(of: ["parameterGroups", "conditionalValues", "app_instance_id"]),
                     "read \(spellings.words.count) words from ToasterWire")
        let breaks = try readAll().filter { SourceTree.module(of: $0.path) != "ToasterWire" }.flatMap { file in
            file.stringLiterals.flatMap { literal in
                spellings.spelt(in: literal.text, at: file.path).map { "\(file.path):\(literal.number): spells \($0)" }
            }
        }
        expectNone(breaks, "only ToasterWire spells a wire protocol's keys, headers, paths and codes")
    }

    /// Rule 7: the wire module is as pure as the core, so that both sides can share it.
    @Test func theWireModuleImportsOnlyFoundationEssentials() throws {
        expectNone(try imports(in: "ToasterWire").filter { $0.module != "FoundationEssentials" }.map { "\($0.path): imports \($0.module)" },
                   "ToasterWire may import only FoundationEssentials")
    }

    /// Rule 8: toastercli's commands parse and call, so no file of the executable passes 150
    /// lines: options are data in groups, what they build is Wiring's.
    @Test func noFileOfToastercliPasses150Lines() throws {
        let breaks = try read(["toastercli"]).compactMap { file -> String? in
            let count = file.text.filter { $0 == "\n" }.count
            return count > 150 ? "\(file.path): \(count) lines" : nil
        }
        expectNone(breaks, "no file under Sources/toastercli passes 150 lines")
    }

    /// Rule 9: a command ends one way, by throwing `CommandExit` (or a `ValidationError`), and
    /// only ToasterCommandLine prints `Error:` or ends the process — in every Swift and C source.
    /// Ending is a call of `exit`, `_exit`, `_Exit`, `quick_exit` or `abort` (a method or an enum
    /// case of that name is not one); a trap (`fatalError`) is a bug's end, not a command's.
    @Test func onlyTheCommandLineRuleEndsAProcess() throws {
        let ending = #"(?<![\w.])(?<!case )(?<!func )(?:(?:Glibc|Foundation|Darwin|Musl)\.)?(?:_?exit|_Exit|quick_exit|abort)\s*\("#
        let all = try readAll() + SourceTree.cFiles()
        let (rule, files) = (all.filter { SourceTree.module(of: $0.path) == "ToasterCommandLine" }, all.filter { SourceTree.module(of: $0.path) != "ToasterCommandLine" })
        try #require(try !matches(of: ending, in: rule, "ends").isEmpty, "the pattern finds ToasterCommandLine's own exit calls")
        let exits = try matches(of: ending, in: files, "ends the process with")
        let errors = files.flatMap { file in file.literalLines.filter { $0.text.contains("Error:") }.map { "\(file.path):\($0.number): prints Error:" } }
        expectNone(exits + errors, "only ToasterCommandLine calls exit or _exit or prints Error:; a command throws CommandExit")
    }

    /// Rule 10: a file is read whole by whoever changes it next, so none under `Sources/` passes
    /// 400 lines, Swift or C: a longer one is a concern that wants a file of its own.
    @Test func noSourceFilePasses400Lines() throws {
        let breaks = try (readAll() + SourceTree.cFiles()).compactMap { file -> String? in
            let count = file.text.filter { $0 == "\n" }.count
            return count > 400 ? "\(file.path): \(count) lines" : nil
        }
        expectNone(breaks, "no file under Sources passes 400 lines")
    }

    /// Rule 11: toaster-server's rooms and ToasterServices' folders keep to themselves. Each names
    /// the types of the rooms below it (and, in the server, of Application, which assembles them
    /// all), never those of a room beside or above it.
    @Test func theServerRoomsNameOnlyTheRoomsBelowThem() throws {
        let shared = ["Answers", "Observability", "Connections", "Store", "Routes"]
        let below: [String: Set<String>] = [
            "Answers": [], "Observability": ["Answers"],
            "Connections": ["Answers", "Observability"], "Store": ["Answers", "Observability"],
            "Routes": ["Answers", "Observability", "Connections", "Store"],
            "Firebase": Set(shared), "AppStoreConnect": Set(shared), "Application": [],
        ]
        expectNone(try layerBreaks(in: "ToasterServer", below: below, everyone: "Application"),
                   "a server room names only Application's types and those of the rooms below it (docs/01, rule 11)")
    }

    @Test func theServicesFoldersNameOnlyTheFoldersBelowThem() throws {
        let ground: Set = ["Transport", "Signing", "Memory"]
        let sources = ground.union(["VersionSources"])
        let below: [String: Set<String>] = [
            "Transport": [], "Signing": [], "Memory": [], "VersionSources": ground, "Links": ground,
            "Firebase": sources, "AppStoreConnect": sources, "Check": sources,
            "Preflight": sources.union(["Links", "Firebase", "AppStoreConnect", "Check"]),
        ]
        expectNone(try layerBreaks(in: "ToasterServices", below: below),
                   "a folder of ToasterServices names only the types of those below it (docs/01, rule 11)")
    }

    /// Where a room of `module` (its folder's first level) names a type declared in a room it
    /// may not name: `below[room]`, and `everyone`'s, are the ones it may. A type is named where
    /// its word stands in code, comments and texts aside. Fails when the rooms found are not
    /// exactly `below`'s, or too few types were found to mean anything.
    private func layerBreaks(in module: String, below: [String: Set<String>], everyone: String? = nil) throws -> [String] {
        let files = try read([module])
        let room = { (file: SourceTree.File) in file.path.split(separator: "/").dropFirst(2).first.map(String.init) ?? "" }
        let rooms = Set(files.map(room))
        try #require(rooms == Set(below.keys), "the rooms of \(module) are \(rooms.sorted())")
        let declaration = try NSRegularExpression(pattern: #"^(?:(?:public|package|internal|fileprivate|private|final|indirect)\s+)*(?:struct|enum|class|actor|protocol|typealias)\s+([A-Z]\w*)"#)
        let texts = try NSRegularExpression(pattern: #""(?:\\.|[^"\\])*""#)
        let code = { (line: Substring) in texts.stringByReplacingMatches(in: String(line), range: NSRange(line.startIndex..., in: line), withTemplate: "\"\"") }
        var owner: [String: String] = [:]
        for file in files {
            for line in file.codeLines.map(code) {
                for match in declaration.matches(in: line, range: NSRange(line.startIndex..., in: line)) {
                    owner[(line as NSString).substring(with: match.range(at: 1))] = room(file)
                }
            }
        }
        try #require(owner.count >= 30, "read the declarations of \(owner.count) types in \(module)")
        let word = try NSRegularExpression(pattern: #"\b[A-Z]\w*\b"#)
        return files.flatMap { file -> [String] in
            let here = room(file), allowed = below[here, default: []]
            return file.codeLines.map(code).enumerated().flatMap { number, line -> [String] in
                word.matches(in: line, range: NSRange(line.startIndex..., in: line)).compactMap { match -> String? in
                    let name = (line as NSString).substring(with: match.range)
                    guard let there = owner[name], there != here, there != everyone, !allowed.contains(there), here != everyone else { return nil }
                    return "\(file.path):\(number + 1): \(here) names \(there)'s \(name)"
                }
            }
        }
    }
}
