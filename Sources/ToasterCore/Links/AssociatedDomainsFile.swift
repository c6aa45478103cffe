import FoundationEssentials

/// The `applinks` part of an apple-app-site-association file, read strictly: a key the file
/// misspells (`exclued`) would otherwise change what matches without a word, so every unknown
/// key, wrong type and unsupported feature is an error naming its place.
///
/// Supported as Apple documents them: `details` (an array) with `appID`/`appIDs`,
/// `components` (`/`, `?` as a string or a dictionary, `#`, `exclude`, `caseSensitive`,
/// `percentEncoded`, `comment`), the legacy `paths` with `NOT `, and `defaults` for the domain
/// and for each entry. Not supported: `substitutionVariables` and `$(…)` in patterns, and the
/// iOS 9 `details` dictionary keyed by app ID; both are rejected rather than misread.
public struct AssociatedDomainsFile: Sendable {
    let details: [LinkDetails]

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
        guard let applinks = root["applinks"] else {
            throw AssociatedDomainsError("applinks is missing: the file defines no universal links")
        }
        details = try Self.readApplinks(applinks, at: JSONPlace.root.key("applinks"))
    }

    /// The first rule that matches `url` for `appID`, trying the details entries that name the
    /// app in file order and, within an entry, its components (or paths) in order.
    public func verdict(for url: String, appID: String) -> LinkVerdict {
        let parsed: LinkURL
        switch LinkURL.parse(url) {
        case .success(let value): parsed = value
        case .failure(let problem): return LinkVerdict(url: url, outcome: .noMatch, path: "", decidedBy: nil, reason: problem.reason)
        }
        let path = PercentEncoding.decode(parsed.path)
        let entries = details.indices.filter { details[$0].appIDs.contains(appID) }
        guard !entries.isEmpty else {
            var listed: [String] = []
            for id in details.flatMap(\.appIDs) where !listed.contains(id) { listed.append(id) }
            let names = listed.isEmpty ? "no app" : listed.joined(separator: ", ")
            return LinkVerdict(url: url, outcome: .noMatch, path: path, decidedBy: nil,
                               reason: "no details entry names \(appID) (the file names \(names))")
        }
        for entry in entries {
            guard let rule = details[entry].firstMatch(parsed) else { continue }
            let list: LinkRulePlace.List = if case .paths = details[entry].rules { .paths } else { .components }
            return LinkVerdict(url: url, outcome: rule.exclude ? .excluded : .match, path: path,
                               decidedBy: LinkRulePlace(details: entry, list: list, index: rule.index, text: rule.text),
                               reason: nil)
        }
        let places = entries.map { "details[\($0)]" }.joined(separator: ", ")
        return LinkVerdict(url: url, outcome: .noMatch, path: path, decidedBy: nil, reason: "no rule in \(places) matches")
    }

    // MARK: - Reading

    private static func readApplinks(_ value: JSONTree, at place: JSONPlace) throws(AssociatedDomainsError) -> [LinkDetails] {
        _ = try object(value, at: place, keys: ["details", "defaults", "apps", "substitutionVariables"])
        if value["substitutionVariables"] != nil {
            throw AssociatedDomainsError(at: place.key("substitutionVariables"), "is not supported by toastercli")
        }
        let domainOptions = try value["defaults"].map { defaults throws(AssociatedDomainsError) in
            try readDefaults(defaults, at: place.key("defaults"))
        } ?? MatchOptions()
        guard let detailsValue = value["details"] else { throw AssociatedDomainsError(at: place.key("details"), "is missing") }
        guard case .array(let entries) = detailsValue else {
            let legacy = if case .object = detailsValue { ": the iOS 9 form keyed by app ID is not supported" } else { "" }
            throw AssociatedDomainsError(at: place.key("details"), "must be an array (it is \(detailsValue.kind)\(legacy))")
        }
        var details: [LinkDetails] = []
        for (index, entry) in entries.enumerated() {
            details.append(try readDetails(entry, at: place.key("details").index(index), options: domainOptions))
        }
        return details
    }

    private static func readDetails(_ value: JSONTree, at place: JSONPlace, options outer: MatchOptions)
        throws(AssociatedDomainsError) -> LinkDetails {
        _ = try object(value, at: place, keys: ["appID", "appIDs", "components", "paths", "defaults"])
        var appIDs: [String] = []
        if let id = value["appID"] { appIDs.append(try string(id, at: place.key("appID"))) }
        if let ids = value["appIDs"] {
            for (index, item) in try array(ids, at: place.key("appIDs")).enumerated() {
                appIDs.append(try string(item, at: place.key("appIDs").index(index)))
            }
        }
        guard !appIDs.isEmpty else { throw AssociatedDomainsError(at: place, "names no app: it needs appID or appIDs") }
        let options = try value["defaults"].map { defaults throws(AssociatedDomainsError) in
            try readDefaults(defaults, at: place.key("defaults"))
        }?.over(outer) ?? outer
        if let list = value["components"] {
            var components: [LinkComponent] = []
            for (index, item) in try array(list, at: place.key("components")).enumerated() {
                components.append(try readComponent(item, at: place.key("components").index(index), options: options))
            }
            return LinkDetails(appIDs: appIDs, rules: .components(components))
        }
        var paths: [LegacyPath] = []
        if let list = value["paths"] {
            for (index, item) in try array(list, at: place.key("paths")).enumerated() {
                paths.append(LegacyPath(try string(item, at: place.key("paths").index(index))))
            }
        }
        return LinkDetails(appIDs: appIDs, rules: .paths(paths))
    }

    private static func readDefaults(_ value: JSONTree, at place: JSONPlace) throws(AssociatedDomainsError) -> MatchOptions {
        _ = try object(value, at: place, keys: ["caseSensitive", "percentEncoded", "comment"])
        if let comment = value["comment"] { _ = try string(comment, at: place.key("comment")) }
        return MatchOptions(caseSensitive: try value["caseSensitive"].map { flag throws(AssociatedDomainsError) in
                                try bool(flag, at: place.key("caseSensitive"))
                            },
                            percentEncoded: try value["percentEncoded"].map { flag throws(AssociatedDomainsError) in
                                try bool(flag, at: place.key("percentEncoded"))
                            })
    }

    private static func readComponent(_ value: JSONTree, at place: JSONPlace, options outer: MatchOptions)
        throws(AssociatedDomainsError) -> LinkComponent {
        let members = try object(value, at: place, keys: ["/", "?", "#", "exclude", "caseSensitive", "percentEncoded", "comment"])
        var path: LinkPattern?, query: LinkQuery?, fragment: LinkPattern?
        var flags: [String: Bool] = [:]
        var shown: [String] = []
        for (key, value) in members {
            let keyPlace = place.key(key)
            switch key {
            case "/":
                path = LinkPattern(text: try patternText(value, at: keyPlace))
                shown.append("\"/\": \(quote(path!.text))")
            case "#":
                fragment = LinkPattern(text: try patternText(value, at: keyPlace))
                shown.append("\"#\": \(quote(fragment!.text))")
            case "?":
                if case .object(let items) = value {
                    var wanted: [(name: String, value: LinkPattern)] = []
                    for (name, item) in items {
                        try rejectSubstitution(in: name, at: keyPlace)
                        wanted.append((name, LinkPattern(text: try patternText(item, at: keyPlace.key(name)))))
                    }
                    query = .items(wanted)
                    shown.append("\"?\": {" + wanted.map { "\(quote($0.name)): \(quote($0.value.text))" }.joined(separator: ", ") + "}")
                } else if case .string = value {
                    let pattern = LinkPattern(text: try patternText(value, at: keyPlace))
                    query = .whole(pattern)
                    shown.append("\"?\": \(quote(pattern.text))")
                } else {
                    throw AssociatedDomainsError(at: keyPlace, "must be a string or an object of strings (it is \(value.kind))")
                }
            case "comment":
                _ = try string(value, at: keyPlace)
            default:
                flags[key] = try bool(value, at: keyPlace)
                shown.append("\(quote(key)): \(flags[key]!)")
            }
        }
        let options = MatchOptions(caseSensitive: flags["caseSensitive"], percentEncoded: flags["percentEncoded"]).over(outer)
        // Unset at every level, both take Apple's default: true.
        return LinkComponent(path: path, query: query, fragment: fragment, exclude: flags["exclude"] ?? false,
                             caseSensitive: options.caseSensitive ?? true, percentEncoded: options.percentEncoded ?? true,
                             text: "{" + shown.joined(separator: ", ") + "}")
    }

    // MARK: - Values

    /// An object's members in file order, after checking that every key is one of `keys`.
    private static func object(_ value: JSONTree, at place: JSONPlace, keys known: [String])
        throws(AssociatedDomainsError) -> [(key: String, value: JSONTree)] {
        guard case .object(let members) = value else { throw AssociatedDomainsError(at: place, "must be an object (it is \(value.kind))") }
        if let unknown = members.first(where: { !known.contains($0.key) }) {
            throw AssociatedDomainsError(at: place, "has an unknown key \(quote(unknown.key)) (known: \(known.joined(separator: ", ")))")
        }
        return members
    }

    private static func array(_ value: JSONTree, at place: JSONPlace) throws(AssociatedDomainsError) -> [JSONTree] {
        guard case .array(let items) = value else { throw AssociatedDomainsError(at: place, "must be an array (it is \(value.kind))") }
        return items
    }

    private static func string(_ value: JSONTree, at place: JSONPlace) throws(AssociatedDomainsError) -> String {
        guard case .string(let text) = value else { throw AssociatedDomainsError(at: place, "must be a string (it is \(value.kind))") }
        return text
    }

    private static func bool(_ value: JSONTree, at place: JSONPlace) throws(AssociatedDomainsError) -> Bool {
        guard case .bool(let flag) = value else { throw AssociatedDomainsError(at: place, "must be true or false (it is \(value.kind))") }
        return flag
    }

    private static func patternText(_ value: JSONTree, at place: JSONPlace) throws(AssociatedDomainsError) -> String {
        let text = try string(value, at: place)
        try rejectSubstitution(in: text, at: place)
        return text
    }

    private static func rejectSubstitution(in text: String, at place: JSONPlace) throws(AssociatedDomainsError) {
        if text.contains("$(") {
            throw AssociatedDomainsError(at: place, "uses a substitution variable ($(…)), which toastercli does not support")
        }
    }

    private static func quote(_ text: String) -> String { JSONValue.string(text).serialized() }

}

/// An apple-app-site-association file that cannot be used; the message names the place in the
/// file (`applinks.details[1].components[0]["/"]`) and what is wrong there.
public struct AssociatedDomainsError: Error, Sendable, Equatable, CustomStringConvertible {
    public let description: String

    init(_ description: String) { self.description = description }

    init(at place: JSONPlace, _ problem: String) {
        self.description = "\(place) \(problem)"
    }
}

/// `caseSensitive` and `percentEncoded` as one level sets them: the domain's `defaults`, a
/// details entry's `defaults`, or a component. A level that leaves one out inherits it.
struct MatchOptions: Sendable {
    var caseSensitive: Bool?
    var percentEncoded: Bool?

    /// These options over `outer`, the more specific level winning.
    func over(_ outer: MatchOptions) -> MatchOptions {
        MatchOptions(caseSensitive: caseSensitive ?? outer.caseSensitive,
                     percentEncoded: percentEncoded ?? outer.percentEncoded)
    }
}
