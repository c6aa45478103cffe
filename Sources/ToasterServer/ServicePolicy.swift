/// The policy file of toaster-server (docs/06-server.md): every answer of every route comes
/// from it.
public struct ServicePolicy: Codable, Sendable, Equatable {
    public var apps: [AppPolicy]

    enum CodingKeys: String, CodingKey, CaseIterable {
        case apps
    }
}
