/// A CMS API endpoint name.
public struct CMSPlace: Codable, Sendable, Equatable {
    public var endpoint: String

    enum CodingKeys: String, CodingKey, CaseIterable {
        case endpoint
    }
}
