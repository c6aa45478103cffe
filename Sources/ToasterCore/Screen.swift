/// The app's own screen, under any alert.
public enum Screen: Sendable, Equatable {
    case launch
    case home
    /// A link opened inside the app from the home list.
    case linkPage(url: String)
}
