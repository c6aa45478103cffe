/// One entry of `applinks.details`: the apps it names and the rules they get.
struct LinkDetails: Sendable {
    let appIDs: [String]
    /// When the entry has `components`, iOS 13 and later ignore its `paths`; so does this.
    let rules: Rules

    enum Rules: Sendable {
        case components([LinkComponent])
        case paths([LegacyPath])
    }

    /// The first rule that matches, in file order: its index, whether it excludes, and its text.
    func firstMatch(_ url: LinkURL) -> (index: Int, exclude: Bool, text: String)? {
        switch rules {
        case .components(let components):
            guard let index = components.firstIndex(where: { $0.matches(url) }) else { return nil }
            return (index, components[index].exclude, components[index].text)
        case .paths(let paths):
            guard let index = paths.firstIndex(where: { $0.matches(url) }) else { return nil }
            return (index, paths[index].exclude, paths[index].text)
        }
    }
}
