import ArgumentParser
import Glibc
import ToasterCommandLine
import ToasterCore
import ToasterServices

/// `toastercli links check`: which URLs an apple-app-site-association file opens in an app,
/// answered as iOS would, for teams to test their file in CI.
struct LinksCheck: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Match URLs against an apple-app-site-association file as iOS does.",
        discussion: """
            Prints, per URL, match, excluded or no match and the rule that decided it (or the \
            rule that came closest), and on standard error a warning for what iOS reads but the \
            file's author probably did not mean. --aasa https://DOMAIN fetches the domain's file \
            as iOS does; several such --aasa answer each URL from its host's file. Exit status: \
            0 when every URL matches, 1 when any does not, 2 when a file or --url-file cannot be read or \
            fetched or is not a JSON object (or, with --strict, when there is any warning), 64 \
            for a usage error.
            """
    )

    /// Not 1, which means "some URL does not match": grep's and diff's convention.
    static let unusableFileStatus: Int32 = 2

    @Option(name: .customLong("aasa"), help: ArgumentHelp(
        "The apple-app-site-association file, or https://DOMAIN to fetch it as iOS does (repeat for several domains).",
        valueName: "file|origin"))
    var files: [String]

    @Flag(help: "Fetch each https://DOMAIN's file from Apple's CDN, as devices get it (TOASTER_AASA_CDN overrides the CDN's URL).")
    var cdn = false

    @Option(parsing: .unconditional, help: "Seconds a fetch may take, connection included.")
    var timeout = 5.0

    @OptionGroup var trust: TrustOptions

    @Option(help: ArgumentHelp("The app, as TEAMID.bundle.id.", valueName: "app-id"))
    var appID: String

    @Option(help: "text or json.")
    var format: OutputFormat = .text

    @Option(help: ArgumentHelp("Also check the URLs of this file, one a line (blank lines and # comments skipped; - for standard input).",
                               valueName: "file"))
    var urlFile: String?

    @Flag(help: "Exit with status 2 when there is any warning, as a lint would.")
    var strict = false

    @Argument(help: "The URLs to check.")
    var urls: [String] = []

    /// What the options ask, read by validate().
    @Planned var plan: LinksPlan

    mutating func validate() throws {
        guard !urls.isEmpty || urlFile != nil else { throw ValidationError("give at least one URL to check, or --url-file") }
        try OptionRange.check(timeout, above: 0, atMost: 600, "--timeout", unit: "seconds")
        let domains = try origins()
        if files.count > 1, domains.contains(where: { $0 == nil }) {
            throw ValidationError("--aasa: a file names no domain, so several --aasa must each be an https origin such as https://example.com")
        }
        if cdn, domains.contains(where: { $0 == nil }) {
            throw ValidationError("--cdn fetches a domain's file from Apple's CDN: give --aasa https://DOMAIN, not a file")
        }
        for (index, domain) in domains.enumerated() {
            if let domain, domains[..<index].contains(domain) { throw ValidationError("--aasa names \(domain) twice") }
        }
        plan = LinksPlan(files: zip(files, domains).map { (argument: $0, domain: $1) }, cdn: cdn, timeout: .seconds(timeout), trust: trust.trust())
    }

    /// The domain of each `--aasa` that is a URL; nil for a file.
    private func origins() throws -> [LinkDomain?] {
        try files.map { given in
            guard given.contains("://") else { return nil }
            switch LinkDomain.origin(given) {
            case .success(let domain): return domain
            case .failure(let problem): throw ValidationError("--aasa \(given): \(problem.reason)")
            }
        }
    }

    func run() throws {
        let loaded: (sites: [AssociatedDomains.Site], warnings: [LinkWarning])
        do { loaded = try Wiring.associatedSites(plan) } catch { throw Self.unusable(error.description) }
        let associations = AssociatedDomains(loaded.sites)
        let checked: [String]
        do { checked = try urls + (urlFile.map(URLList.read) ?? []) } catch { throw Self.unusable("\(error)") }
        guard !checked.isEmpty else { throw Self.unusable("--url-file \(urlFile ?? "-"): no URL to check") }
        let report = LinkReport(verdicts: checked.map { associations.verdict(for: $0, appID: appID) }, files: files, appID: appID,
                                warnings: loaded.warnings + associations.warnings)
        switch format {
        case .json:
            Output.line(report.json.serialized())
        case .text:
            Output.write(report.notes.map { $0 + "\n" }.joined(), to: STDERR_FILENO)
            Output.line(report.text)
        }
        if strict, report.hasWarnings { throw CommandExit(status: Self.unusableFileStatus) }
        if report.verdicts.contains(where: { $0.outcome != .match }) { throw CommandExit(status: 1) }
    }

    /// An input that cannot be read or used exits 2 here, not 1, which means "no match".
    private static func unusable(_ message: String) -> CommandExit {
        CommandExit.unusable(message, status: unusableFileStatus)
    }
}
