import ToasterCore

/// The reference app's microCMS force-update object: versions and a date window that must update.
public struct ForcedWindow: Codable, Sendable, Equatable {
    public var title: String
    public var message: String
    public var startDate: String
    public var endDate: String
    public var minAppVersion: String
    public var maxAppVersion: String
    public var buttonTitle: String
    public var url: String

    enum CodingKeys: String, CodingKey, CaseIterable {
        case title, message, startDate, endDate, minAppVersion, maxAppVersion, buttonTitle, url
    }
}

extension ForcedWindow {
    /// What the window asks of the app, as the CMS serving it states it; the dates of a
    /// validated policy always parse.
    public var sourceAnswer: SourceAnswer {
        SourceAnswer(forcedRange: ForcedRange(minAppVersion: minAppVersion, maxAppVersion: maxAppVersion,
                                              start: ISO8601.parse(startDate), end: ISO8601.parse(endDate)),
                     texts: AlertTextOverride(title: title, message: message, buttonTitle: buttonTitle), updateURL: url)
    }
}
