import Crypto
import FoundationEssentials
import ToasterCore
import ToasterFiles

/// Remote Config's fetch where the policy holds a template: the device read from the request
/// body, the template evaluated for it by Core's evaluator, the answer shaped as Firebase's.
enum TemplateFetch {
    struct Answer: Encodable {
        let entries: [String: String]
        let state: String
        /// A string, as Firebase writes the template's version number; absent when the
        /// template has none.
        let templateVersion: String?
    }

    /// Why a fetch gets no answer: a body that cannot be read as a device (400), or a rule
    /// that could not be evaluated, such as a time zone this system lacks (500).
    struct Refusal: Error {
        let message: String
        var byServer = false
    }

    /// What `installationID`'s fetch gets: every parameter the template gives a value.
    static func answer(_ template: RemoteConfigTemplate, body: JSONTree, installationID: String, now: Date) throws(Refusal) -> Answer {
        let device = try device(body, template: template, installationID: installationID, now: now)
        do {
            return Answer(entries: try template.entries(device: device, zones: SystemTimeZones()), state: "UPDATE", templateVersion: template.version)
        } catch {
            throw Refusal(message: "the template cannot be evaluated: \(error)", byServer: true)
        }
    }

    /// The device as the body describes it, in the iOS SDK's snake_case (`app_version`) or the
    /// REST API's camelCase (`appVersion`); the installation is the token's, whatever
    /// `app_instance_id` says, and it alone decides the percentiles.
    static func device(_ body: JSONTree, template: RemoteConfigTemplate, installationID: String, now: Date) throws(Refusal) -> RemoteConfigDevice {
        guard case .object = body else { throw Refusal(message: "the fetch body is \(body.kind), not a JSON object") }
        var firstOpen: Date?
        if let text = try text(body, "first_open_time") {
            guard let date = ISO8601.parse(text) else { throw Refusal(message: "first_open_time \(JSONValue.string(text).serialized()) is not an ISO 8601 time") }
            firstOpen = date
        }
        var percentiles: [String: Int] = [:]
        for seed in template.percentSeeds { percentiles[seed] = microPercentile(seed: seed, installationID: installationID) }
        return RemoteConfigDevice(appVersion: try text(body, "app_version") ?? "", build: try text(body, "app_build"),
                                  firebaseAppID: try text(body, "app_id"), country: try text(body, "country_code"),
                                  language: try text(body, "language_code"),
                                  userProperties: try texts(body, "analytics_user_properties"), customSignals: try texts(body, "custom_signals"),
                                  firstOpen: firstOpen, installationID: installationID, seedPercentiles: percentiles, now: now)
    }

    /// The device's percentile for a percent rule's seed, in micro-percents (0 ..< 100 000 000),
    /// as Firebase's own server-side evaluators compute it: SHA-256 of `seed.installationID`
    /// (the ID alone without a seed), read as one unsigned big-endian number, modulo 10⁸.
    static func microPercentile(seed: String, installationID: String) -> Int {
        let digest = SHA256.hash(data: Array(((seed.isEmpty ? "" : seed + ".") + installationID).utf8))
        let whole = UInt64(PercentRange.whole)
        return Int(digest.reduce(UInt64(0)) { ($0 << 8 | UInt64($1)) % whole })
    }

    /// A field in either spelling: a text, or a number as written.
    private static func text(_ body: JSONTree, _ snake: String) throws(Refusal) -> String? {
        switch body[snake] ?? body[camelCase(snake)] {
        case nil, .null?: return nil
        case .string(let text)?, .number(let text)?: return text
        case let other?: throw Refusal(message: "\(snake) is \(other.kind), not a text")
        }
    }

    /// An object of names to texts (user properties, custom signals), in either spelling.
    private static func texts(_ body: JSONTree, _ snake: String) throws(Refusal) -> [String: String] {
        guard let object = body[snake] ?? body[camelCase(snake)] else { return [:] }
        if case .null = object { return [:] }
        guard case .object(let members) = object else { throw Refusal(message: "\(snake) is \(object.kind), not an object of names to values") }
        var values: [String: String] = [:]
        for (name, value) in members {
            switch value {
            case .string(let text), .number(let text): values[name] = text
            case .bool(let flag): values[name] = flag ? "true" : "false"
            default: throw Refusal(message: "\(snake)[\(JSONValue.string(name).serialized())] is \(value.kind), not a text")
            }
        }
        return values
    }

    /// `analytics_user_properties` → `analyticsUserProperties`.
    static func camelCase(_ snake: String) -> String {
        let words = snake.split(separator: "_")
        return words.enumerated().map { $0.offset == 0 ? String($0.element) : $0.element.prefix(1).uppercased() + $0.element.dropFirst() }.joined()
    }
}
