/// The policy file of toaster-server (docs/06-server.md): every answer of every route comes
/// from it.
public struct ServicePolicy: Decodable, Sendable, Equatable {
    /// The largest policy document read or accepted: by the server from its file and in a
    /// `PUT /admin/policy`, and by `toastercli preflight --policy`.
    public static let maximumBytes = 1 << 20

    public var apps: [AppPolicy]

    enum CodingKeys: String, CodingKey, CaseIterable {
        case apps
    }
}
