/// One entry of `applinks.details`: the apps it names and the rules they get.
struct LinkDetails: Sendable {
    /// Its index in the file's `details`.
    let index: Int
    let appIDs: [String]
    /// When the entry has `components`, iOS 13 and later ignore its `paths`; so does this.
    let rules: Rules

    enum Rules: Sendable {
        case components([LinkComponent])
        case paths([LegacyPath])
    }

    /// Which list the rules are, for naming a rule's place.
    var list: LinkRulePlace.List {
        if case .paths = rules { .paths } else { .components }
    }

    /// The first rule that matches, in file order: its index, whether it excludes, its text, and
    /// whether its path pattern matched only because slashes at the path's ends are optional.
    func firstMatch(_ subject: LinkSubject) -> (index: Int, exclude: Bool, text: String, lenient: Bool)? {
        switch rules {
        case .components(let components):
            guard let index = components.firstIndex(where: { $0.matches(subject) }) else { return nil }
            let rule = components[index]
            return (index, rule.exclude, rule.text, rule.pathMatchedOnlyLeniently(subject))
        case .paths(let paths):
            guard let index = paths.firstIndex(where: { $0.matches(subject) }) else { return nil }
            let rule = paths[index]
            return (index, rule.exclude, rule.text, rule.pathMatchedOnlyLeniently(subject))
        }
    }

    /// The rule that comes closest to matching, for a URL none matches; exclusions are not
    /// candidates.
    func nearMiss(_ subject: LinkSubject) -> (index: Int, text: String, attempt: NearMissAttempt)? {
        var best: (index: Int, text: String, attempt: NearMissAttempt)?
        func consider(_ index: Int, _ text: String, _ attempt: NearMissAttempt?) {
            guard let attempt, best.map({ attempt.isCloser(than: $0.attempt) }) ?? true else { return }
            best = (index, text, attempt)
        }
        switch rules {
        case .components(let components):
            for (index, component) in components.enumerated() where !component.exclude {
                consider(index, component.text, NearMissAttempt.of(component, subject))
            }
        case .paths(let paths):
            for (index, path) in paths.enumerated() where !path.exclude {
                consider(index, path.text, NearMissAttempt.of(path, subject))
            }
        }
        return best
    }
}
