import Testing

/// The rules of docs/01-architecture.md ("Invariants"), each checked against the sources: a
/// change that breaks one fails here with the file and line that broke it.
@Suite struct InvariantsTests {
    /// Where a rule is broken, in the form `path:line: what`.
    private func expectNone(_ breaks: [String], _ rule: Comment) {
        #expect(breaks.isEmpty, "\(rule)\n\(breaks.joined(separator: "\n"))")
    }

    private func imports(in module: String) throws -> [(path: String, module: String)] {
        try SourceTree.files(in: module).flatMap { file in file.imports.sorted().map { (file.path, $0) } }
    }

    /// Rule 1: the core is pure — it imports only FoundationEssentials and Synchronization.
    @Test func coreImportsOnlyFoundationEssentialsAndSynchronization() throws {
        let allowed: Set = ["FoundationEssentials", "Synchronization"]
        expectNone(try imports(in: "ToasterCore").filter { !allowed.contains($0.module) }.map { "\($0.path): imports \($0.module)" },
                   "ToasterCore may import only FoundationEssentials and Synchronization")
    }

    /// Rule 2: only ToasterTerminal imports the ncurses shim or the terminal's C support.
    @Test func onlyTheTerminalModuleImportsTheTerminalShims() throws {
        let shims: Set = ["CNcursesw", "CTerminalSupport"]
        let breaks = try SourceTree.files().filter { SourceTree.module(of: $0.path) != "ToasterTerminal" }
            .flatMap { file in file.imports.intersection(shims).sorted().map { "\(file.path): imports \($0)" } }
        expectNone(breaks, "only ToasterTerminal imports CNcursesw or CTerminalSupport")
    }

    /// Rule 3: only toaster-server's library speaks HTTP as a server or PostgreSQL.
    @Test func onlyTheServerModuleImportsTheServerStack() throws {
        let stack: Set = ["Hummingbird", "HummingbirdCore", "NIOCore", "NIOPosix", "NIOHTTP1", "NIOSSL", "PostgresNIO",
                          "ServiceLifecycle", "JWTKit", "Prometheus", "Metrics", "CoreMetrics", "CZlib"]
        let breaks = try SourceTree.files().filter { SourceTree.module(of: $0.path) != "ToasterServer" }
            .flatMap { file in file.imports.intersection(stack).sorted().map { "\(file.path): imports \($0)" } }
        expectNone(breaks, "only ToasterServer imports Hummingbird, SwiftNIO, PostgresNIO and the rest of the server stack")
    }

    /// Rule 4: the core reads no clock; the time comes in through `WallClock` or an event.
    @Test func theCoreReadsNoClockButWallClocks() throws {
        let readings = ["Date()", "ContinuousClock.now", "SuspendingClock.now", "Date.now"]
        let breaks = try SourceTree.files(in: "ToasterCore").filter { !$0.path.hasSuffix("/Clock/WallClock.swift") }
            .flatMap { file in
                file.codeLines.enumerated().compactMap { number, line in
                    readings.first { line.contains($0) }.map { "\(file.path):\(number + 1): reads the clock with \($0)" }
                }
            }
        expectNone(breaks, "ToasterCore reads the time only through SystemClock (Clock/WallClock.swift)")
    }

    /// Rule 5: toastercli runs no Swift concurrency — a fetch blocks its own thread, the loop is
    /// `poll()`; starting the concurrency runtime would cost every launch.
    @Test func toastercliRunsNoSwiftConcurrency() throws {
        let breaks = try ["ToasterCore", "ToasterServices", "ToasterTerminal", "toastercli"].flatMap { module in
            try SourceTree.files(in: module).flatMap { file in
                file.codeLines.enumerated().compactMap { number, line -> String? in
                    let words = line.split(whereSeparator: { !$0.isLetter && !$0.isNumber && $0 != "." && $0 != "_" })
                    let word = words.first { ["async", "await", "Task", "actor", "Task.detached"].contains($0) }
                    return word.map { "\(file.path):\(number + 1): \($0)" }
                }
            }
        }
        expectNone(breaks, "no async, await, Task or actor in the modules toastercli links (Dispatch's .async is fine)")
    }
    /// Rule 6: each protocol is spelled in one place — a field or header name of a wire protocol
    /// appears in a string only in ToasterWire; everyone else uses its shapes and constants.
    @Test func onlyTheWireModuleSpellsAProtocol() throws {
        let spellings = [
            // Firebase Installations and Remote Config
            "app_instance_id", "X-Goog-Firebase-Installations-Auth", "X-Goog-Api-Key", "X-Firebase-RC-Fetch-Type",
            "X-Ios-Bundle-Identifier", "FIS_v2", "604800s", "firebase:fetch", "refreshToken",
            // Remote Config's real-time stream
            "streamFetchInvalidations", "lastKnownVersionNumber", "latestTemplateVersionNumber", "retryIntervalSeconds",
            "featureDisabled", "X-Google-GFE-Can-Retry",
            // Google's service-account key and token exchange
            "private_key", "client_email", "token_uri", "jwt-bearer", "access_token", "oauth2.googleapis.com", "auth/cloud-platform",
            // Google's API errors and hosts
            "API_KEY_INVALID", "API_KEY_IOS_APP_BLOCKED", "SERVICE_DISABLED", "INVALID_ARGUMENT", "UNAUTHENTICATED", "PERMISSION_DENIED",
            "google.rpc.ErrorInfo", "firebaseinstallations.googleapis.com", "firebaseremoteconfig.googleapis.com", "API key not valid",
            // the iTunes lookup, the CMS object, App Store Connect
            "trackViewUrl", "currentVersionReleaseDate", "resultCount", "X-MICROCMS-API-KEY",
            "appStoreVersions", "filter[bundleId]", "appstoreconnect-v1",
        ]
        let breaks = try SourceTree.files().filter { SourceTree.module(of: $0.path) != "ToasterWire" }.flatMap { file in
            file.literalLines.flatMap { line in
                spellings.filter { line.text.localizedCaseInsensitiveContains($0) }.map { "\(file.path):\(line.number): spells \($0)" }
            }
        }
        expectNone(breaks, "only ToasterWire spells a wire protocol's field or header names")
    }

    /// Rule 7: the wire module is as pure as the core, so that both sides can share it.
    @Test func theWireModuleImportsOnlyFoundationEssentials() throws {
        expectNone(try imports(in: "ToasterWire").filter { $0.module != "FoundationEssentials" }.map { "\($0.path): imports \($0.module)" },
                   "ToasterWire may import only FoundationEssentials")
    }

    /// Rule 8: toastercli's commands parse and call, so no file of the executable passes 150
    /// lines: options are data in groups, what they build is Wiring's.
    @Test func noFileOfToastercliPasses150Lines() throws {
        let breaks = try SourceTree.files(in: "toastercli").compactMap { file -> String? in
            let count = file.text.filter { $0 == "\n" }.count
            return count > 150 ? "\(file.path): \(count) lines" : nil
        }
        expectNone(breaks, "no file under Sources/toastercli passes 150 lines")
    }

    /// Rule 9: a command ends one way, by throwing `CommandExit` (or a `ValidationError`), and
    /// only ToasterCommandLine prints `Error:` or ends the process.
    @Test func onlyTheCommandLineRuleEndsAProcess() throws {
        let breaks = try ["toastercli", "toaster-server"].flatMap { module in
            try SourceTree.files(in: module).flatMap { file in
                let exits = file.codeLines.enumerated().filter { $0.element.contains("exit(") }.map { "\(file.path):\($0.offset + 1): calls exit" }
                let errors = file.literalLines.filter { $0.text.contains("Error:") }.map { "\(file.path):\($0.number): prints Error:" }
                return exits + errors
            }
        }
        expectNone(breaks, "no executable's file calls exit or _exit or prints Error: itself: it throws CommandExit")
    }
}
