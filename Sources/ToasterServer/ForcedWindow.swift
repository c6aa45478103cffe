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
