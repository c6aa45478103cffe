import ToasterCore
import ToasterWire

extension ServicePolicy {
    private typealias TemplateKey = RemoteConfigAPI.TemplateKey
    private typealias ValueKey = RemoteConfigAPI.ValueKey

    /// Each app's `remoteConfig.template`, refused where a client would refuse what it serves:
    /// a document that is no template (no parameters and no conditions, or a key a template
    /// does not have), what the reader of `check --template` cannot read (named by its path in
    /// the policy and, in an expression, by its offset there), and a value of a parameter the
    /// app reads as a version (`minKey`, `latestKey`) that is none, by default or by condition.
    mutating func readTemplates(in tree: JSONTree) throws(PolicyError) {
        for (index, app) in (tree["apps"]?.items ?? []).enumerated() {
            guard let template = app["remoteConfig"]?["template"], let place = apps[index].remoteConfig else { continue }
            let at = JSONPlace.root.key("apps").index(index).key("remoteConfig").key("template")
            try Self.refuseNonTemplate(template, at: at)
            do {
                apps[index].remoteConfig?.template = try RemoteConfigTemplate(tree: template)
            } catch {
                let inside = error.place.description
                throw PolicyError("\(at)" + (inside.isEmpty || inside.hasPrefix("[") ? inside : "." + inside) + ": \(error.problem)")
            }
            let keys = place.keys
            for (key, flag) in [(keys.minimumRequired, "minKey"), (keys.latest, "latestKey")] {
                for (valueAt, text) in Self.values(of: key, in: template, at: at) {
                    do { _ = try Version(text) } catch {
                        throw PolicyError("\(valueAt): \(error); the app reads \(key) as a version (remoteConfig.\(flag)), "
                            + "so every fetch given this value would be unusable")
                    }
                }
            }
        }
    }

    /// A template object holds parameters (maybe in groups) or conditions, and only the keys a
    /// template has; anything else is some other document pasted in its place.
    private static func refuseNonTemplate(_ template: JSONTree, at place: JSONPlace) throws(PolicyError) {
        // Not an object: the template reader says so.
        guard case .object = template else { return }
        try refuseUnknownKeys(template, at: place, known: TemplateKey.allCases.map(\.rawValue), kind: "a Remote Config template key")
        guard [TemplateKey.parameters, .parameterGroups, .conditions].contains(where: { template[$0.rawValue] != nil }) else {
            throw PolicyError("\(place): not a Remote Config template: it has neither \(TemplateKey.parameters.rawValue) nor "
                + "\(TemplateKey.conditions.rawValue) (give the console's downloaded config file, or the REST GET …/remoteConfig answer)")
        }
    }

    /// Every text `key` is given in `template` — its default and each conditional value, in
    /// `parameters` and in every parameter group; a rollout's value too (`rolloutValue`:
    /// `rolloutId`, `value`, `percent`) — each with its place.
    static func values(of key: String, in template: JSONTree, at place: JSONPlace) -> [(JSONPlace, String)] {
        typealias ParameterKey = RemoteConfigAPI.ParameterKey
        let parameters = TemplateKey.parameters.rawValue, groups = TemplateKey.parameterGroups.rawValue
        var holders = [(template[parameters], place.key(parameters))]
        for group in template[groups]?.keys ?? [] {
            holders.append((template[groups]?[group]?[parameters], place.key(groups).key(group).key(parameters)))
        }
        var found: [(JSONPlace, String)] = []
        for case let (parameter?, at) in holders.map({ ($0.0?[key], $0.1.key(key)) }) {
            var values = [(parameter[ParameterKey.defaultValue.rawValue], at.key(ParameterKey.defaultValue.rawValue))]
            let conditional = ParameterKey.conditionalValues.rawValue
            for name in parameter[conditional]?.keys ?? [] {
                values.append((parameter[conditional]?[name], at.key(conditional).key(name)))
            }
            for case let (value?, valueAt) in values {
                let text = ValueKey.value.rawValue, rollout = ValueKey.rolloutValue.rawValue
                if case .string(let given)? = value[text] { found.append((valueAt.key(text), given)) }
                if case .string(let given)? = value[rollout]?[text] { found.append((valueAt.key(rollout).key(text), given)) }
            }
        }
        return found
    }
}
