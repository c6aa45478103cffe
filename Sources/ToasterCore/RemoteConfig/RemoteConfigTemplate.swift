import ToasterWire

/// A Remote Config template: the console's "Download current config file" export or the REST
/// `GET …/remoteConfig` answer (conditions, parameters, parameterGroups, version), read and
/// checked whole, every expression parsed, before anything is evaluated.
///
/// `init(reading:versionKeys:)` is the one reader of a template: `check --template`,
/// `preflight --remote-config-template` and its live template, `run`, and toaster-server (a
/// policy's inline template at start, on `PUT /admin/policy`, `--check-policy` and SIGHUP, and
/// any other path that publishes one) all call it, so that one document is accepted or refused
/// everywhere with the same sentence, naming its place in the document.
public struct RemoteConfigTemplate: Sendable, Equatable {
    /// A template's top-level keys, spelt with the rest of the template's in ToasterWire.
    public typealias Key = RemoteConfigAPI.Template.Key

    public struct Condition: Sendable, Equatable {
        public let name: String
        public let expression: String
        public let rules: ConditionExpression
    }

    /// What a parameter gives: a value, a rollout's value, or nothing, leaving the key to the
    /// app's in-app default.
    public enum Value: Sendable, Equatable {
        case value(String)
        case rollout(Rollout)
        case inAppDefault
    }

    /// A `rolloutValue` (the REST API's `RolloutValue`): Firebase gives `value` to `percent` of
    /// the devices the value's condition holds for (of every device reaching the default, for a
    /// default); the others get what they would get without it.
    public struct Rollout: Sendable, Equatable {
        public let id: String
        public let value: String
        /// The share reached, in micro-percents (0 … 100 000 000).
        public let microPercent: Int
    }

    public struct Parameter: Sendable, Equatable {
        /// The parameter group it is written in; nil for the top-level `parameters`.
        public let group: String?
        /// nil when the template gives none: the app's in-app default then stands.
        public let defaultValue: Value?
        /// By condition name; which one wins is the order of `conditions`, not this one's.
        public let conditionalValues: [String: Value]
    }

    /// In the template's order, which is the order of precedence.
    public let conditions: [Condition]
    /// Every parameter, those in parameter groups included (groups are only for the console).
    public let parameters: [String: Parameter]
    /// The parameters' names in the order written.
    public let parameterNames: [String]
    /// `version.versionNumber`, when the file has one.
    public let version: String?
    /// The document as written, which toaster-server's REST API answers with.
    public let document: JSONTree

    /// Reads `document` as a template whose parameters `versionKeys.minimumRequired` and
    /// `versionKeys.latest` the app reads as versions (`--rc-min-key`, `--rc-latest-key`; a
    /// toaster-server policy's `remoteConfig.minKey`, `latestKey`). Refused, each with its place:
    /// a document that is no template (a toaster-server policy, a fetch answer, one with no
    /// parameters, groups or conditions), a top-level key a template does not have, anything
    /// the model cannot read (an expression, a condition used but not defined, a value), a
    /// version key's value that is no version on any branch (default, every conditional value,
    /// every group, rollouts), and a near miss of a version key the template lacks.
    public init(reading document: JSONTree, versionKeys: RemoteConfigKeys) throws(RemoteConfigTemplateError) {
        try Self.refuseOtherDocuments(document)
        try self.init(model: document)
        try requireVersions(versionKeys)
        try refuseNearMisses(of: versionKeys)
    }

    private init(model tree: JSONTree) throws(RemoteConfigTemplateError) {
        document = tree
        guard case .object = tree else { throw RemoteConfigTemplateError(.root, "\(tree.kind) is not a template object") }
        var conditions: [Condition] = []
        let conditionsPlace = JSONPlace.root.key(Key.conditions.rawValue)
        for (index, item) in try Self.items(tree[Key.conditions.rawValue], at: conditionsPlace).enumerated() {
            let place = conditionsPlace.index(index)
            let name = try Self.text(item[ConditionKey.name.rawValue], at: place.key(ConditionKey.name.rawValue))
            guard !name.isEmpty else { throw RemoteConfigTemplateError(place.key(ConditionKey.name.rawValue), "a condition's name is empty") }
            guard !conditions.contains(where: { $0.name == name }) else {
                throw RemoteConfigTemplateError(place.key(ConditionKey.name.rawValue), "the condition \(Self.quoted(name)) is defined twice")
            }
            let expression = try Self.text(item[ConditionKey.expression.rawValue], at: place.key(ConditionKey.expression.rawValue))
            do {
                conditions.append(Condition(name: name, expression: expression, rules: try ConditionExpression(parsing: expression)))
            } catch {
                throw RemoteConfigTemplateError(place.key(ConditionKey.expression.rawValue), "condition \(Self.quoted(name)) cannot be read \(error)")
            }
        }
        self.conditions = conditions

        var parameters: [String: Parameter] = [:]
        var names: [String] = []
        func read(_ object: JSONTree?, at place: JSONPlace, group: String?) throws(RemoteConfigTemplateError) {
            guard let object else { return }
            guard case .object(let members) = object else { throw RemoteConfigTemplateError(place, "\(object.kind) is not an object of parameters") }
            for (key, body) in members {
                let at = place.key(key)
                guard parameters[key] == nil else { throw RemoteConfigTemplateError(at, "the parameter \(Self.quoted(key)) is defined twice") }
                parameters[key] = try Self.parameter(body, at: at, group: group, conditions: conditions)
                names.append(key)
            }
        }
        try read(tree[Key.parameters.rawValue], at: Self.parametersPlace(group: nil), group: nil)
        if let groups = tree[Key.parameterGroups.rawValue] {
            guard case .object(let members) = groups else {
                throw RemoteConfigTemplateError(JSONPlace.root.key(Key.parameterGroups.rawValue), "\(groups.kind) is not an object of groups")
            }
            for (group, body) in members {
                try read(body[Key.parameters.rawValue], at: Self.parametersPlace(group: group), group: group)
            }
        }
        self.parameters = parameters
        parameterNames = names

        switch tree[Key.version.rawValue]?[RemoteConfigAPI.Version.CodingKeys.versionNumber.rawValue] {
        case .string(let number)?, .number(let number)?: version = number
        case nil, .null?: version = nil
        case let other?: throw RemoteConfigTemplateError(JSONPlace.root.key(Key.version.rawValue).key(RemoteConfigAPI.Version.CodingKeys.versionNumber.rawValue), "\(other.kind) is not a version number")
        }
    }

    /// Where a group's parameters are written (the top-level `parameters` for nil).
    static func parametersPlace(group: String?) -> JSONPlace {
        guard let group else { return JSONPlace.root.key(Key.parameters.rawValue) }
        return JSONPlace.root.key(Key.parameterGroups.rawValue).key(group).key(Key.parameters.rawValue)
    }

    private static func parameter(_ body: JSONTree, at place: JSONPlace, group: String?,
                                  conditions: [Condition]) throws(RemoteConfigTemplateError) -> Parameter {
        guard case .object = body else { throw RemoteConfigTemplateError(place, "\(body.kind) is not a parameter object") }
        let defaultValue = try body[ParameterKey.defaultValue.rawValue].map { tree throws(RemoteConfigTemplateError) in try value(tree, at: place.key(ParameterKey.defaultValue.rawValue)) }
        var conditional: [String: Value] = [:]
        let conditionalPlace = place.key(ParameterKey.conditionalValues.rawValue)
        if let values = body[ParameterKey.conditionalValues.rawValue] {
            guard case .object(let members) = values else { throw RemoteConfigTemplateError(conditionalPlace, "\(values.kind) is not an object of values by condition") }
            for (name, tree) in members {
                guard conditions.contains(where: { $0.name == name }) else {
                    let hint = NearestName.to(name, among: conditions.map(\.name)).map { " (did you mean \(quoted($0))?)" } ?? ""
                    throw RemoteConfigTemplateError(conditionalPlace.key(name), "no condition is named \(quoted(name)) in conditions\(hint)")
                }
                conditional[name] = try value(tree, at: conditionalPlace.key(name))
            }
        }
        return Parameter(group: group, defaultValue: defaultValue, conditionalValues: conditional)
    }

    /// `{"value": "…"}`, `{"useInAppDefault": true}` or `{"rolloutValue": {"rolloutId", "value",
    /// "percent"}}`; personalization depends on Firebase's own model of each user and is refused
    /// rather than guessed.
    private static func value(_ tree: JSONTree, at place: JSONPlace) throws(RemoteConfigTemplateError) -> Value {
        if case .bool(true)? = tree[ValueKey.useInAppDefault.rawValue] { return .inAppDefault }
        if let text = tree[ValueKey.value.rawValue] { return .value(try self.text(text, at: place.key(ValueKey.value.rawValue))) }
        if let rollout = tree[ValueKey.rolloutValue.rawValue] { return .rollout(try self.rollout(rollout, at: place.key(ValueKey.rolloutValue.rawValue))) }
        if tree[ValueKey.personalizationValue.rawValue] != nil {
            throw RemoteConfigTemplateError(place.key(ValueKey.personalizationValue.rawValue),
                                            "\(ValueKey.personalizationValue.rawValue) depends on Firebase's own model of each user and is not evaluated offline")
        }
        throw RemoteConfigTemplateError(place, "a value needs \"\(ValueKey.value.rawValue)\" or \"\(ValueKey.useInAppDefault.rawValue)\": true (present: \(tree.keys.isEmpty ? "none" : tree.keys.map(quoted).joined(separator: ", ")))")
    }

    private static func rollout(_ tree: JSONTree, at place: JSONPlace) throws(RemoteConfigTemplateError) -> Rollout {
        guard case .object = tree else { throw RemoteConfigTemplateError(place, "\(tree.kind) is not a rollout value object") }
        let id = try text(tree[RolloutKey.rolloutId.rawValue], at: place.key(RolloutKey.rolloutId.rawValue))
        let value = try text(tree[ValueKey.value.rawValue], at: place.key(ValueKey.value.rawValue))
        let percentPlace = place.key(RolloutKey.percent.rawValue)
        guard let percentTree = tree[RolloutKey.percent.rawValue] else { throw RemoteConfigTemplateError(percentPlace, "absent") }
        guard case .number(let written) = percentTree else { throw RemoteConfigTemplateError(percentPlace, "\(percentTree.kind) is not a number") }
        guard let percent = Double(written), (0...100).contains(percent) else {
            throw RemoteConfigTemplateError(percentPlace, "\(written) is not a percent from 0 to 100")
        }
        return Rollout(id: id, value: value, microPercent: Int((percent * 1_000_000).rounded()))
    }

    private static func items(_ tree: JSONTree?, at place: JSONPlace) throws(RemoteConfigTemplateError) -> [JSONTree] {
        switch tree {
        case nil, .null?: return []
        case .array(let items)?: return items
        case let other?: throw RemoteConfigTemplateError(place, "\(other.kind) is not a list of conditions")
        }
    }

    private static func text(_ tree: JSONTree?, at place: JSONPlace) throws(RemoteConfigTemplateError) -> String {
        guard let tree else { throw RemoteConfigTemplateError(place, "absent") }
        guard case .string(let text) = tree else { throw RemoteConfigTemplateError(place, "\(tree.kind) is not a text") }
        return text
    }

    static func quoted(_ text: String) -> String { JSONValue.string(text).serialized() }
}

/// A template that cannot be read or evaluated: the place in the file and the problem.
public struct RemoteConfigTemplateError: Error, Sendable, Equatable, CustomStringConvertible {
    public let place: JSONPlace
    public let problem: String

    init(_ place: JSONPlace, _ problem: String) {
        self.place = place
        self.problem = problem
    }

    public var description: String { "\(place.named): \(problem)" }

    /// The same problem in a document holding the template at `outer` (a policy's
    /// `apps[0].remoteConfig.template`): `apps[0].remoteConfig.template.parameters.x: …`.
    public func described(under outer: JSONPlace) -> String {
        let inside = place.description
        return outer.description + (inside.isEmpty || inside.hasPrefix("[") ? inside : "." + inside) + ": \(problem)"
    }
}

private typealias ConditionKey = RemoteConfigAPI.Template.ConditionKey
private typealias ParameterKey = RemoteConfigAPI.Template.ParameterKey
private typealias ValueKey = RemoteConfigAPI.Template.ValueKey
private typealias RolloutKey = RemoteConfigAPI.Template.RolloutKey
