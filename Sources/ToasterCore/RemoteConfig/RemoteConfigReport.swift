/// Why a template gave what it gave: per key read, the value and the condition that decided it
/// (or the default), with the template's version; one outcome per group of devices when the
/// percentile decides and is not pinned.
public struct RemoteConfigReport: Sendable, Equatable {
    public let templateVersion: String?
    /// The keys the check reads.
    public let keys: RemoteConfigKeys
    /// The pinned percentile (`--percentile`), in micro-percents.
    public let microPercentile: Int?
    /// Largest share first. One when the percentile does not matter or is pinned.
    public var outcomes: [RemoteConfigOutcome]
    /// The elements rules read with no value given, each with its flag (those rules were false).
    public let undefined: [String]
    /// The outcome the decision is for: the most severe group's once `UpdateDecider` has
    /// decided each (the first, the largest, until then).
    public var deciding = 0

    public var dependsOnPercentile: Bool { outcomes.count > 1 }

    /// What the decision is for.
    public var chosen: RemoteConfigOutcome { outcomes[deciding] }
}

/// What one group of devices gets.
public struct RemoteConfigOutcome: Sendable, Equatable {
    /// Of all devices like this one, in percent.
    public var share: Double
    /// Per key read, in the order minimum, latest, store URL.
    public let choices: [RemoteConfigChoice]
    /// The decision the group gets, set by `UpdateDecider` when the outcomes differ.
    public var decision: Decision?

    init(share: Double, choices: [RemoteConfigChoice]) {
        self.share = share
        self.choices = choices
    }

    /// The value the key is fetched with; nil when it is not (in-app default, or not in the template).
    public func value(of key: String) -> String? {
        choices.first { $0.key == key }?.value
    }

    /// The forced alert's texts this group gets, nil when the template gives neither.
    public func texts(_ keys: RemoteConfigKeys) -> AlertTextOverride? {
        keys.texts(value(of:))
    }

    /// `min_required_version, condition jp_kr_old`, or `…, the template's default`: where the
    /// group's value of `key` came from, as a decision's sentence names it; the key alone when
    /// the template does not have it.
    public func name(of key: String) -> String {
        guard let choice = choices.first(where: { $0.key == key }), choice.inTemplate else { return key }
        return "\(key), " + (choice.condition.map { "condition \($0)" } ?? "the template's default")
    }
}

extension SourceAnswer {
    /// What one group of devices is answered, as a fetch by one of them would be: its values
    /// of the keys read, and where they came from. A page that lists the service's own latest
    /// version (no store beside it) follows the group's.
    public func given(_ outcome: RemoteConfigOutcome, keys: RemoteConfigKeys) -> SourceAnswer {
        var answer = self
        let ownListing = listing == latestVersion.map { StoreListing(appName: nil, version: $0) }
        answer.latestVersion = outcome.value(of: keys.latest)
        answer.minimumRequiredVersion = outcome.value(of: keys.minimumRequired)
        answer.updateURL = outcome.value(of: keys.storeURL)
        answer.texts = outcome.texts(keys)
        answer.minimumName = outcome.name(of: keys.minimumRequired)
        answer.latestName = outcome.name(of: keys.latest)
        if ownListing { answer.listing = answer.latestVersion.map { StoreListing(appName: nil, version: $0) } }
        return answer
    }
}

/// Devices the percent conditions and rollouts treat alike: a percentile per seed and per
/// rollout that stands for them all, and their share of devices, in percent.
public struct RemoteConfigDeviceGroup: Sendable, Equatable {
    /// By seed ("" for none), in micro-percents.
    public var percentiles: [String: Int]
    /// By rollout id, in micro-percents: a device within a rollout's share gets its value.
    public var rollouts: [String: Int]
    public var share: Double

    public init(percentiles: [String: Int], rollouts: [String: Int] = [:], share: Double) {
        self.percentiles = percentiles
        self.rollouts = rollouts
        self.share = share
    }
}

/// One key's value and what gave it.
public struct RemoteConfigChoice: Sendable, Equatable {
    public let key: String
    /// nil: the app's in-app default (or the key is not in the template).
    public let value: String?
    /// The condition that gave the value; nil for the default.
    public let condition: String?
    public let expression: String?
    public let inTemplate: Bool
    /// The rollout whose value this is, when it is one.
    public var rollout: String? = nil
}

extension RemoteConfigReport {
    /// `remoteConfig` in `check --format json` and in the trace's `versionCheck` event.
    public var json: JSONValue {
        var members: [(String, JSONValue)] = [
            ("templateVersion", templateVersion.json),
            ("percentile", microPercentile.map { JSONValue.decimal(micro: $0) } ?? .null),
            ("parameters", Self.parametersJSON(chosen.choices)),
        ]
        if dependsOnPercentile {
            members.append(("outcomes", .array(outcomes.map { outcome in
                .object([("share", JSONValue.decimal(micro: Self.micro(outcome.share))), ("decision", (outcome.decision?.rawValue).json),
                         ("parameters", Self.parametersJSON(outcome.choices))])
            })))
        }
        return .object(members)
    }

    /// The lines `check --format text` adds after the decision's.
    public var textLines: [String] {
        var head = "remoteConfig: template version \(templateVersion.map(TextSanitizer.escapedLine) ?? "unknown")"
        if let microPercentile { head += ", percentile \(JSONValue.decimalText(micro: microPercentile))" }
        guard dependsOnPercentile else { return [head] + chosen.choices.map { "  " + $0.text } }
        head += "; depends on the percentile: \(outcomes.count) outcomes, the decision above is the most severe one's (--percentile N pins one device)"
        return [head] + outcomes.flatMap { outcome in
            ["  \(JSONValue.decimalText(micro: Self.micro(outcome.share)))% of devices: \(outcome.decision?.rawValue ?? "-")"]
                + outcome.choices.map { "    " + $0.text }
        }
    }

    /// A share in percent, to the micro-percent.
    public static func micro(_ percent: Double) -> Int { Int((percent * 1_000_000).rounded()) }

    private static func parametersJSON(_ choices: [RemoteConfigChoice]) -> JSONValue {
        .object(choices.map { choice in
            (choice.key, .object([("value", choice.value.json),
                                  ("condition", choice.inTemplate ? .string(choice.condition ?? "default") : .null),
                                  ("expression", choice.expression.json)] + (choice.rollout.map { [("rollout", .string($0))] } ?? [])))
        })
    }
}

extension RemoteConfigChoice {
    /// `min_required_version = 2.0.0 (condition jp_ios_old: device.os == 'ios' && …)`.
    var text: String {
        guard inTemplate else { return "\(TextSanitizer.escapedLine(key)): not in the template" }
        let given = value.map(TextSanitizer.escapedLine) ?? "in-app default"
        let why = condition.map { "condition \(TextSanitizer.escapedLine($0)): \(TextSanitizer.escapedLine(expression ?? ""))" } ?? "default"
        let rollout = self.rollout.map { ", rollout \(TextSanitizer.escapedLine($0))" } ?? ""
        return "\(TextSanitizer.escapedLine(key)) = \(given) (\(why)\(rollout))"
    }
}
