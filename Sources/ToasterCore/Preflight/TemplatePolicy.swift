import FoundationEssentials

/// A Remote Config template as the policy about to be published (`--remote-config-template`):
/// what it gives depends on the device, so it is evaluated for each storefront
/// (`device.country`) and installed version (`app.version`), and, where percent conditions
/// split devices, once for each group of devices, which counts its share of the users.
public struct TemplatePolicy: Sendable, Equatable {
    public let template: RemoteConfigTemplate
    /// Where it was read, as messages name it (`Remote Config template FILE`).
    public let source: String
    public let keys: RemoteConfigKeys
    /// What every cell's device starts from (the app id, the clock); the storefront and the
    /// installed version are set per cell.
    public let device: RemoteConfigDevice
    public let zones: any TimeZoneRules
    /// The groups of devices the deciding percent conditions split users into, with their shares.
    public let groups: [RemoteConfigDeviceGroup]

    public init(template: RemoteConfigTemplate, source: String, keys: RemoteConfigKeys, device: RemoteConfigDevice,
                zones: any TimeZoneRules) throws(PreflightError) {
        self.template = template
        self.source = source
        self.keys = keys
        self.device = device
        self.zones = zones
        do { groups = try template.deviceGroups(keys: keys) } catch { throw PreflightError(description: "\(source): \(error)") }
    }

    /// The policy one group of devices gets in one storefront on one version, named by the
    /// condition that gave the minimum (else the latest version), as findings quote it.
    func layer(storefront: String, version: String, group: Int) throws(PreflightError) -> PolicyLayer {
        var device = self.device
        device.country = storefront
        device.appVersion = version
        var undefined: [String] = []
        let choices: [RemoteConfigChoice]
        do {
            choices = try template.choices(keys: keys, device: device, group: groups[group], zones: zones, undefined: &undefined)
        } catch {
            throw PreflightError(description: "\(source): \(error)")
        }
        func choice(_ key: String) -> RemoteConfigChoice? { choices.first { $0.key == key } }
        let minimum = choice(keys.minimumRequired), latest = choice(keys.latest), url = choice(keys.storeURL)
        var answer = SourceAnswer(latestVersion: latest?.value, minimumRequiredVersion: minimum?.value, updateURL: url?.value)
        answer.origin = .updateService
        return PolicyLayer(name: Self.origin(minimum?.value != nil ? minimum : latest), answer: answer,
                           template: TemplateOrigin(minimum: minimum, latest: latest, storeURL: url))
    }

    /// Every layer the template could give, one per value of the minimum and of the latest
    /// version: what the checks made before anything is asked (versions that cannot be read,
    /// spellings, the rows without an installed base) read.
    var possibleLayers: [PolicyLayer] {
        var layers: [PolicyLayer] = []
        for (key, isMinimum) in [(keys.minimumRequired, true), (keys.latest, false)] {
            guard let parameter = template.parameters[key] else { continue }
            let given = [(nil as String?, parameter.defaultValue)] + template.conditions.compactMap { condition in
                parameter.conditionalValues[condition.name].map { (condition.name as String?, $0 as RemoteConfigTemplate.Value?) }
            }
            for (condition, value) in given {
                guard let text = value?.text else { continue }
                var answer = isMinimum ? SourceAnswer(minimumRequiredVersion: text) : SourceAnswer(latestVersion: text)
                answer.origin = .updateService
                let choice = RemoteConfigChoice(key: key, value: text, condition: condition, expression: nil, inTemplate: true)
                layers.append(PolicyLayer(name: "\(Self.origin(choice)) (\(key))", answer: answer,
                                          template: TemplateOrigin(minimum: isMinimum ? choice : nil, latest: isMinimum ? nil : choice, storeURL: nil)))
            }
        }
        return layers
    }

    /// The same template read for the same device; the time zone data is the system's either way.
    public static func == (lhs: TemplatePolicy, rhs: TemplatePolicy) -> Bool {
        lhs.template == rhs.template && lhs.source == rhs.source && lhs.keys == rhs.keys && lhs.device == rhs.device
    }

    /// The elements rules deciding the keys read that preflight gives no device: such a rule is
    /// false everywhere, as Firebase reads a rule on a value the device does not have.
    public var unknownElements: [String] {
        var names: [String] = []
        let read = template.read(keys)
        for condition in template.conditions where read.contains(where: { template.parameters[$0]?.conditionalValues[condition.name] != nil }) {
            for rule in condition.rules.rules {
                switch rule {
                case .listed(.country, _), .release(.version, _): continue
                case .appID where device.firebaseAppID != nil: continue
                default:
                    // `app.userProperty['tier'] (--user-property)`: the element, without check's flag.
                    guard let name = rule.undefinedName?.split(separator: " (").first.map(String.init), !names.contains(name) else { continue }
                    names.append(name)
                }
            }
        }
        return names
    }

    /// Said once, on standard error: which rules are false everywhere.
    public var unknownElementsWarning: String? {
        let names = unknownElements
        guard !names.isEmpty else { return nil }
        return "\(source): rules on \(PreflightText.sentence(names)) are false for every device preflight evaluates "
            + "(it gives each the storefront, the installed version\(device.firebaseAppID == nil ? "" : " and --firebase-app-id"))"
    }

    /// `condition japan_first`, or `the template's default`.
    static func origin(_ choice: RemoteConfigChoice?) -> String {
        guard let choice, choice.inTemplate else { return "the app's in-app default" }
        return choice.condition.map { "condition \(TextSanitizer.cleanLine($0))" } ?? "the template's default"
    }
}

/// What a layer read from a template says of where its values came from, beyond its name:
/// what gave the minimum, the latest version and the update URL (the condition, or the default).
public struct TemplateOrigin: Sendable, Equatable {
    public var minimum: RemoteConfigChoice?
    public var latest: RemoteConfigChoice?
    public var storeURL: RemoteConfigChoice?
}
