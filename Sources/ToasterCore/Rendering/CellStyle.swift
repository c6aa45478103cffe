/// The role of a cell on screen. Each role is a key of a theme file (`themes/*.toml`), which
/// gives it colours and attributes.
public enum CellStyle: String, Sendable, CaseIterable {
    case backdrop
    /// The screen under an alert.
    case dimmed
    case titleBar = "title-bar"
    case heading
    case link
    case selectedLink = "selected-link"
    case statusLine = "status-line"
    case hint
    case launchScreen = "launch-screen"
    case alertBorder = "alert-border"
    case alertTitle = "alert-title"
    case alertMessage = "alert-message"
    case button
    case focusedButton = "focused-button"
    /// The simulated App Store and browser screens.
    case storeText = "store"
    case progressBar = "progress-bar"
    /// Preflight's storefront board: one role per state of a storefront (each also has a glyph).
    case boardServed = "board-served"
    case boardWaiting = "board-waiting"
    case boardNotListed = "board-not-listed"
    case boardDeadEnd = "board-dead-end"
    case boardUnanswered = "board-unanswered"
    /// Not asked yet, or being asked.
    case boardPending = "board-pending"
}
