/// One entry of `applinks.details`: the apps it names and the rules they get.
struct LinkDetails: Sendable {
    /// Its index in the file's `details`.
    let index: Int
    let appIDs: [String]
    /// When the entry has `components`, iOS 13 and later ignore its `paths`; so does this.
    let rules: Rules
    /// Every rule's path pattern, matched in one pass over the URL's path.
    private let pathIndex: PathIndex

    init(index: Int, appIDs: [String], rules: Rules) {
        self.index = index
        self.appIDs = appIDs
        self.rules = rules
        switch rules {
        case .components(let components):
            pathIndex = PathIndex(components.map { component in
                component.path.map { ($0, LinkSubject.formKey(percentEncoded: component.percentEncoded, caseSensitive: component.caseSensitive)) }
            })
        case .paths(let legacy):
            pathIndex = PathIndex(legacy.map { ($0.pattern, LegacyPath.formKey) })
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
            guard let index = pathIndex.matching(subject).first(where: { components[$0].matchesBeyondPath(subject) }) else { return nil }
            let rule = components[index]
            return (index, rule.exclude, rule.text, rule.pathMatchedOnlyLeniently(subject))
        case .paths(let legacy):
            guard let index = pathIndex.matching(subject).first else { return nil }
            let rule = legacy[index]
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
        let progress = pathIndex.progress(subject)
        switch rules {
        case .components(let components):
            for (index, component) in components.enumerated() where !component.exclude {
                consider(index, component.text, NearMissAttempt.of(component, subject, path: progress[index]))
            }
        case .paths(let legacy):
            for (index, path) in legacy.enumerated() where !path.exclude {
                consider(index, path.text, progress[index].flatMap { NearMissAttempt.of(path, $0) })
            }
        }
        return best
    }
}

/// The rules' path patterns, one `LinkPatternSet` for each form of the URL they compare
/// (`LinkSubject.formKey`): the rules a URL's path matches, and how far each got, in one pass
/// over the path per form rather than one per rule. Exact: it answers what trying each rule's
/// pattern in turn answers, so the first match in file order is the one iOS finds.
private struct PathIndex: Sendable {
    /// Rules without a path pattern, which any path matches. In file order.
    private let always: [Int]
    /// Per form: the patterns compared with it, and the rule of each, in file order.
    private let forms: [(form: Int, set: LinkPatternSet, rules: [Int])]

    /// Each rule's path pattern and the form it compares, or nil when it has none.
    init(_ patterns: [(pattern: LinkPattern, form: Int)?]) {
        var always: [Int] = [], byForm: [Int: [(pattern: LinkPattern, rule: Int)]] = [:]
        for (rule, pattern) in patterns.enumerated() {
            guard let (pattern, form) = pattern else {
                always.append(rule)
                continue
            }
            byForm[form, default: []].append((pattern, rule))
        }
        self.always = always
        forms = byForm.keys.sorted().map { form in
            let members = byForm[form] ?? []
            return (form, LinkPatternSet(members.map(\.pattern)), members.map(\.rule))
        }
    }

    /// The rules whose path (or lack of one) lets `subject` through, in file order.
    func matching(_ subject: LinkSubject) -> [Int] {
        var found = always
        for (form, set, rules) in forms {
            found += set.matches(subject.form(form).path).map { rules[Int($0)] }
        }
        return found.sorted()
    }

    /// How each rule's path pattern fared with `subject`'s path; nil for a rule without one.
    func progress(_ subject: LinkSubject) -> [PathProgress?] {
        var progress = [PathProgress?](repeating: nil, count: always.count + forms.reduce(0) { $0 + $1.rules.count })
        for (form, set, rules) in forms {
            let path = subject.form(form).path
            let consumed = set.consumed(path)
            var accepted = Array(repeating: false, count: set.count), folded = accepted
            for pattern in set.matches(path) { accepted[Int(pattern)] = true }
            for pattern in set.matches(path, foldingCase: true) { folded[Int(pattern)] = true }
            for (pattern, rule) in rules.enumerated() {
                progress[rule] = PathProgress(accepted: accepted[pattern], consumed: consumed[pattern], acceptedFoldingCase: folded[pattern])
            }
        }
        return progress
    }
}
