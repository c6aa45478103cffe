import ToasterWire

/// What `init(reading:versionKeys:)` refuses beyond what the model cannot read: another
/// document in a template's place, a key a template does not have, and a template that would
/// tell the app something its author did not mean — a version key given a value that is no
/// version on some branch, or left out for a near miss of its name.
extension RemoteConfigTemplate {
    /// The documents most often given in a template's place, each named for what it looks like;
    /// then a top-level key a template does not have (a misspelt `parameterGroups` would
    /// otherwise drop every parameter in it without a word); then a document with nothing a
    /// template holds.
    static func refuseOtherDocuments(_ document: JSONTree) throws(RemoteConfigTemplateError) {
        // Not an object: the model says so.
        guard case .object = document else { return }
        let whereFrom = "(the console's downloaded config file, or the REST GET …/remoteConfig answer)"
        if document["apps"] != nil {
            throw RemoteConfigTemplateError(.root, "not a Remote Config template: it is a toaster-server policy (it has \"apps\"); "
                + "give the template itself, as an app's remoteConfig.template holds it \(whereFrom)")
        }
        let fetched = ["entries", "state"].filter { document[$0] != nil }
        if !fetched.isEmpty {
            throw RemoteConfigTemplateError(.root, "not a Remote Config template: it is a fetch answer (it has "
                + fetched.map(quoted).joined(separator: " and ") + "), what one device was given; give the template it came from \(whereFrom)")
        }
        let known = Key.allCases.map(\.rawValue)
        if let unknown = document.keys.first(where: { !known.contains($0) }) {
            let nearest = NearestName.to(unknown, among: known).map { "; did you mean `\($0)`?" } ?? " (known: \(known.joined(separator: ", ")))"
            throw RemoteConfigTemplateError(JSONPlace.root.key(unknown), "\(quoted(unknown)) is not a Remote Config template key\(nearest)")
        }
        guard [Key.parameters, .parameterGroups, .conditions].contains(where: { document[$0.rawValue] != nil }) else {
            throw RemoteConfigTemplateError(.root, "not a Remote Config template: it has no parameters, parameterGroups or conditions \(whereFrom)")
        }
    }

    /// A parameter the app reads as a version, as the messages name it.
    private struct VersionKey {
        let name: String
        /// `minimum`, `latest`.
        let role: String
        /// toastercli's flag and toaster-server's policy field that name another parameter.
        let flag: String
        let policyField: String

        static func of(_ keys: RemoteConfigKeys) -> [VersionKey] {
            [VersionKey(name: keys.minimumRequired, role: "minimum", flag: "--rc-min-key", policyField: "remoteConfig.minKey"),
             VersionKey(name: keys.latest, role: "latest", flag: "--rc-latest-key", policyField: "remoteConfig.latestKey")]
        }

        /// `--rc-min-key; remoteConfig.minKey in a toaster-server policy`.
        var named: String { "\(flag); \(policyField) in a toaster-server policy" }
    }

    /// Every value a version key is given — its default and each conditional value, in its
    /// group, a rollout's too — must be a version, whichever device reaches it: a typo on a
    /// branch one device does not reach still reaches others.
    func requireVersions(_ keys: RemoteConfigKeys) throws(RemoteConfigTemplateError) {
        for key in VersionKey.of(keys) {
            guard let parameter = parameters[key.name] else { continue }
            let place = Self.parametersPlace(group: parameter.group).key(key.name)
            let branches = [(place.key(RemoteConfigAPI.Template.ParameterKey.defaultValue.rawValue), nil as String?, parameter.defaultValue)] + conditions.compactMap { condition in
                parameter.conditionalValues[condition.name].map { (place.key(RemoteConfigAPI.Template.ParameterKey.conditionalValues.rawValue).key(condition.name), condition.name, $0) }
            }
            for case let (at, condition, value?) in branches {
                let (text, valueAt): (String, JSONPlace)
                switch value {
                case .value(let given): (text, valueAt) = (given, at.key(RemoteConfigAPI.Template.ValueKey.value.rawValue))
                case .rollout(let rollout): (text, valueAt) = (rollout.value, at.key(RemoteConfigAPI.Template.ValueKey.rolloutValue.rawValue).key(RemoteConfigAPI.Template.RolloutKey.value.rawValue))
                case .inAppDefault: continue
                }
                do { _ = try Version(text) } catch {
                    var origin = condition.map { "condition \(Self.quoted($0))" } ?? "the default"
                    if let group = parameter.group { origin += " in group \(Self.quoted(group))" }
                    if let rollout = value.rolloutID { origin += ", rollout \(Self.quoted(rollout))" }
                    throw RemoteConfigTemplateError(valueAt, "\(error); the app reads \(key.name) as its \(key.role) version (\(key.named)), "
                        + "so every device given this value (\(origin)) would get an unusable answer")
                }
            }
        }
    }

    /// A version key the template lacks while it holds a near miss of its name
    /// (`min_required_verison`): read as "no minimum", the typo would change who is forced. The
    /// other keys the app reads are no near miss (`min_version` beside `max_version`).
    func refuseNearMisses(of keys: RemoteConfigKeys) throws(RemoteConfigTemplateError) {
        let others = parameterNames.filter { !keys.read.contains($0) }
        for key in VersionKey.of(keys) where parameters[key.name] == nil {
            guard let near = NearestName.to(key.name, among: others), let parameter = parameters[near] else { continue }
            throw RemoteConfigTemplateError(Self.parametersPlace(group: parameter.group).key(near),
                                            "no parameter is named \(Self.quoted(key.name)), which the app reads as its \(key.role) version; "
                                                + "did you mean \(Self.quoted(near))? Rename it, or name the parameter the app reads with \(key.named)")
        }
    }
}
