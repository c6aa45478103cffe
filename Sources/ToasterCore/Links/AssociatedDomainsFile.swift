import FoundationEssentials

/// The `applinks` part of an apple-app-site-association file, read as iOS reads it (iOS 17 and
/// 18, as `swcutil` on macOS answers): what it does not know it ignores, and it matches by what
/// it does. Everything ignored — an unknown key (`exclued`), a value of the wrong type, an entry
/// naming no app — is a warning naming its place, since it is probably not what the author
/// meant. Only a file that is not a JSON object cannot be read at all.
///
/// Read: `details` (an array, or the iOS 9 dictionary keyed by app ID) with `appIDs` (or
/// `appID` when there is no `appIDs`), `components` (`/`, `?` as a string or a dictionary, `#`,
/// `exclude`, `caseSensitive`, `percentEncoded`, `comment`), the legacy `paths` with `NOT `,
/// `defaults` for the domain and for each entry, and `substitutionVariables` with Apple's
/// built-in variables.
public struct AssociatedDomainsFile: Sendable {
    let details: [LinkDetails]
    /// Every warning about the file, in file order.
    public var warnings: [LinkWarning] { scopedWarnings.map(\.warning) }
    private let scopedWarnings: [ScopedWarning]

    public init(data: Data) throws(AssociatedDomainsError) {
        guard !data.isEmpty else { throw AssociatedDomainsError("the file is empty") }
        let root: JSONTree
        do {
            root = try JSONTree.parse(Array(data))
        } catch {
            throw AssociatedDomainsError("the file is not JSON: \(error)")
        }
        guard case .object = root else {
            throw AssociatedDomainsError("the file must be a JSON object (it is \(root.kind))")
        }
        var reader = Reader()
        details = reader.file(root)
        scopedWarnings = reader.warnings
    }

    /// The first rule that matches `url` for `appID`, trying the details entries that name the
    /// app in file order and, within an entry, its components (or paths) in order.
    public func verdict(for url: String, appID: String) -> LinkVerdict {
        let parsed: LinkURL
        switch LinkURL.parse(url) {
        case .success(let value): parsed = value
        case .failure(let problem):
            return LinkVerdict(url: url, outcome: .noMatch, path: "", decidedBy: nil, reason: problem.reason, nearMiss: nil, warnings: [])
        }
        let subject = LinkSubject(parsed)
        let path = PercentEncoding.decode(parsed.path)
        let entries = details.filter { $0.appIDs.contains(appID) }
        guard !entries.isEmpty else {
            var listed: [String] = []
            for id in details.flatMap(\.appIDs) where !listed.contains(id) { listed.append(id) }
            let names = listed.isEmpty ? "no app" : listed.joined(separator: ", ")
            return LinkVerdict(url: url, outcome: .noMatch, path: path, decidedBy: nil,
                               reason: "no details entry names \(appID) (the file names \(names))", nearMiss: nil,
                               warnings: scoped { $0.entry != nil && $0.component == nil })
        }
        for entry in entries {
            guard let rule = entry.firstMatch(subject) else { continue }
            let list = entry.list
            let place = LinkRulePlace(details: entry.index, list: list, index: rule.index, text: rule.text)
            var found = scoped { $0.entry == entry.index && ($0.component == nil || $0.component == rule.index) }
            if rule.lenient {
                let pattern = list == .paths ? "" : "[\"/\"]"
                found.append(LinkWarning(place: "applinks.details[\(entry.index)].\(list.rawValue)[\(rule.index)]\(pattern)",
                                         message: "matches the path \(parsed.path) only because iOS takes the slashes at the ends of a path as optional"))
            }
            return LinkVerdict(url: url, outcome: rule.exclude ? .excluded : .match, path: path, decidedBy: place,
                               reason: nil, nearMiss: nil, warnings: found)
        }
        let places = entries.map { "details[\($0.index)]" }.joined(separator: ", ")
        let tried = Set(entries.map(\.index))
        var best: (entry: Int, list: LinkRulePlace.List, index: Int, text: String, attempt: NearMissAttempt)?
        for entry in entries {
            guard let miss = entry.nearMiss(subject), best.map({ miss.attempt.isCloser(than: $0.attempt) }) ?? true else { continue }
            best = (entry.index, entry.list, miss.index, miss.text, miss.attempt)
        }
        let closest = best.map {
            LinkNearMiss(rule: LinkRulePlace(details: $0.entry, list: $0.list, index: $0.index, text: $0.text),
                         part: $0.attempt.part, item: $0.attempt.itemName, onlyCase: $0.attempt.onlyCase, message: $0.attempt.message(subject))
        }
        return LinkVerdict(url: url, outcome: .noMatch, path: path, decidedBy: nil, reason: "no rule in \(places) matches",
                           nearMiss: closest, warnings: scoped { $0.entry.map(tried.contains) ?? false })
    }

    private func scoped(where chosen: (ScopedWarning) -> Bool) -> [LinkWarning] {
        scopedWarnings.filter(chosen).map(\.warning)
    }
}

/// A warning with the details entry and component it is about, so that a verdict can carry the
/// ones that bear on it.
private struct ScopedWarning: Sendable {
    let warning: LinkWarning
    let entry: Int?
    let component: Int?
}

/// Walks the file as iOS does, collecting the warnings.
private struct Reader {
    var warnings: [ScopedWarning] = []
    /// Where the walk is, for the warnings it makes.
    private var currentEntry: Int?
    private var currentComponent: Int?
    private var variables = SubstitutionVariables.builtIn

    static let rootKeys = ["applinks", "webcredentials", "appclips", "activitycontinuation"]
    static let applinksKeys = ["details", "defaults", "substitutionVariables", "apps"]
    static let detailsKeys = ["appIDs", "appID", "components", "paths", "defaults"]
    static let componentKeys = ["/", "?", "#", "exclude", "caseSensitive", "percentEncoded", "comment"]
    /// The keys Apple documents on components but not in `defaults`, which iOS applies there too.
    static let componentOnlyKeys = ["/", "?", "#", "exclude"]

    mutating func file(_ root: JSONTree) -> [LinkDetails] {
        _ = members(root, at: .root, known: Self.rootKeys)
        guard let applinks = root["applinks"] else {
            warn(at: .root, "has no applinks: iOS opens none of this domain's URLs in an app")
            return []
        }
        let place = JSONPlace.root.key("applinks")
        guard members(applinks, at: place, known: Self.applinksKeys) != nil else { return [] }
        if let defined = applinks["substitutionVariables"] { readVariables(defined, at: place.key("substitutionVariables")) }
        let options = applinks["defaults"].map { defaults(in: $0, at: place.key("defaults")) } ?? ComponentSettings()
        let detailsPlace = place.key("details")
        switch applinks["details"] {
        case nil:
            warn(at: place, "has no details: iOS gives no app a universal link")
            return []
        case .array(let items)?:
            return items.indices.compactMap { index in
                currentEntry = index
                defer { currentEntry = nil }
                return details(items[index], at: detailsPlace.index(index), index: index, named: nil, options: options)
            }
        case .object(let byAppID)?:
            warn(at: detailsPlace, "is the iOS 9 form, keyed by app ID: iOS still reads it, entries counted in file order, "
                 + "but the current form is an array of entries with appIDs")
            return byAppID.indices.compactMap { index in
                currentEntry = index
                defer { currentEntry = nil }
                return details(byAppID[index].value, at: detailsPlace.key(byAppID[index].key), index: index,
                               named: byAppID[index].key, options: options)
            }
        case let other?:
            warn(at: detailsPlace, "must be an array (it is \(other.kind)): iOS gives no app a universal link")
            return []
        }
    }

    /// An entry of `details`; `named` is the app ID that keys an entry of the iOS 9 form.
    private mutating func details(_ value: JSONTree, at place: JSONPlace, index: Int, named: String?,
                                  options outer: ComponentSettings) -> LinkDetails? {
        guard members(value, at: place, known: named == nil ? Self.detailsKeys : ["paths", "components", "defaults"]) != nil else {
            return nil
        }
        var appIDs = named.map { [$0] } ?? []
        if let ids = value["appIDs"] {
            appIDs = strings(ids, at: place.key("appIDs"))
            if value["appID"] != nil {
                warn(at: place.key("appID"), "is ignored: when an entry has appIDs, iOS reads only appIDs")
            }
        } else if let id = value["appID"] {
            appIDs = string(id, at: place.key("appID")).map { [$0] } ?? []
        }
        if appIDs.isEmpty, named == nil {
            warn(at: place, "names no app (no appIDs or appID): iOS gives its rules to no app")
        }
        let options = value["defaults"].map { defaults(in: $0, at: place.key("defaults")).over(outer) } ?? outer
        if let list = value["components"], let items = array(list, at: place.key("components")) {
            if value["paths"] != nil {
                warn(at: place.key("paths"), "is ignored: when an entry has components, iOS 13 and later read only components")
            }
            let components = items.indices.compactMap { position in
                currentComponent = position
                defer { currentComponent = nil }
                return component(items[position], at: place.key("components").index(position), defaults: options)
            }
            return LinkDetails(index: index, appIDs: appIDs, rules: .components(components))
        }
        let paths = value["paths"].map { strings($0, at: place.key("paths")) } ?? []
        return LinkDetails(index: index, appIDs: appIDs, rules: .paths(paths.map { LegacyPath($0, variables: variables) }))
    }

    private mutating func component(_ value: JSONTree, at place: JSONPlace, defaults: ComponentSettings) -> LinkComponent? {
        guard let members = members(value, at: place, known: Self.componentKeys) else { return nil }
        let settings = self.settings(members, at: place).over(defaults)
        // Unset at every level, both take Apple's default: true.
        let caseSensitive = settings.caseSensitive ?? true
        func pattern(_ written: (text: String, place: JSONPlace), isPath: Bool = false) -> LinkPattern {
            let pattern = LinkPattern(written.text, isPath: isPath, caseSensitive: caseSensitive, variables: variables)
            for name in pattern.undefinedVariables {
                let message = "uses $(\(name)), which neither substitutionVariables nor iOS defines: the pattern matches nothing"
                if written.place.description.hasPrefix(place.description) {
                    warn(at: written.place, message)
                } else {
                    warnOnce(at: written.place, message)
                }
            }
            return pattern
        }
        let query = settings.query.map { written -> LinkQuery in
            switch written.value {
            case .whole(let text):
                return .whole(pattern((text, written.place)))
            case .items(let items):
                return .items(items.map { name, text in
                    ((caseSensitive ? name : name.lowercased()).unicodeScalars.map(\.value), pattern((text, written.place.key(name))))
                })
            }
        }
        return LinkComponent(path: settings.path.map { pattern(($0.value, $0.place), isPath: true) }, query: query,
                             fragment: settings.fragment.map { pattern(($0.value, $0.place)) },
                             exclude: settings.exclude?.value ?? false, caseSensitive: caseSensitive,
                             percentEncoded: settings.percentEncoded ?? true,
                             text: "{" + settings.shown.map(\.text).joined(separator: ", ") + "}")
    }

    /// The keys a component, an entry's `defaults` or `applinks.defaults` sets, each checked for
    /// its type: a value iOS ignores is left out (yet the key still counts as set).
    private mutating func settings(_ members: [(key: String, value: JSONTree)], at place: JSONPlace) -> ComponentSettings {
        var settings = ComponentSettings()
        for (key, value) in members {
            let keyPlace = place.key(key)
            settings.keys.insert(key)
            switch key {
            case "/", "#":
                guard let text = string(value, at: keyPlace) else { continue }
                let written = ComponentSettings.Written(value: text, place: keyPlace)
                if key == "/" { settings.path = written } else { settings.fragment = written }
                settings.shown.append((key, "\(quote(key)): \(quote(text))"))
            case "?":
                guard let read = querySetting(value, at: keyPlace) else { continue }
                settings.query = ComponentSettings.Written(value: read.query, place: keyPlace)
                settings.shown.append((key, "\"?\": \(read.shown)"))
            case "exclude", "caseSensitive", "percentEncoded":
                guard let flag = bool(value, at: keyPlace) else { continue }
                switch key {
                case "exclude": settings.exclude = ComponentSettings.Written(value: flag, place: keyPlace)
                case "caseSensitive": settings.caseSensitive = flag
                default: settings.percentEncoded = flag
                }
                settings.shown.append((key, "\(quote(key)): \(flag)"))
            default:
                break
            }
        }
        return settings
    }

    /// `?` as a string, or a dictionary of item names to string patterns. As `swcutil` answers,
    /// iOS drops a dictionary with any value that is not a string whole — the component then
    /// matches any query — not only that item.
    private mutating func querySetting(_ value: JSONTree, at place: JSONPlace) -> (query: ComponentSettings.Query, shown: String)? {
        switch value {
        case .string(let text):
            return (.whole(text), quote(text))
        case .object(let items):
            var wanted: [(name: String, pattern: String)] = []
            for (name, item) in items {
                guard case .string(let text) = item else {
                    warn(at: place.key(name), "must be a string (it is \(item.kind)): iOS ignores the whole \"?\" dictionary, "
                         + "so any query matches")
                    return nil
                }
                wanted.append((name, text))
            }
            return (.items(wanted), "{" + wanted.map { "\(quote($0.name)): \(quote($0.pattern))" }.joined(separator: ", ") + "}")
        default:
            warn(at: place, "must be a string or an object (it is \(value.kind)): iOS ignores it")
            return nil
        }
    }

    /// `defaults` (the domain's or an entry's): iOS copies each key into every component that
    /// does not set that key itself — `/`, `?`, `#` and `exclude` too, which Apple documents
    /// only on components.
    private mutating func defaults(in value: JSONTree, at place: JSONPlace) -> ComponentSettings {
        guard let members = members(value, at: place, known: Self.componentKeys) else { return ComponentSettings() }
        for (key, _) in members where Self.componentOnlyKeys.contains(key) {
            warn(at: place.key(key), "is documented by Apple only on components: iOS copies it into every component "
                 + "that does not set \(quote(key)) itself")
        }
        return settings(members, at: place)
    }

    /// `substitutionVariables`: names (any text without `$`, `(` or `)`) to arrays of values.
    private mutating func readVariables(_ value: JSONTree, at place: JSONPlace) {
        guard case .object(let members) = value else {
            warn(at: place, "must be an object (it is \(value.kind)): iOS ignores it")
            return
        }
        var defined: [String: [String]] = [:]
        for (name, values) in members {
            guard !name.contains(where: { "$()".contains($0) }) else {
                warn(at: place.key(name), "cannot be a variable name: names cannot contain $, ( or ), so iOS ignores it")
                continue
            }
            if variables.values[name] != nil {
                warn(at: place.key(name), "replaces the built-in $(\(name))")
            }
            let list = strings(values, at: place.key(name))
            if list.contains(where: { $0.contains("$(") }) {
                warn(at: place.key(name), "has a value with $(: a value cannot use another variable, so iOS reads it as text")
            }
            defined[name] = list
        }
        variables = variables.adding(defined)
    }

    // MARK: - Values

    /// An object's members, warning about each unknown key (with the known key it was probably
    /// meant to be); nil, with a warning, when the value is not an object.
    private mutating func members(_ value: JSONTree, at place: JSONPlace, known: [String]) -> [(key: String, value: JSONTree)]? {
        guard case .object(let members) = value else {
            warn(at: place, "must be an object (it is \(value.kind)): iOS ignores it")
            return nil
        }
        for (key, _) in members where !known.contains(key) {
            let suggestion = NearestName.to(key, among: known).map { " (did you mean \(quote($0))?)" } ?? ""
            warn(at: place, "has an unknown key \(quote(key)), which iOS ignores\(suggestion)")
        }
        return members
    }

    private mutating func array(_ value: JSONTree, at place: JSONPlace) -> [JSONTree]? {
        guard case .array(let items) = value else {
            warn(at: place, "must be an array (it is \(value.kind)): iOS ignores it")
            return nil
        }
        return items
    }

    /// The strings of an array, warning about (and leaving out) anything else.
    private mutating func strings(_ value: JSONTree, at place: JSONPlace) -> [String] {
        guard let items = array(value, at: place) else { return [] }
        return items.indices.compactMap { string(items[$0], at: place.index($0)) }
    }

    private mutating func string(_ value: JSONTree, at place: JSONPlace) -> String? {
        guard case .string(let text) = value else {
            warn(at: place, "must be a string (it is \(value.kind)): iOS ignores it")
            return nil
        }
        return text
    }

    private mutating func bool(_ value: JSONTree, at place: JSONPlace) -> Bool? {
        guard case .bool(let flag) = value else {
            warn(at: place, "must be true or false (it is \(value.kind)): iOS ignores it")
            return nil
        }
        return flag
    }

    /// For a pattern that `defaults` gives every component: one warning, about the entry (or,
    /// for the domain's `defaults`, the file), not one per component that inherits it.
    private mutating func warnOnce(at place: JSONPlace, _ message: String) {
        let shown = place.description
        let entry = shown.hasPrefix("applinks.defaults") ? nil : currentEntry
        guard !warnings.contains(where: { $0.warning.place == shown && $0.warning.message == message && $0.entry == entry }) else { return }
        warnings.append(ScopedWarning(warning: LinkWarning(place: shown, message: message), entry: entry, component: nil))
    }

    private mutating func warn(at place: JSONPlace, _ message: String) {
        let shown = place.description.isEmpty ? "the file" : place.description
        warnings.append(ScopedWarning(warning: LinkWarning(place: shown, message: message), entry: currentEntry, component: currentComponent))
    }
}

private func quote(_ text: String) -> String { JSONValue.string(text).serialized() }

/// A file that is not an apple-app-site-association file at all: empty, not JSON (the message
/// says where), or not a JSON object.
public struct AssociatedDomainsError: Error, Sendable, Equatable, CustomStringConvertible {
    public let description: String

    init(_ description: String) { self.description = description }
}
