/// A CMS API endpoint name.
public struct CMSPlace: Codable, Sendable, Equatable {
    public var endpoint: String
}
