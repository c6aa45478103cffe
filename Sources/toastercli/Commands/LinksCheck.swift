import ArgumentParser
import Glibc
import ToasterCommandLine
import ToasterCore

/// `toastercli links check`: which URLs an apple-app-site-association file opens in an app,
/// answered as iOS would, for teams to test their file in CI.
struct LinksCheck: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Match URLs against an apple-app-site-association file as iOS does.",
        discussion: """
            Prints, per URL, match, excluded or no match and the rule that decided it, and on \
            standard error a warning for what iOS reads but the file's author probably did not \
            mean. Exit status: 0 when every URL matches, 1 when any does not, 2 when the file is \
            not a JSON object or --url-file cannot be read (or, with --strict, when there is any warning), 64 for a \
            usage error.
            """
    )

    /// Not 1, which means "some URL does not match": grep's and diff's convention.
    static let unusableFileStatus: Int32 = 2

    @Option(name: .customLong("aasa"), help: ArgumentHelp("The apple-app-site-association file.", valueName: "file"))
    var file: String

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

    func validate() throws {
        guard !urls.isEmpty || urlFile != nil else { throw ValidationError("give at least one URL to check, or --url-file") }
    }

    func run() throws {
        let associations: AssociatedDomainsFile
        do {
            associations = try AssociatedDomainsFile.load(file)
        } catch {
            throw Self.unusable(error.description)
        }
        let checked: [String]
        do { checked = try urls + (urlFile.map(URLList.read) ?? []) } catch { throw Self.unusable("\(error)") }
        guard !checked.isEmpty else { throw Self.unusable("--url-file \(urlFile ?? "-"): no URL to check") }
        let verdicts = checked.map { associations.verdict(for: $0, appID: appID) }
        switch format {
        case .json:
            Output.line(Self.json(verdicts, file: file, appID: appID, warnings: associations.warnings).serialized())
        case .text:
            // A URL's warnings about the file are the file's, already listed first.
            let notes = associations.warnings.map { "warning: \($0)" } + verdicts.flatMap { verdict in
                verdict.warnings.filter { !associations.warnings.contains($0) }.map { "warning: \(verdict.url): \($0)" }
            }
            Output.write(notes.map { TextSanitizer.cleanLine($0) + "\n" }.joined(), to: STDERR_FILENO)
            Output.line(Self.text(verdicts))
        }
        if strict, !associations.warnings.isEmpty || verdicts.contains(where: { !$0.warnings.isEmpty }) {
            throw ExitCode(Self.unusableFileStatus)
        }
        if verdicts.contains(where: { $0.outcome != .match }) { throw ExitCode(1) }
    }

    /// One aligned line per URL: outcome, URL, then the deciding rule or the reason.
    static func text(_ verdicts: [LinkVerdict]) -> String {
        let shownURLs = verdicts.map { TextSanitizer.cleanLine($0.url) }
        let urlWidth = shownURLs.map(DisplayWidth.of).max() ?? 0
        let labelWidth = ([LinkOutcome.match, .excluded, .noMatch].map(\.label.count).max() ?? 0)
        return zip(verdicts, shownURLs).map { verdict, url in
            let label = verdict.outcome.label
            let detail = verdict.decidedBy.map { "\($0.label) \($0.text)" } ?? verdict.reason ?? ""
            return label + String(repeating: " ", count: labelWidth - label.count + 2)
                + url + String(repeating: " ", count: urlWidth - DisplayWidth.of(url) + 2)
                + TextSanitizer.cleanLine(detail)
        }.joined(separator: "\n")
    }

    static func json(_ verdicts: [LinkVerdict], file: String, appID: String, warnings: [LinkWarning]) -> JSONValue {
        .object([
            ("file", .string(file)),
            ("appID", .string(appID)),
            ("warnings", json(warnings)),
            ("results", .array(verdicts.map { verdict in
                .object([
                    ("url", .string(verdict.url)),
                    ("verdict", .string(verdict.outcome.label)),
                    ("path", .string(verdict.path)),
                    ("decidedBy", verdict.decidedBy.map { place in
                        .object([
                            ("details", .number(place.details)),
                            (place.list.rawValue, .number(place.index)),
                            ("rule", .string(place.text)),
                        ])
                    } ?? .null),
                    ("reason", verdict.reason.json),
                    ("warnings", json(verdict.warnings)),
                ])
            })),
        ])
    }

    private static func json(_ warnings: [LinkWarning]) -> JSONValue {
        .array(warnings.map { .object([("place", .string($0.place)), ("message", .string($0.message))]) })
    }

    /// An input that cannot be read or used exits 2 here, not 1, which means "no match":
    /// print the message the way ArgumentParser does and exit with that status.
    private static func unusable(_ message: String) -> ExitCode {
        Output.write("Error: \(message)\n", to: STDERR_FILENO)
        return ExitCode(unusableFileStatus)
    }
}
