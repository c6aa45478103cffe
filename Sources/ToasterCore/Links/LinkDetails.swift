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
}
