/// Whether the app must, may or need not update.
public enum Decision: String, Sendable, Codable {
    case none, optional, forced
}
