import FoundationEssentials

/// A Remote Config condition's expression, read: rules joined by `&&`, all of which must hold
/// (firebase.google.com/docs/remote-config/condition-reference). Only the elements an Apple
/// device is evaluated on are read; the web-only ones are refused by name.
public struct ConditionExpression: Sendable, Equatable {
    public let rules: [ConditionRule]

    /// Reads `text`; what cannot be read is named with its offset (in Unicode scalars).
    public init(parsing text: String) throws(ConditionSyntaxError) {
        rules = try ConditionParser.parse(text)
    }
}

/// One rule of a condition, as the reference's operator table allows it per element.
public enum ConditionRule: Sendable, Equatable {
    /// `true`, `false`.
    case always(Bool)
    /// `percent <= 10`, `percent > 10`, `percent('seed') between 10 and 20`: the seed ("" for
    /// none) and the range of micro-percentiles that match.
    case percent(seed: String, PercentRange)
    /// `device.os == 'ios'`, `device.os != 'android'`.
    case os(equal: Bool, String)
    /// `app.id == '1:…:ios:…'`.
    case appID(String)
    /// `app.version.>=(['2.0.0'])`, `app.build.contains(['10'])`: `.version` or `.build`.
    case release(ConditionElement, TextTest)
    /// `app.userProperty['tier'].exactlyMatches(['gold'])`, `app.customSignal['level'].>=(['2.1'])`, `… > 3.5`:
    /// `.userProperty` or `.customSignal`.
    case signal(ConditionElement, key: String, TextTest)
    /// `app.audiences.inAtLeastOne(['Buyers'])`.
    case audiences(AudienceOperator, [String])
    /// `app.firstOpenTimestamp <= ('2022-10-31T14:37:47', 'America/Los_Angeles')`,
    /// `dateTime < dateTime('2017-03-22T13:39:44', 'America/Los_Angeles')`: `.firstOpen` or `.dateTime`.
    case instant(ConditionElement, ComparisonOperator, LocalDateTime)
    /// `device.country in ['us', 'jp']`, `device.language in ['en-US']`,
    /// `app.firebaseInstallationId in ['fid']`: `.country`, `.language` or `.installationID`.
    case listed(ConditionElement, [String])
}

/// The elements the reference defines for Apple devices, as expressions write them.
public enum ConditionElement: String, Sendable, CaseIterable {
    case alwaysTrue = "true", alwaysFalse = "false", percent
    case os = "device.os", country = "device.country", language = "device.language"
    case appID = "app.id", version = "app.version", build = "app.build", audiences = "app.audiences"
    case userProperty = "app.userProperty", customSignal = "app.customSignal"
    case firstOpen = "app.firstOpenTimestamp", installationID = "app.firebaseInstallationId", dateTime
}

/// What a value is tested against.
public enum TextTest: Sendable, Equatable {
    /// `.contains([…])` and its kin: any of the targets (none, for notContains).
    case text(TextOperator, [String])
    /// `.>=(['2.0.0'])`: dot-separated numbers compared part by part, missing parts 0.
    case release(ComparisonOperator, [Int])
    /// `> 3.5`: the value read as a number.
    case number(ComparisonOperator, Double)
}

public enum TextOperator: String, Sendable, CaseIterable {
    case contains, notContains, exactlyMatches, matches
}

public enum AudienceOperator: String, Sendable, CaseIterable {
    case inAtLeastOne, notInAtLeastOne, inAll, notInAll
}

public enum ComparisonOperator: String, Sendable, CaseIterable {
    case less = "<", lessOrEqual = "<=", equal = "==", notEqual = "!=", greaterOrEqual = ">=", greater = ">"

    func holds<T: Comparable>(_ left: T, _ right: T) -> Bool {
        switch self {
        case .less: left < right
        case .lessOrEqual: left <= right
        case .equal: left == right
        case .notEqual: left != right
        case .greaterOrEqual: left >= right
        case .greater: left > right
        }
    }
}

/// The percentiles a percent rule matches, in millionths of a percent (Firebase's
/// micro-percents, 0…100 000 000): above `lower` (when set) and at most `upper` (when set).
public struct PercentRange: Sendable, Equatable {
    public static let whole = 100_000_000

    public let lower: Int?
    public let upper: Int?

    func contains(_ microPercentile: Int) -> Bool {
        (lower.map { microPercentile > $0 } ?? true) && (upper.map { microPercentile <= $0 } ?? true)
    }
}

/// A date and time as a condition writes it: local time in a named zone (UTC when none is
/// named), or an instant when the text carries its own offset.
public struct LocalDateTime: Sendable, Equatable {
    /// The wall-clock time read as if it were UTC, or the instant itself when `zone` is nil
    /// and the text had an offset.
    public let clock: Date
    public let zone: String?
    /// The text as written, for messages.
    public let text: String
}

/// Why an expression could not be read: where (offset in Unicode scalars) and what.
public struct ConditionSyntaxError: Error, Sendable, Equatable, CustomStringConvertible {
    public let offset: Int
    public let problem: String
    /// The expression from `offset` on, shortened, so that a message shows the place.
    public let near: String

    public var description: String {
        "at offset \(offset)" + (near.isEmpty ? " (the end)" : " (\(JSONValue.string(near).serialized()))") + ": \(problem)"
    }
}
