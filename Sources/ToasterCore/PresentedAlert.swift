/// The alert on screen, the URL its update button opens, and which button has the focus.
public struct PresentedAlert: Sendable, Equatable {
    public let model: AlertModel
    public let updateURL: String
    /// `업데이트`, the last button, has the focus first.
    public var focusedIndex: Int

    init(_ model: AlertModel, updateURL: String) {
        self.model = model
        self.updateURL = updateURL
        focusedIndex = model.buttons.count - 1
    }
}
