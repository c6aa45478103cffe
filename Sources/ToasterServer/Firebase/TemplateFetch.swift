import FoundationEssentials
import ToasterCore
import ToasterFiles
import ToasterPercentile
import ToasterWire

/// Remote Config's fetch where the policy holds a template: the device read from the request
/// body, the template evaluated for it by Core's evaluator, the answer shaped as Firebase's.
enum TemplateFetch {
    typealias Field = RemoteConfigAPI.FetchRequest.Field

    /// Why a fetch gets no answer: a body that cannot be read as a device (400), or a rule
    /// that could not be evaluated, such as a time zone this system lacks (500).
    struct Refusal: Error {
        let message: String
        var byServer = false
    }

    /// What `installationID`'s fetch gets: every parameter the template gives a value.
    static func answer(_ template: RemoteConfigTemplate, body: JSONTree, installationID: String, now: Date) throws(Refusal) -> RemoteConfigAPI.FetchAnswer {
        let device = try device(body, template: template, installationID: installationID, now: now)
        do {
            return RemoteConfigAPI.FetchAnswer(entries: try template.entries(device: device, zones: SystemTimeZones()), state: .update,
                                               templateVersion: template.version)
        } catch {
            throw Refusal(message: "the template cannot be evaluated: \(error)", byServer: true)
        }
    }

    /// The device as the body describes it, read as Google reads a fetch: a field in the iOS
    /// SDK's snake_case (`app_version`) or the REST API's camelCase (`appVersion`), a number as a
    /// text written as it is, a boolean user property as `true` or `false`. The installation is
    /// the token's, whatever the body's installation ID says, and it alone decides the percentiles.
    static func device(_ body: JSONTree, template: RemoteConfigTemplate, installationID: String, now: Date) throws(Refusal) -> RemoteConfigDevice {
        guard case .object = body else { throw Refusal(message: "the fetch body is \(body.kind), not a JSON object") }
        var request = RemoteConfigAPI.FetchRequest(firstOpenTime: try text(body, .firstOpenTime))
        var firstOpen: Date?
        if let text = request.firstOpenTime {
            guard let date = ISO8601.parse(text) else {
                throw Refusal(message: "\(Field.firstOpenTime.rawValue) \(JSONValue.string(text).serialized()) is not an ISO 8601 time")
            }
            firstOpen = date
        }
        for field in [Field.appVersion, .appBuild, .appID, .countryCode, .languageCode] { request[text: field] = try text(body, field) }
        for field in [Field.analyticsUserProperties, .customSignals] { request[names: field] = try texts(body, field) }
        return RemoteConfigDevice(appVersion: request.appVersion ?? "", build: request.appBuild, firebaseAppID: request.appID,
                                  country: request.countryCode, language: request.languageCode,
                                  userProperties: request.analyticsUserProperties ?? [:], customSignals: request.customSignals ?? [:],
                                  firstOpen: firstOpen, installationID: installationID,
                                  seedPercentiles: InstallationPercentile.bySeed(template.percentSeeds, installationID: installationID),
                                  // Firebase assigns rollouts on its own and does not publish how; a local
                                  // Firebase places an installation by the same hash, the rollout's id its seed.
                                  rolloutPercentiles: InstallationPercentile.bySeed(template.rolloutIDs, installationID: installationID),
                                  os: os(appID: request.appID), now: now)
    }

    /// `device.os` as the app ID's platform says (`1:…:android:…`); a web app has none, so a
    /// rule on it is false. Without an app ID, an iPhone's, as toastercli's fetch is.
    static func os(appID: String?) -> String? {
        let parts = appID?.split(separator: ":") ?? []
        guard parts.count == 4 else { return RemoteConfigDevice.os }
        let platform = parts[2].lowercased()
        return platform == "web" ? nil : platform
    }

    /// A field in either spelling: a text, or a number as written.
    private static func text(_ body: JSONTree, _ field: Field) throws(Refusal) -> String? {
        switch body[field.rawValue] ?? body[field.camelCase] {
        case nil, .null?: return nil
        case .string(let text)?, .number(let text)?: return text
        case let other?: throw Refusal(message: "\(field.rawValue) is \(other.kind), not a text")
        }
    }

    /// An object of names to texts (user properties, custom signals), in either spelling.
    private static func texts(_ body: JSONTree, _ field: Field) throws(Refusal) -> [String: String]? {
        guard let object = body[field.rawValue] ?? body[field.camelCase] else { return nil }
        if case .null = object { return nil }
        guard case .object(let members) = object else { throw Refusal(message: "\(field.rawValue) is \(object.kind), not an object of names to values") }
        var values: [String: String] = [:]
        for (name, value) in members {
            switch value {
            case .string(let text), .number(let text): values[name] = text
            case .bool(let flag): values[name] = flag ? "true" : "false"
            default: throw Refusal(message: "\(field.rawValue)[\(JSONValue.string(name).serialized())] is \(value.kind), not a text")
            }
        }
        return values
    }
}
