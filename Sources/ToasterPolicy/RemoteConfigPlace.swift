/// A Remote Config project and namespace.
public struct RemoteConfigPlace: Codable, Sendable, Equatable {
    public var project: String
    public var namespace: String

    enum CodingKeys: String, CodingKey, CaseIterable {
        case project, namespace
    }
}
