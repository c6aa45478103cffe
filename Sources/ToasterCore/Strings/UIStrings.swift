/// Every text the program shows, in one language: one table per language
/// (`UIStrings+Korean.swift`, `+English`, `+Japanese`), each built with this memberwise
/// initializer, so a text missing from a language does not compile. Texts with values take
/// them as closure arguments, so the arity is checked too. Texts a payload supplies, and the
/// English of the trace and `check`, are not here.
public struct UIStrings: Sendable {
    // The update alerts: Korean exactly as the reference app has them.
    let forceUpdateTitle: String, forceUpdateMessage: String
    let noticeFeatUpdateTitle: String, noticeFeatUpdateMessage: String
    let noticeUpdateTitle: String, noticeUpdateMessage: String
    let laterButton: String, skipButton: String, updateButton: String
    /// Names the forced alert's one button, whose title a payload may set.
    let forcedAlertHint: @Sendable (_ button: String) -> String
    /// Names the arrows that move between the buttons as they are laid out (`←→` or `↑↓`).
    let optionalAlertHint: @Sendable (_ arrows: String) -> String
    /// Instead of an alert the rows cannot hold.
    let terminalTooSmall: String
    /// The hint row while the scene receives no input (the terminal has no focus).
    let inactiveHint: String

    // Home, the link page, the status line and the notice row above it.
    public let appName: String
    let savedLinks: String
    /// The home list's sample titles, in the order of `SavedLink.sampleURLs`.
    let sampleLinkTitles: [String]
    let homeHint: String
    let linkPageTitle: String
    let linkPageNote: String
    let backHint: String
    let checking: String
    let upToDate: String
    let updateRequired: String
    let checkFailed: String
    let newVersion: String
    /// The lead-ins of a failed check's notice, by kind; the technical detail follows in English.
    let cannotConnect: String
    let timedOut: String
    let serverError: String
    let untrustedCertificate: String
    let unusableAnswer: String
    let appNotListed: String
    let checkMisconfigured: String
    let serviceUnchanged: String
    /// Why an alert was held back (the gates of docs/08-policy.md).
    let releasedRecently: @Sendable (_ releasedAt: String, _ days: Int) -> String
    let releaseDateUnknown: @Sendable (_ days: Int) -> String
    let needsNewerOS: @Sendable (_ required: String, _ device: String) -> String
    let shownRecently: @Sendable (_ shownAt: String, _ until: String) -> String
    let versionSkipped: @Sendable (_ version: String) -> String
    /// Problems found before launch.
    let stateFileUnusable: String
    let choicesNotRemembered: String

    // The simulated App Store and browser.
    let whatsNew: String
    /// The demo store's release notes.
    public let releaseNotes: String
    let storeInstallButton: String
    let storeHint: String
    /// The button and hint when the store has nothing newer than the installed app.
    let storeOpenButton: String, storeOpenHint: String
    let storeInstalling: String, storeInstallingHint: String
    let storeNoListing: String
    /// The listing's facts: `버전 1.10.0 · 출시 2026-11-20 · iOS 15.0 이상`.
    let version: String, released: String
    let minimumOS: @Sendable (_ version: String) -> String
    let browserNote: String
    let returnHint: String

    // The same in every language: names, not sentences.
    static let wordmark = "T O A S T E R"
    static let appStoreTitle = "App Store"
    static let browserTitle = "Safari"

    public static func of(_ language: Language) -> UIStrings {
        switch language {
        case .ko: korean
        case .en: english
        case .ja: japanese
        }
    }

    func title(_ type: AlertType) -> String {
        switch type {
        case .forceUpdate: forceUpdateTitle
        case .noticeFeatUpdate: noticeFeatUpdateTitle
        case .noticeUpdate: noticeUpdateTitle
        }
    }

    func message(_ type: AlertType) -> String {
        switch type {
        case .forceUpdate: forceUpdateMessage
        case .noticeFeatUpdate: noticeFeatUpdateMessage
        case .noticeUpdate: noticeUpdateMessage
        }
    }

    func leadIn(_ kind: CheckFailure.Kind) -> String {
        switch kind {
        case .unreachable: cannotConnect
        case .timedOut: timedOut
        case .serverError: serverError
        case .untrustedCertificate: untrustedCertificate
        case .unusableAnswer: unusableAnswer
        case .notListed: appNotListed
        case .misconfigured: checkMisconfigured
        case .unchanged: serviceUnchanged
        }
    }

    func explanation(_ gate: HoldBack) -> String {
        switch gate {
        case let .releaseAge(releasedAt, days): releasedRecently(ISO8601.format(releasedAt), days)
        case .releaseDateUnknown(let days): releaseDateUnknown(days)
        case let .osVersion(required, device): needsNewerOS(required, device)
        case let .frequency(shownAt, until): shownRecently(ISO8601.format(shownAt), ISO8601.format(until))
        case .skippedVersion(let version): versionSkipped(version)
        }
    }

    func notice(_ notice: StartupNotice) -> String {
        switch notice {
        case .stateFileUnusable(let problem): "\(stateFileUnusable) · \(problem)"
        case .choicesNotRemembered: choicesNotRemembered
        }
    }
}
