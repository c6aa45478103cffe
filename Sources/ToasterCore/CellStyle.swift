/// The role of a cell on screen; the terminal module maps each role to colours and attributes.
public enum CellStyle: String, Sendable, CaseIterable {
    case backdrop
    /// The screen under an alert.
    case dimmed
    case titleBar
    case heading
    case link
    case selectedLink
    case statusLine
    case hint
    case launchScreen
    case alertBorder
    case alertTitle
    case alertMessage
    case button
    case focusedButton
    case storeText
    case progressBar
}
