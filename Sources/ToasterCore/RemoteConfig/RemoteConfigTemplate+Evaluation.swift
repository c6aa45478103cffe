import FoundationEssentials
import ToasterWire

extension RemoteConfigTemplate {
    /// More groups of devices than this, split by the percentiles of several seeds, and the
    /// answer asks for `--percentile` instead of listing them.
    public static let maximumOutcomes = 4096

    /// What the device gets for the keys the check reads, and why: per key, the first
    /// condition in the template's order that holds and gives the key a value, else the default.
    /// With the percentile pinned there is one outcome; without it, one per distinct answer,
    /// with its share of devices, largest first.
    public func evaluate(keys: RemoteConfigKeys, device: RemoteConfigDevice, zones: any TimeZoneRules) throws(RemoteConfigTemplateError) -> RemoteConfigReport {
        var outcomes: [RemoteConfigOutcome] = []
        var undefined: [String] = []
        for group in try deviceGroups(keys: keys, pinned: device.microPercentile, seedPercentiles: device.seedPercentiles) {
            let choices = try choices(keys: keys, device: device, group: group, zones: zones, undefined: &undefined)
            if let same = outcomes.firstIndex(where: { $0.choices == choices }) {
                outcomes[same].share += group.share
            } else {
                outcomes.append(RemoteConfigOutcome(share: group.share, choices: choices))
            }
        }
        // Largest share first; equal shares keep the order of their percentiles.
        let ordered = outcomes.enumerated().sorted { ($0.element.share, -$0.offset) > ($1.element.share, -$1.offset) }.map(\.element)
        return RemoteConfigReport(templateVersion: version, keys: keys, microPercentile: device.microPercentile, outcomes: ordered, undefined: undefined)
    }

    /// The keys a check reads here: those the decision reads, whether the template has them or
    /// not (their absence is said), and the alert's texts where it has them.
    func read(_ keys: RemoteConfigKeys) -> [String] {
        keys.read.filter { keys.decisive.contains($0) || parameters[$0] != nil }
    }

    /// Only the conditions the read keys name can decide; a percent rule elsewhere splits nothing.
    private func relevant(_ keys: RemoteConfigKeys) -> [Int] {
        let read = read(keys)
        return conditions.indices.filter { index in read.contains { parameters[$0]?.conditionalValues[conditions[index].name] != nil } }
    }

    /// What splits devices: a percent rule's seed, or a rollout (whose share of devices Firebase
    /// assigns on its own, independently of any seed).
    private enum Draw: Hashable, Comparable {
        case seed(String)
        case rollout(String)
    }

    /// The groups of devices the percent conditions and rollouts deciding the keys split devices
    /// into: each with a percentile per seed and per rollout that stands for the group, and its
    /// share of devices, in percent. One group when nothing splits, or when `pinned`
    /// (micro-percents) pins every seed and rollout; `seedPercentiles` pins the seeds it names.
    public func deviceGroups(keys: RemoteConfigKeys, pinned: Int? = nil,
                             seedPercentiles: [String: Int] = [:]) throws(RemoteConfigTemplateError) -> [RemoteConfigDeviceGroup] {
        var boundaries: [Draw: Set<Int>] = [:]
        func cut(_ draw: Draw, at points: [Int?]) {
            boundaries[draw, default: [0, PercentRange.whole]].formUnion(points.compactMap { $0 })
        }
        let deciding = relevant(keys)
        for index in deciding {
            for case let .percent(seed, range) in conditions[index].rules.rules { cut(.seed(seed), at: [range.lower, range.upper]) }
        }
        for key in read(keys) {
            guard let parameter = parameters[key] else { continue }
            let values = [parameter.defaultValue] + deciding.map { parameter.conditionalValues[conditions[$0].name] }
            for case let .rollout(rollout)? in values { cut(.rollout(rollout.id), at: [rollout.microPercent]) }
        }
        let draws = boundaries.keys.sorted()
        // Per draw, the slices of percentiles within which every rule and rollout answers alike:
        // (b₀, b₁], (b₁, b₂], …, each stood for by its upper end, with its width.
        let slices: [[(percentile: Int, width: Int)]] = draws.map { draw in
            let given: Int? = switch draw {
            case .seed(let seed): pinned ?? seedPercentiles[seed]
            case .rollout: pinned
            }
            if let given { return [(given, PercentRange.whole)] }
            let points = boundaries[draw, default: []].sorted()
            return zip(points, points.dropFirst()).map { ($1, $1 - $0) }
        }
        var combinations = 1
        for slice in slices {
            combinations *= slice.count
            guard combinations <= Self.maximumOutcomes else {
                throw RemoteConfigTemplateError(JSONPlace.root.key(Key.conditions.rawValue), "the percent conditions and rollouts (\(draws.count) in all) split devices "
                    + "into more than \(Self.maximumOutcomes) groups: give --percentile N to evaluate one device")
            }
        }
        return (0..<combinations).map { combination in
            var rest = combination
            var group = RemoteConfigDeviceGroup(percentiles: [:], share: 0)
            // Widths multiplied before dividing, so that whole shares stay exact.
            var numerator = 100.0
            var denominator = 1.0
            for (position, draw) in draws.enumerated() {
                let slice = slices[position][rest % slices[position].count]
                rest /= slices[position].count
                switch draw {
                case .seed(let seed): group.percentiles[seed] = slice.percentile
                case .rollout(let id): group.rollouts[id] = slice.percentile
                }
                numerator *= Double(slice.width)
                denominator *= Double(PercentRange.whole)
            }
            group.share = numerator / denominator
            return group
        }
    }

    /// What one group of devices gets for the keys read, in the order minimum, latest, store
    /// URL, title, message; the elements rules read without a value are added to `undefined`.
    public func choices(keys: RemoteConfigKeys, device: RemoteConfigDevice, group: RemoteConfigDeviceGroup, zones: any TimeZoneRules,
                        undefined: inout [String]) throws(RemoteConfigTemplateError) -> [RemoteConfigChoice] {
        try choices(of: read(keys), deciding: relevant(keys), device: device, group: group, zones: zones, undefined: &undefined)
    }

    /// What a fetch by this device carries (toaster-server's answer): every parameter with a
    /// value, by the same rule as `evaluate`; those left to the in-app default are absent, as
    /// Firebase leaves them out. A percent rule whose seed the device has no percentile for is
    /// false, and a rollout it has no percentile for does not reach it.
    public func entries(device: RemoteConfigDevice, zones: any TimeZoneRules) throws(RemoteConfigTemplateError) -> [String: String] {
        var group = RemoteConfigDeviceGroup(percentiles: device.seedPercentiles, rollouts: device.rolloutPercentiles, share: 100)
        if let pinned = device.microPercentile {
            for seed in percentSeeds { group.percentiles[seed] = pinned }
            for id in rolloutIDs { group.rollouts[id] = pinned }
        }
        var undefined: [String] = []
        let choices = try choices(of: parameterNames, deciding: Array(conditions.indices), device: device, group: group,
                                  zones: zones, undefined: &undefined)
        var entries: [String: String] = [:]
        for choice in choices { entries[choice.key] = choice.value }
        return entries
    }

    /// The seeds the percent rules name ("" for none), each once, in the template's order.
    public var percentSeeds: [String] {
        var seeds: [String] = []
        for condition in conditions {
            for case let .percent(seed, _) in condition.rules.rules where !seeds.contains(seed) { seeds.append(seed) }
        }
        return seeds
    }

    /// The rollouts the parameters' values belong to, each once, in the order written.
    public var rolloutIDs: [String] {
        var ids: [String] = []
        for name in parameterNames {
            guard let parameter = parameters[name] else { continue }
            let values = [parameter.defaultValue] + conditions.map { parameter.conditionalValues[$0.name] }
            for case let .rollout(rollout)? in values where !ids.contains(rollout.id) { ids.append(rollout.id) }
        }
        return ids
    }

    /// Per key, the first of the `deciding` conditions (in the template's order) that holds
    /// and gives the key a value for this group, else its default; each condition evaluated at
    /// most once. A rollout's value reaches the devices within its share; for the others the
    /// condition gives the key nothing, and the next one (or the default) decides.
    private func choices(of read: [String], deciding relevant: [Int], device: RemoteConfigDevice, group: RemoteConfigDeviceGroup,
                         zones: any TimeZoneRules, undefined: inout [String]) throws(RemoteConfigTemplateError) -> [RemoteConfigChoice] {
        var truths: [Int: Bool] = [:]
        var choices: [RemoteConfigChoice] = []
        for key in read {
            guard let parameter = parameters[key] else {
                choices.append(RemoteConfigChoice(key: key, value: nil, condition: nil, expression: nil, inTemplate: false))
                continue
            }
            var chosen: RemoteConfigChoice?
            for index in relevant {
                let condition = conditions[index]
                guard let value = parameter.conditionalValues[condition.name], value.reaches(group) else { continue }
                let holds: Bool
                if let known = truths[index] {
                    holds = known
                } else {
                    holds = try Self.holds(condition, at: index, device: device, percentiles: group.percentiles, zones: zones, undefined: &undefined)
                    truths[index] = holds
                }
                if holds {
                    chosen = RemoteConfigChoice(key: key, value: value.text, condition: condition.name, expression: condition.expression,
                                                inTemplate: true, rollout: value.rolloutID)
                    break
                }
            }
            let fallback = parameter.defaultValue.flatMap { $0.reaches(group) ? $0 : nil }
            choices.append(chosen ?? RemoteConfigChoice(key: key, value: fallback?.text, condition: nil, expression: nil, inTemplate: true,
                                                        rollout: fallback?.rolloutID))
        }
        return choices
    }

    /// Whether every rule of the condition holds, stopping at the first that does not.
    private static func holds(_ condition: Condition, at index: Int, device: RemoteConfigDevice, percentiles: [String: Int],
                              zones: any TimeZoneRules, undefined: inout [String]) throws(RemoteConfigTemplateError) -> Bool {
        for rule in condition.rules.rules {
            let result: Bool?
            do {
                result = try rule.holds(on: device, percentiles: percentiles, zones: zones)
            } catch {
                throw RemoteConfigTemplateError(JSONPlace.root.key(Key.conditions.rawValue).index(index).key(RemoteConfigAPI.Template.ConditionKey.expression.rawValue),
                                                "condition \(quoted(condition.name)): \(error.problem)")
            }
            guard let result else {
                if let name = rule.undefinedName, !undefined.contains(name) { undefined.append(name) }
                return false
            }
            if !result { return false }
        }
        return true
    }
}

extension RemoteConfigTemplate.Value {
    /// The value fetched, nil for the in-app default.
    var text: String? {
        switch self {
        case .value(let text): text
        case .rollout(let rollout): rollout.value
        case .inAppDefault: nil
        }
    }

    var rolloutID: String? {
        if case .rollout(let rollout) = self { return rollout.id }
        return nil
    }

    /// Whether the group gets this value: a rollout's only within its share.
    func reaches(_ group: RemoteConfigDeviceGroup) -> Bool {
        guard case .rollout(let rollout) = self else { return true }
        return group.rollouts[rollout.id].map { PercentRange(lower: nil, upper: rollout.microPercent).contains($0) } ?? false
    }
}

/// A rule that cannot be evaluated, though it was read: a time zone the system does not know.
struct RuleProblem: Error {
    let problem: String
}

extension ConditionRule {
    /// Whether the rule holds on the device; nil when the value it reads is undefined (a rule
    /// on an undefined value is false, and the answer names what was missing).
    func holds(on device: RemoteConfigDevice, percentiles: [String: Int], zones: any TimeZoneRules) throws(RuleProblem) -> Bool? {
        switch self {
        case .always(let value):
            return value
        case let .percent(seed, range):
            return percentiles[seed].map(range.contains)
        case let .os(equal, name):
            return device.os.map { (name.lowercased() == $0) == equal }
        case .appID(let id):
            return device.firebaseAppID.map { $0 == id }
        case let .release(element, test):
            return (element == .version ? device.appVersion : device.build).map(test.holds)
        case let .signal(element, key, test):
            return (element == .userProperty ? device.userProperties : device.customSignals)[key].map(test.holds)
        case let .audiences(operation, names):
            let mine = device.audiences
            switch operation {
            case .inAtLeastOne: return names.contains(where: mine.contains)
            case .notInAtLeastOne: return names.contains { !mine.contains($0) }
            case .inAll: return names.allSatisfy(mine.contains)
            case .notInAll: return !names.contains(where: mine.contains)
            }
        case let .instant(element, comparison, time):
            guard let target = time.instant(zones) else {
                throw RuleProblem(problem: "the time zone \(RemoteConfigTemplate.quoted(time.zone ?? "")) is not one this system knows")
            }
            return (element == .dateTime ? device.now : device.firstOpen).map { comparison.holds($0, target) }
        case let .listed(element, names):
            switch element {
            case .country:
                return device.country.map { country in names.contains { $0.lowercased() == country.lowercased() } }
            case .language:
                return device.language.map { language in names.contains { Self.language($0, holdsFor: language) } }
            default:
                return device.installationID.map(names.contains)
            }
        }
    }

    /// The element a rule read with no value, and the flag that gives it.
    var undefinedName: String? {
        switch self {
        case .appID: "app.id (--firebase-app-id)"
        case .release(.build, _): "app.build (--build)"
        case .release(.version, _): "app.version (--app-version)"
        case let .signal(.userProperty, key, _): "app.userProperty['\(key)'] (--user-property)"
        case let .signal(.customSignal, key, _): "app.customSignal['\(key)'] (--custom-signal)"
        case .instant(.firstOpen, _, _): "app.firstOpenTimestamp (--first-open)"
        case .listed(.country, _): "device.country (--country)"
        case .listed(.language, _): "device.language (--device-language)"
        case .listed(.installationID, _): "app.firebaseInstallationId (--installation-id)"
        default: nil
        }
    }

    /// A target as RFC 4647's basic filtering reads a language range: `de`, as the console
    /// writes it, holds for every region and script of German (`de-DE`, `de_AT`), `zh` for
    /// `zh-Hant-TW`; `de-DE` for that tag (and tags that extend it) only. `en_US` and `en-us`
    /// alike.
    static func language(_ target: String, holdsFor tag: String) -> Bool {
        func normalized(_ text: String) -> String { text.trimmingWhitespace().lowercased().replacing("_", with: "-") }
        let target = normalized(target), tag = normalized(tag)
        return !target.isEmpty && (tag == target || tag.hasPrefix(target + "-"))
    }
}

extension TextTest {
    func holds(_ value: String) -> Bool {
        switch self {
        case let .text(operation, targets):
            switch operation {
            case .contains: return targets.contains { value.contains($0) }
            case .notContains: return !targets.contains { value.contains($0) }
            case .exactlyMatches: return targets.contains(value)
            case .matches: return targets.contains { RegularExpressionCheck.matches($0, value) }
            }
        case let .release(comparison, target):
            // A version that is not dot-separated numbers (1.0.0-beta) compares with nothing.
            guard let parts = ReleaseNumber.parts(value) else { return false }
            return comparison.holds(ReleaseNumber.compare(parts, target), 0)
        case let .number(comparison, target):
            guard let number = Double(value) else { return false }
            return comparison.holds(number, target)
        }
    }
}
