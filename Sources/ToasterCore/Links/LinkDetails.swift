/// One entry of `applinks.details`: the apps it names and the rules they get.
struct LinkDetails: Sendable {
    /// Its index in the file's `details`.
    let index: Int
    let appIDs: [String]
    /// When the entry has `components`, iOS 13 and later ignore its `paths`; so does this.
    let rules: Rules
    /// For `components`: which of them a URL's path can reach.
    private let shortlist: ComponentShortlist

    init(index: Int, appIDs: [String], rules: Rules) {
        self.index = index
        self.appIDs = appIDs
        self.rules = rules
        if case .components(let components) = rules {
            shortlist = ComponentShortlist(components)
        } else {
            shortlist = ComponentShortlist([])
        }
    }

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
            guard let index = shortlist.candidates(subject).first(where: { components[$0].matches(subject) }) else { return nil }
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

/// The components a URL's path can reach, found by the first segment of their path patterns'
/// plain start: a component whose path begins `/c12/` is tried only on paths whose first
/// segment is `c12`. Exact, since such a pattern matches no other path, so the first match in
/// file order is the one trying every component finds — at a fraction of the cost in a file of
/// hundreds of rules, where each URL would otherwise try most of them.
private struct ComponentShortlist: Sendable {
    /// Components whose path starts with no plain segment (no `/` key, or a wildcard or a
    /// variable before the first slash): tried for every URL. In file order.
    private let always: [Int]
    /// For each form of the URL the components compare (`LinkSubject.formKey`), the components
    /// by the first segment their path requires.
    private let bySegment: [Int: [[UInt32]: [Int]]]

    init(_ components: [LinkComponent]) {
        var always: [Int] = [], bySegment: [Int: [[UInt32]: [Int]]] = [:]
        for (index, component) in components.enumerated() {
            guard let segment = component.path?.firstSegment else {
                always.append(index)
                continue
            }
            let form = LinkSubject.formKey(percentEncoded: component.percentEncoded, caseSensitive: component.caseSensitive)
            bySegment[form, default: [:]][segment, default: []].append(index)
        }
        self.always = always
        self.bySegment = bySegment
    }

    /// The components that may match `subject`, in file order.
    func candidates(_ subject: LinkSubject) -> [Int] {
        guard !bySegment.isEmpty else { return always }
        var found = always
        for (form, segments) in bySegment {
            let path = subject.form(form).path
            if let reached = segments[Array(path.prefix { $0 != LinkPattern.slash })] { found += reached }
        }
        return found.sorted()
    }
}
