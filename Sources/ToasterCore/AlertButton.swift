/// One action of an alert, like a `UIAlertAction`.
public struct AlertButton: Sendable, Equatable {
    public enum Role: String, Sendable {
        /// Dismisses an optional alert (`다음에`).
        case later
        /// Dismisses an optional alert and never offers this store version again.
        case skip
        /// Opens the update URL (`업데이트`).
        case update
    }

    public let role: Role
    public let title: String
}
