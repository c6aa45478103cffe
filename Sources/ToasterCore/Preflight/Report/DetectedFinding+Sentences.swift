/// What a finding says, in English: what is wrong and how to fix it.
typealias FindingSentences = (message: String, fix: String)

extension DetectedFinding {
    /// `places` names the storefronts it was found in; `versions`, the users it reaches as
    /// "users on …" reads them; `unanswered`, the lookups that never answered, for the last reason one gave.
    func sentences(places: FindingPlaces, versions: String, unanswered: [UnansweredLookup]) -> FindingSentences {
        switch self {
        case .minAboveStore(let found): found.sentences(places, versions)
        case .forcedNotListed(let found): found.sentences(places, versions)
        case .osDeadEnd(let found): found.sentences(places, versions)
        case .storeURL(let found): found.sentences(places, versions)
        case .tooFresh(let found): found.sentences(places, versions)
        case .lookupsDisagree(let found): found.sentences(places)
        case .versionString(let found): found.sentences(places)
        case .window(let found): found.sentences
        case .promptNotServed(let found): found.sentences(places, versions)
        case .unanswered(let found): found.sentences(places, unanswered: unanswered)
        case .forcedAfterUpdate(let found):
            ("Users on \(versions) in \(places) update to \(found.served), which \(found.cause.name) still forces (\(found.reason.rawValue)): "
             + "the alert comes back after updating.",
             "Keep \(found.served) out of the forced range (maxAppVersion below it), or force only once a version outside it is served.")
        case .forcedUnreleased(let found):
            ("\(PreflightText.capitalized(found.cause.name)) forces users on \(versions) in \(places) to \(found.minimum), which is not released: "
             + "\(found.state), so the App Store cannot offer it and the alert comes back.",
             "Release \(found.minimum) in App Store Connect before publishing this minimum; preflight --watch reports it as stuck until someone does.")
        }
    }
}

extension DetectedFinding.MinAboveStore {
    func sentences(_ places: FindingPlaces, _ versions: String) -> FindingSentences {
        // A template's condition is named first: it is what the team edits.
        fromTemplate
            ? ("\(PreflightText.capitalized(cause.name)) forces users on \(versions) in \(places) to \(minimum), which \(places) "
               + "\(places.does) not serve (\(served) is served there): the App Store shows Open and the alert comes back.",
               "Give users on \(versions) in \(places) a minimum of at most \(served) in \(cause.name) now, and raise it to \(minimum) once "
               + "\(places.serves) it (toastercli preflight --watch).")
            : ("The minimum required version \(minimum) (\(cause.name)) is above \(served), the version served in \(places): users on \(versions) are forced to an update they cannot get, and the App Store shows Open.",
               "Publish a minimum of at most \(served) now, and raise it to \(minimum) once every storefront serves it (toastercli preflight --watch).")
    }
}

extension DetectedFinding.ForcedNotListed {
    func sentences(_ places: FindingPlaces, _ versions: String) -> FindingSentences {
        switch self {
        case .notListed(let cause):
            ("The app is not listed in \(places), yet \(cause.name) forces users on \(versions) there: the update button leads to no app.",
             "List the app in these storefronts, or leave them out of the forced update until it is listed.")
        case .nothingNewer(let served, let cause):
            ("\(PreflightText.capitalized(cause.name)) forces users on \(versions) in \(places), where the store serves \(served): nothing newer, so the App Store shows Open and the alert comes back.",
             "Wait until the store in \(places) serves the version the update is for (toastercli preflight --watch) before forcing it.")
        }
    }
}

extension DetectedFinding.OSDeadEnd {
    func sentences(_ places: FindingPlaces, _ versions: String) -> FindingSentences {
        let forcing = condition.map { " by condition \(TextSanitizer.cleanLine($0))" } ?? ""
        return ("\(version) needs iOS \(minimumOS)\(source), but users on \(versions) with iOS \(os) in \(places) are forced to it\(forcing): they cannot install it and are locked out.",
                "Exempt devices below iOS \(minimumOS) from the forced update, or keep the minimum at a version that still supports iOS \(os).")
    }
}

extension DetectedFinding.StoreURL {
    func sentences(_ places: FindingPlaces, _ versions: String) -> FindingSentences {
        switch self {
        case .notAppStore(let url, let origin, let trackID):
            ("The update URL \(url) (\(origin.name)) is not an App Store link: users on \(versions) in \(places) are sent to a browser, not to the update.",
             "Use \(AppStoreURL.forApp(id: trackID.map(String.init) ?? "{trackId}")) as the update URL.")
        case .otherApp(let url, let origin, let named, let trackID):
            ("The update URL \(url) (\(origin.name)) names app id\(named), but the lookup in \(places) answers trackId \(trackID): users on \(versions) are sent to another app's page.",
             "Use \(AppStoreURL.forApp(id: String(trackID))) as the update URL.")
        }
    }
}

extension DetectedFinding.TooFresh {
    func sentences(_ places: FindingPlaces, _ versions: String) -> FindingSentences {
        let age = hoursAgo.map { "was released \($0) h ago (\(releaseDate))" } ?? "is to be released at \(releaseDate)"
        let by = condition.map { " by condition \(TextSanitizer.cleanLine($0))" } ?? ""
        return ("\(version) \(age) in \(places), less than the \(PreflightText.hours(minimumAge)) h minimum: some devices still see Open while users on \(versions) are \(forced ? "forced" : "prompted")\(by).",
                "Wait until \(ISO8601.format(safeAt)) before \(forced ? "forcing users to" : "prompting users to update to") \(version).")
    }
}

extension DetectedFinding.LookupsDisagree {
    func sentences(_ places: FindingPlaces) -> FindingSentences {
        let olderForms = olderLookups.map { $0.formName(country: places.country) }
        let newerForms = newerLookups.map { $0.formName(country: places.country) }
        func answer(_ version: String?, _ count: Int) -> String {
            version.map { "\(count == 1 ? "answers" : "answer") \($0)" } ?? "\(count == 1 ? "does" : "do") not list the app"
        }
        let told = older.map { "is told \($0)" } ?? "finds no app"
        let fix = forcesPast
            ? "Force users to \(newer) only once every lookup answers it (toastercli preflight --watch says when)."
            : "Nothing to change in the policy: " + (older.map { "users told \($0) are prompted to \(newer)" } ?? "an app told the app is not listed prompts")
                + " once the store catches up (toastercli preflight --watch says when)."
        return ("In \(places) the lookups disagree: \(PreflightText.sentence(olderForms)) \(answer(older, olderForms.count)) while "
                + "\(PreflightText.sentence(newerForms)) \(answer(newer, newerForms.count)), so an app asking "
                + "\(olderForms.count == 1 ? "that lookup" : "those lookups") \(told).",
                fix)
    }
}

extension DetectedFinding.VersionString {
    func sentences(_ places: FindingPlaces) -> FindingSentences {
        switch self {
        case .unreadable(let text, let problem):
            return ("\(places) answer version \"\(text)\" (\(problem)): an app cannot compare it with its own version, and some libraries crash or never prompt.",
                    "Ship CFBundleShortVersionString as one to four dot-separated numbers such as 1.3.0; the build number belongs in CFBundleVersion.")
        case .spellings(let texts):
            let quoted = texts.map { "\"\($0)\"" }.joined(separator: " and ")
            let longest = texts.max { $0.count < $1.count } ?? texts[0]
            return ("\(quoted) name the same version but differ as text: an app comparing strings or counting components reads them as different versions.",
                    "Write it the same way everywhere (\"\(longest)\"): in the store, in Remote Config and in the CMS.")
        }
    }
}

extension DetectedFinding.Window {
    var sentences: FindingSentences {
        switch problem {
        case .coversNoVersion(let minAppVersion, let maxAppVersion):
            ("The forced range of \(layer) runs from \(minAppVersion) down to \(maxAppVersion): it covers no version, so nobody is forced.",
             "Set maxAppVersion at or above minAppVersion.")
        case .neverOpens(let start, let end):
            ("The window of \(layer) ends (\(ISO8601.format(end))) before it starts (\(ISO8601.format(start))): it never opens, so nobody is forced.",
             "Correct startDate and endDate so that the window starts first.")
        case .closed(let end):
            ("The window of \(layer) closed at \(ISO8601.format(end)): nobody is forced by it any more.",
             "Move endDate into the future if the update must still be forced, or remove the object.")
        }
    }
}

extension DetectedFinding.PromptNotServed {
    func sentences(_ places: FindingPlaces, _ versions: String) -> FindingSentences {
        let there = served.map { "\(places.does) not serve (\($0) is served there): the App Store offers \($0), or shows Open to users already on it" }
            ?? "\(places.does) not list the app: the update button leads to no app"
        return ("Users on \(versions) in \(places) are prompted (optional) to update to \(latest) by \(cause.name), which \(places) \(there).",
                "Keep the latest version \(cause.name) gives users in \(places) at \(served ?? "a version the store lists") until "
                + "\(places.serves) \(latest) (toastercli preflight --watch says when).")
    }
}

extension DetectedFinding.Unanswered {
    func sentences(_ places: FindingPlaces, unanswered: [UnansweredLookup]) -> FindingSentences {
        let forms = PreflightText.sentence(failed.map { $0.formName(country: places.country) })
        let one = places.codes.count == 1
        let reason = unanswered.last { places.codes.contains($0.request.storefront) }
            .map { "; the last reason (\($0.request.formName)): \($0.reason)" } ?? ""
        let message = answeredNothing
            ? "No lookup answered in \(places): \(forms) failed, so nothing is known about what \(places.serves)\(reason)"
            : "In \(places), \(forms) failed, so \(one ? "it is" : "they are") evaluated on what the other lookups answered alone, "
                + "and an app asking the failed \(failed.count == 1 ? "one" : "ones") may be told another version\(reason)"
        return (message, "Run preflight again once every lookup there answers (with --watch it asks again each round); "
                + "until then, do not publish a policy that forces users there.")
    }
}
